// The comment domain's tables (issue 40): comments and replies on wall poems, their reports, and the poems whose
// poet turned comments off. Other domains read them only through the functions below.
import type { Core } from '@strapi/strapi';
import type { CommentStatus } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const COMMENT = 'api::comment.comment' as const;
export const COMMENT_REPORT = 'api::comment.comment-report' as const;
export const COMMENT_CLOSURE = 'api::comment.comment-closure' as const;

export type CommentRow = RowOf<typeof COMMENT, { moderationStatus: CommentStatus }>;
export type CommentReportRow = RowOf<typeof COMMENT_REPORT>;

export function commentRepository(strapi: Core.Strapi) {
  const comments = () => strapi.db.query(COMMENT);
  return {
    /** How many comments readers see under each of these posts (replies included). */
    async shownCounts(postIds: readonly number[]): Promise<Map<number, number>> {
      if (postIds.length === 0) return new Map();
      const rows: { post_id: number; n: number | string }[] = await strapi.db
        .connection(strapi.db.metadata.get(COMMENT).tableName)
        .select('post_id')
        .count({ n: '*' })
        .whereIn('post_id', [...postIds])
        .where('moderation_status', 'approved')
        .groupBy('post_id');
      return new Map(rows.map((row) => [row.post_id, Number(row.n)]));
    },

    /** Everything kept about these posts' comments: the comments, their reports, and whether comments were off. */
    async removeForPosts(postIds: readonly number[]): Promise<void> {
      if (postIds.length === 0) return;
      const ids: number[] = (await comments().findMany({ where: { postId: { $in: [...postIds] } }, select: ['id'] })).map((row: { id: number }) => row.id);
      if (ids.length) await strapi.db.query(COMMENT_REPORT).deleteMany({ where: { commentId: { $in: ids } } });
      await comments().deleteMany({ where: { postId: { $in: [...postIds] } } });
      await strapi.db.query(COMMENT_CLOSURE).deleteMany({ where: { postId: { $in: [...postIds] } } });
    },

    /** Whether this poet has ever had a comment let through (their first one waits for a moderator). */
    async hasHadOneApproved(authorId: number): Promise<boolean> {
      return (await comments().count({ where: { authorId, approvedAt: { $notNull: true } } })) > 0;
    },
  };
}
