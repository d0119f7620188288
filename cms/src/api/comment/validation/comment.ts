// The boundary of the comment routes: bodies and queries are the shared request schemas
// (packages/shared/src/schemas/comments.ts); the numbers of a path are parsed here.
import { z } from 'zod';
import type { commentDecisionBody, commentModerationQuery, commentReportBody, commentsQuery, newCommentBody } from '@writory/shared';

export { commentDecisionBody, commentModerationQuery, commentReportBody, commentsOpenBody, commentsQuery, newCommentBody } from '@writory/shared';
export type NewCommentBody = z.output<typeof newCommentBody>;
export type CommentsQuery = z.output<typeof commentsQuery>;
export type CommentReportBody = z.output<typeof commentReportBody>;
export type CommentDecisionBody = z.output<typeof commentDecisionBody>;
export type CommentModerationQuery = z.output<typeof commentModerationQuery>;

const number = (what: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: `must be a ${what} number such as 42` })
    .transform(Number);

/** :id of a wall poem. */
export const postParams = z.object({ id: number('post') });
/** :id of a comment. */
export const commentParams = z.object({ id: number('comment') });
