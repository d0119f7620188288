// The boundary of /api/wall* and /api/admin/wall*: bodies and queries are the shared request schemas
// (packages/shared/src/schemas/wall.ts); the post id of a path is parsed here.
import { z } from 'zod';
import type { decisionBody, moderationQuery, newPostBody, newReportBody, wallQuery } from '@writory/shared';

export { decisionBody, likedQuery, moderationQuery, newPostBody, newReportBody, wallQuery } from '@writory/shared';
export type NewPostBody = z.output<typeof newPostBody>;
export type NewReportBody = z.output<typeof newReportBody>;
export type DecisionBody = z.output<typeof decisionBody>;
export type WallQuery = z.output<typeof wallQuery>;
export type ModerationQuery = z.output<typeof moderationQuery>;

/** :id of a post: a positive whole number. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: 'must be a post number such as 42' })
    .transform(Number),
});
