// The boundary of /api/track-visit-realtime and /api/admin/visits/*: every input is parsed here.
import { z } from 'zod';
import { VISIT_DEVICES, VISIT_USER_TYPES } from '@writory/shared';

/** The largest tracking body accepted, in bytes (a visit is a few hundred). */
export const MAX_VISIT_BYTES = 4096;
export const MAX_RANGE_DAYS = 366;
/** An anonymous visitor's id: the browser's random UUID, or any 8–128 letters, digits, - and _. */
export const ANONYMOUS_ID = /^[A-Za-z0-9_-]{8,128}$/;
const CLOCK_SKEW_MS = 24 * 60 * 60_000;

const optionalText = (max: number) =>
  z.string({ error: 'must be text or null' }).max(max, { error: `must be at most ${max} characters` }).nullish();

/** A same-site path: its query and fragment are dropped (they may carry codes), a trailing slash too. */
const pagePath = z
  .string({ error: 'must be a path such as /about' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine((value) => value.startsWith('/') && !value.startsWith('//'), { error: 'must be a path on this site, starting with /' })
  .transform((value) => {
    const path = value.split(/[?#]/, 1)[0];
    return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  })
  .refine((path) => path.length <= 512, { error: 'must be at most 512 characters without its query' });

const TIMESTAMP_MESSAGE = 'must be an ISO 8601 date-time or milliseconds since 1970';
const timestamp = z
  .union([z.iso.datetime({ offset: true, error: TIMESTAMP_MESSAGE }), z.number({ error: TIMESTAMP_MESSAGE }).int({ error: TIMESTAMP_MESSAGE })], {
    error: TIMESTAMP_MESSAGE,
  })
  .refine(
    (value) => {
      const at = typeof value === 'number' ? value : Date.parse(value);
      return Number.isFinite(at) && Math.abs(at - Date.now()) <= CLOCK_SKEW_MS;
    },
    { error: 'must be within a day of now' },
  );

export const trackVisitBody = z.object(
  {
    userID: z.string({ error: 'must be text' }).trim().min(1, { error: 'is required' }).max(128, { error: 'must be at most 128 characters' }),
    userType: z.enum(VISIT_USER_TYPES, { error: 'must be "logged-in" or "anonymous"' }),
    pageVisited: pagePath,
    timestamp,
    email: optionalText(254),
    username: optionalText(120),
    device: z.enum(VISIT_DEVICES, { error: 'must be "mobile" or "desktop"' }),
  },
  { error: 'Send the visit as a JSON object.' },
);
export type TrackVisitInput = z.infer<typeof trackVisitBody>;

const day = z.iso.date({ error: 'must be a date written YYYY-MM-DD' });

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included, in the contest time zone. */
export const dayRange = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { error: 'from must be on or before to', path: ['from'] })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    error: `the range must be at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  });
export type DayRange = z.infer<typeof dayRange>;
