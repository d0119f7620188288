import type { Core } from '@strapi/strapi';
import { COMMENT_REPLIES_MAX, type WallComment, type WallCommentPage } from '@writory/shared';
import { ApiError, forbidden } from '../../../lib/api-error';
import { isUniqueViolation } from '../../../lib/db';
import { getService } from '../../../services';
import { blockRepository } from '../../block/repository';
import { poetRepository } from '../../poet/repository';
import { userRepository } from '../../user/repository';
import { type PublicWallPost, wallPostRepository } from '../../wall-post/repository';
import { authorOf, decodeCursor, encodeCursor, toComment } from '../lib/comments';
import { COMMENT_MESSAGES, COMMENT_NOTICES } from '../messages';
import { COMMENT, COMMENT_CLOSURE, COMMENT_REPORT, type CommentRow, commentRepository } from '../repository';
import type { CommentReportBody, CommentsQuery, NewCommentBody } from '../validation/comment';
import { msg, say } from '../../../lib/messages';

interface Viewer {
  id: number;
}

export const postNotFound = (postId: number) =>
  new ApiError(404, COMMENT_MESSAGES['comment.post-not-found'](postId), { id: postId, code: 'comment.post-not-found' }, 'NotFoundError');
export const commentNotFound = (id: number) => new ApiError(404, COMMENT_MESSAGES['comment.not-found'](id), { id, code: 'comment.not-found' }, 'NotFoundError');
const refused = (code: 'comment.closed' | 'comment.blocked-by-poet' | 'comment.blocked-by-author' | 'comment.not-poem-poet' | 'comment.report-own') =>
  forbidden(COMMENT_MESSAGES[code], { code });

