// The boundary of /api/feedback and /api/admin/feedback: the shared request schemas (packages/shared/src/schemas/admin.ts).
import type { z } from 'zod';
import type { feedbackBody, feedbackListQuery } from '@writory/shared';

export { feedbackBody, feedbackListQuery } from '@writory/shared';
export type FeedbackInput = z.output<typeof feedbackBody>;
export type FeedbackListQuery = z.output<typeof feedbackListQuery>;
