// The boundary of /api/track-visit-realtime and /api/admin/visits/*: the shared request schemas (packages/shared/src/schemas/admin.ts).
import type { z } from 'zod';
import type { dayRange, trackVisitBody } from '@writory/shared';

export { dayRange, MAX_VISIT_BYTES, trackVisitBody } from '@writory/shared';
export type TrackVisitInput = z.output<typeof trackVisitBody>;
export type DayRange = z.output<typeof dayRange>;

/** An anonymous visitor's id: the browser's random UUID, or any 8–128 letters, digits, - and _. */
export const ANONYMOUS_ID = /^[A-Za-z0-9_-]{8,128}$/;