/**
 * Comments and critique on wall poems as readers and poets meet them: reading a poem's comments (keyset pages of
 * top-level comments, each with its replies), writing one, replying one level deep, the poem's poet turning
 * comments off (existing ones stay, read-only), reporting, and blocking a comment's author.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const comments = () => strapi.db.query(COMMENT);
  const reports = () => strapi.db.query(COMMENT_REPORT);
  const closures = () => strapi.db.query(COMMENT_CLOSURE);
  const commentsTable = () => strapi.db.metadata.get(COMMENT).tableName;
  const limits = () => getService(strapi, 'api::comment.limits');
  const blocks = () => blockRepository(strapi);

  async function poemOnTheWall(postId: number): Promise<PublicWallPost> {
    const post = await wallPostRepository(strapi).onTheWall(postId);
    if (!post) throw postNotFound(postId);
    return post;
  }

  const isOpen = async (postId: number) => (await closures().count({ where: { postId } })) === 0;

  /** Shown comments, and the reader's own ones still waiting for a moderator. */
  const visibleTo = (viewer: Viewer | null) =>
    viewer ? { $or: [{ moderationStatus: 'approved' }, { authorId: viewer.id, moderationStatus: 'pending' }] } : { moderationStatus: 'approved' };

  /** The comments' authors as readers see them, each name linked to the author's public page when they have one. */
  async function authors(rows: CommentRow[]) {
    const ids = [...new Set(rows.map((row) => row.authorId))];
    const [people, handles] = await Promise.all([userRepository(strapi).withPictures(ids, ['name']), poetRepository(strapi).publicHandlesOf(ids)]);
    return new Map(people.map((person) => [person.id, authorOf(person, handles.get(person.id) ?? null)]));
  }

  /** Tells the poem's poet and, for a reply, the comment's author (never the writer themselves); inside the caller's transaction. */
  async function notifyOf(row: CommentRow, post: Pick<PublicWallPost, 'id' | 'title' | 'poetId'>) {
    const notifications = getService(strapi, 'api::notification.notification');
    const parent = row.parentId
      ? ((await comments().findOne({ where: { id: row.parentId }, select: ['authorId'] })) as Pick<CommentRow, 'authorId'> | null)
      : null;
    const told = new Set<number>([row.authorId]);
    if (parent && !told.has(parent.authorId)) {
      told.add(parent.authorId);
      await notifications.notify(parent.authorId, COMMENT_NOTICES['comment.reply-to-you'](post, row.id));
    }
    if (post.poetId && !told.has(post.poetId)) {
      await notifications.notify(post.poetId, COMMENT_NOTICES['comment.new-on-your-poem'](post, row.id, Boolean(row.critiqueWorks)));
    }
  }

  return {
    notifyOf,

    /** A page of a poem's comments, oldest first; 404 when the poem is not on the wall. */
    async page(postId: number, { pageSize, cursor }: CommentsQuery, viewer: Viewer | null): Promise<WallCommentPage> {
      const post = await poemOnTheWall(postId);
      const [open, top] = await Promise.all([
        isOpen(postId),
        comments().findMany({
          where: { $and: [{ postId, parentId: { $null: true } }, visibleTo(viewer), ...(cursor ? [{ id: { $gt: decodeCursor(cursor) } }] : [])] },
          orderBy: [{ id: 'asc' }],
          limit: pageSize + 1,
        }) as Promise<CommentRow[]>,
      ]);
      const shown = top.slice(0, pageSize);
      const replies: CommentRow[] = shown.length
        ? await comments().findMany({
            where: { $and: [{ postId, parentId: { $in: shown.map((row) => row.id) } }, visibleTo(viewer)] },
            orderBy: [{ id: 'asc' }],
            limit: COMMENT_REPLIES_MAX * shown.length,
          })
        : [];
      const people = await authors([...shown, ...replies]);
      const viewerId = viewer?.id ?? null;
      const view = (row: CommentRow, under: WallComment[] = []) => toComment(row, people.get(row.authorId) ?? authorOf(undefined), viewerId, under);
      const byParent = new Map<number, WallComment[]>();
      for (const reply of replies) {
        const list = byParent.get(reply.parentId as number) ?? [];
        if (list.length < COMMENT_REPLIES_MAX) list.push(view(reply));
        byParent.set(reply.parentId as number, list);
      }
      return {
        postId,
        open,
        comments: shown.map((row) => view(row, byParent.get(row.id) ?? [])),
        pagination: { pageSize, nextCursor: top.length > pageSize ? encodeCursor(shown[shown.length - 1].id) : null },
        viewer: viewer
          ? { isPoemPoet: post.poetId === viewer.id, blockedByPoet: post.poetId !== null && (await blocks().isBlocked(post.poetId, viewer.id)) }
          : null,
      };
    },

    /**
     * A comment, a critique or a reply on a poem on the wall. A poet's first comment waits for a moderator (until
     * one of theirs has been let through); later ones show at once and tell the poem's poet (and, for a reply,
     * the comment's author) through the bell.
     */
    async create(user: Viewer, postId: number, input: NewCommentBody): Promise<WallComment> {
      const post = await poemOnTheWall(postId);
      if (!(await isOpen(postId))) throw refused('comment.closed');
      if (post.poetId && (await blocks().isBlocked(post.poetId, user.id))) throw refused('comment.blocked-by-poet');
      if (input.parentId) {
        const parent = (await comments().findOne({ where: { id: input.parentId, postId, moderationStatus: 'approved' } })) as CommentRow | null;
        if (!parent)
          throw new ApiError(
            404,
            COMMENT_MESSAGES['comment.parent-not-found'](input.parentId),
            { id: input.parentId, code: 'comment.parent-not-found' },
            'NotFoundError',
          );
        if (parent.parentId)
          throw new ApiError(
            422,
            msg('field.named', { field: 'parentId', message: COMMENT_MESSAGES['comment.reply-depth'] }),
            { code: 'comment.reply-depth', errors: [{ path: ['parentId'], message: say(COMMENT_MESSAGES['comment.reply-depth']), name: 'ValidationError' }] },
            'ValidationError',
          );
        if (await blocks().isBlocked(parent.authorId, user.id)) throw refused('comment.blocked-by-author');
      }
      await limits().comments.consume(user.id);
      const shown = await commentRepository(strapi).hasHadOneApproved(user.id);
      const now = new Date();
      const row = await strapi.db.transaction(async () => {
        const created = (await comments().create({
          data: {
            postId,
            authorId: user.id,
            parentId: input.parentId ?? null,
            text: input.text || null,
            critiqueWorks: input.critique?.works ?? null,
            critiqueStronger: input.critique?.stronger ?? null,
            moderationStatus: shown ? 'approved' : 'pending',
            openReports: 0,
            approvedAt: shown ? now : null,
          },
        })) as CommentRow;
        if (shown) await notifyOf(created, post);
        return created;
      });
      return toComment(row, (await authors([row])).get(user.id) ?? authorOf(undefined), user.id);
    },

    /** The poem's poet turns its comments off (existing comments stay, read-only) or on again. */
    async setOpen(user: Viewer, postId: number, open: boolean): Promise<{ open: boolean }> {
      const post = await poemOnTheWall(postId);
      if (post.poetId !== user.id) throw refused('comment.not-poem-poet');
      if (open) await closures().deleteMany({ where: { postId } });
      else if (await isOpen(postId)) {
        try {
          await closures().create({ data: { postId } });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      return { open };
    },

    /**
     * Reports a shown comment, once per poet. WALL_REPORTS_TO_HOLD open reports from different poets take it down
     * ("held") until a moderator restores or hides it. The author never learns who reported.
     */
    async report(user: Viewer, commentId: number, input: CommentReportBody): Promise<{ held: boolean }> {
      const comment = (await comments().findOne({ where: { id: commentId, moderationStatus: 'approved' }, select: ['id', 'authorId'] })) as CommentRow | null;
      if (!comment) throw commentNotFound(commentId);
      if (comment.authorId === user.id) throw refused('comment.report-own');
      const duplicate = () => new ApiError(409, COMMENT_MESSAGES['comment.report-twice'], { id: commentId, code: 'comment.report-twice' }, 'ConflictError');
      if (await reports().count({ where: { commentId, reporterId: user.id } })) throw duplicate();
      await limits().reports.consume(user.id);
      const threshold = limits().reportsToHold;
      let held = false;
      try {
        await strapi.db.transaction(async ({ trx }) => {
          await reports().create({ data: { commentId, reporterId: user.id, reason: input.reason, note: input.note || null, reportStatus: 'open' } });
          await trx(commentsTable()).where({ id: commentId }).increment('open_reports', 1);
          const updated = await trx(commentsTable())
            .where({ id: commentId, moderation_status: 'approved' })
            .where('open_reports', '>=', threshold)
            .update({ moderation_status: 'held' });
          held = updated > 0;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      return { held };
    },

    /** Blocks the poet who wrote a comment the reader can see; quiet (the author is not told). */
    async blockAuthor(user: Viewer, commentId: number): Promise<{ blocked: true }> {
      const comment = (await comments().findOne({ where: { id: commentId, moderationStatus: 'approved' }, select: ['id', 'authorId'] })) as CommentRow | null;
      if (!comment) throw commentNotFound(commentId);
      await getService(strapi, 'api::block.block').block(user.id, comment.authorId);
      return { blocked: true };
    },
  };
};
