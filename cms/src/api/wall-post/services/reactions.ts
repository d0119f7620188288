import type { Core } from '@strapi/strapi';
import type { WallLikeState } from '@writory/shared';
import { ApiError, forbidden } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { LIKE, POST, REPORT } from '../lib/posts';
import type { NewReportBody } from '../validation/wall';
import { notOnTheWall } from './posts';
import { getService } from '../../../services';

/** A unique index refused the row (SQLite and PostgreSQL word it differently). */
export const isUniqueViolation = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|duplicate key value/i.test(message ?? '');
};

/**
 * Likes and reports. A like is one row per poet and post (unique index), the post keeps a count beside it for
 * the most-liked view; a report is one per poet and post, and enough open ones hold the post until a moderator looks.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const posts = () => strapi.db.query(POST);
  const likes = () => strapi.db.query(LIKE);
  const reports = () => strapi.db.query(REPORT);
  const postsTable = () => strapi.db.metadata.get(POST).tableName;
  const limits = () => getService(strapi, 'api::wall-post.limits');

  async function publicPost(id: number): Promise<{ id: number; poet: { id: number } | null }> {
    const post = await posts().findOne({ where: { id, moderationStatus: 'approved' }, select: ['id'], populate: { poet: { select: ['id'] } } });
    if (!post) throw notOnTheWall(id);
    return post;
  }

  async function likeState(userId: number, postId: number): Promise<WallLikeState> {
    const [post, mine] = await Promise.all([posts().findOne({ where: { id: postId }, select: ['likesCount'] }), likes().count({ where: { postId, userId } })]);
    return { liked: mine > 0, likes: post?.likesCount ?? 0 };
  }

  return {
    /** Likes a post on the wall; liking it again changes nothing. */
    async like(user: { id: number }, postId: number): Promise<WallLikeState> {
      await publicPost(postId);
      await limits().likes.consume(user.id);
      try {
        await strapi.db.transaction(async ({ trx }) => {
          if (await likes().count({ where: { postId, userId: user.id } })) return;
          await likes().create({ data: { postId, userId: user.id } });
          await trx(postsTable()).where({ id: postId }).increment('likes_count', 1);
        });
      } catch (error) {
        // Two likes of one poet at the same moment: the unique index keeps one, the other is that same like.
        if (!isUniqueViolation(error)) throw error;
      }
      return likeState(user.id, postId);
    },

    /** Takes a like back; unliking a post one does not like changes nothing. */
    async unlike(user: { id: number }, postId: number): Promise<WallLikeState> {
      await publicPost(postId);
      await limits().likes.consume(user.id);
      await strapi.db.transaction(async ({ trx }) => {
        const { count } = await likes().deleteMany({ where: { postId, userId: user.id } });
        if (count > 0) await trx(postsTable()).where({ id: postId }).where('likes_count', '>', 0).decrement('likes_count', count);
      });
      return likeState(user.id, postId);
    },

    /**
     * Reports a post on the wall, once per poet. When WALL_REPORTS_TO_HOLD open reports are reached the post is
     * held: off the wall until a moderator restores or hides it. Returns whether this report held it.
     */
    async report(user: { id: number }, postId: number, input: NewReportBody): Promise<{ held: boolean }> {
      const post = await publicPost(postId);
      if (post.poet?.id === user.id) throw forbidden(msg('wall.reportOwn'));
      const duplicate = () => new ApiError(409, msg('wall.alreadyReported'), { id: postId }, 'ConflictError');
      if (await reports().count({ where: { postId, reporterId: user.id } })) throw duplicate();
      await limits().reports.consume(user.id);
      const threshold = limits().reportsToHold;
      let held = false;
      try {
        await strapi.db.transaction(async ({ trx }) => {
          await reports().create({ data: { post: postId, postId, reporterId: user.id, reason: input.reason, note: input.note || null, reportStatus: 'open' } });
          await trx(postsTable()).where({ id: postId }).increment('open_reports', 1);
          const updated = await trx(postsTable())
            .where({ id: postId, moderation_status: 'approved' })
            .where('open_reports', '>=', threshold)
            .update({ moderation_status: 'held' });
          held = updated > 0;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      if (held) getService(strapi, 'api::wall-post.posts').changed({ rebuild: true });
      return { held };
    },
  };
};
