import type { Core } from '@strapi/strapi';
import {
  COMMENT_MODERATION_FILTERS,
  type CommentModerationFilter,
  type CommentModerationItem,
  type CommentModerationPage,
  type CommentStatus,
} from '@writory/shared';
import { ApiError, forbidden } from '../../../lib/api-error';
import { REPORTS_PER_ITEM, decisionColumns, keptReason, queuePage, reportsByItem, type Moderator } from '../../../lib/moderation';
import { getService } from '../../../services';
import { userRepository } from '../../user/repository';
import { wallPostRepository } from '../../wall-post/repository';
import { DECISIONS, authorOf, critiqueOf, decisionRefusal } from '../lib/comments';
import { COMMENT_MESSAGES, COMMENT_NOTICES } from '../messages';
import { COMMENT, COMMENT_REPORT, type CommentReportRow, type CommentRow } from '../repository';
import type { CommentDecisionBody, CommentModerationQuery } from '../validation/comment';
import type { Message } from '../../../lib/messages';

const FILTERS: Record<CommentModerationFilter, { where: object; orderBy: object[] }> = {
  pending: { where: { moderationStatus: 'pending' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  reported: {
    where: { $or: [{ moderationStatus: 'held' }, { moderationStatus: 'approved', openReports: { $gt: 0 } }] },
    orderBy: [{ openReports: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
  },
  hidden: { where: { moderationStatus: 'hidden' }, orderBy: [{ moderatedAt: 'desc' }, { id: 'desc' }] },
};

/** 409: another moderator decided on the comment after this moderator's list showed it (`status`: what it is now). */
const decidedMeanwhile = (id: number, status: CommentStatus | null, seen: CommentStatus) =>
  new ApiError(
    409,
    COMMENT_MESSAGES['comment.decided-meanwhile'],
    { id, seen, ...(status ? { status } : {}), code: 'comment.decided-meanwhile' },
    'ConflictError',
  );

/** The moderators' list of comments (first comments waiting, reported, hidden) and every decision on one. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const comments = () => strapi.db.query(COMMENT);
  const reports = () => strapi.db.query(COMMENT_REPORT);

  async function items(rows: CommentRow[], viewer: Moderator): Promise<CommentModerationItem[]> {
    const ids = rows.map((row) => row.id);
    const [reportRows, titles, people] = await Promise.all([
      ids.length
        ? (reports().findMany({
            where: { commentId: { $in: ids } },
            orderBy: [{ reportStatus: 'asc' }, { createdAt: 'desc' }],
            limit: REPORTS_PER_ITEM * ids.length,
          }) as Promise<CommentReportRow[]>)
        : Promise.resolve([] as CommentReportRow[]),
      wallPostRepository(strapi).titles([...new Set(rows.map((row) => row.postId))]),
      userRepository(strapi).withPictures([...new Set(rows.map((row) => row.authorId))], ['name']),
    ]);
    const byComment = reportsByItem(reportRows, (report) => report.commentId);
    const byPerson = new Map(people.map((person) => [person.id, person]));
    return rows.map((row) => ({
      id: row.id,
      postId: row.postId,
      postTitle: titles.get(row.postId) ?? '',
      parentId: row.parentId ?? null,
      text: row.text ?? '',
      critique: critiqueOf(row),
      author: { ...authorOf(byPerson.get(row.authorId)), id: row.authorId },
      own: row.authorId === viewer.id,
      status: row.moderationStatus,
      reason: row.moderationReason ?? null,
      openReports: row.openReports ?? 0,
      reports: byComment.get(row.id) ?? [],
      createdAt: new Date(row.createdAt as string).toISOString(),
    }));
  }

  /** Inside the decision's transaction: open reports resolved, the author told, and on a first approval the poem's poet too. */
  async function settle(row: CommentRow, from: CommentStatus, to: CommentStatus, reason: string | null) {
    await reports().updateMany({ where: { commentId: row.id, reportStatus: 'open' }, data: { reportStatus: 'resolved', resolvedAt: new Date() } });
    if (from === to) return;
    const title = (await wallPostRepository(strapi).titles([row.postId])).get(row.postId) ?? '';
    const post = { id: row.postId, title };
    const notify = (notice: { title: Message; message: Message; link: string }) =>
      getService(strapi, 'api::notification.notification').notify(row.authorId, notice);
    if (to === 'hidden') await notify(COMMENT_NOTICES['comment.hidden'](post, reason));
    else if (to === 'rejected') await notify(COMMENT_NOTICES['comment.rejected'](post, reason));
    else if (to === 'approved' && (from === 'hidden' || from === 'held')) await notify(COMMENT_NOTICES['comment.restored'](post, row.id));
    else if (to === 'approved') {
      await notify(COMMENT_NOTICES['comment.approved'](post, row.id));
      const onTheWall = await wallPostRepository(strapi).onTheWall(row.postId);
      if (onTheWall) await getService(strapi, 'api::comment.comments').notifyOf(row, onTheWall);
    }
  }

  return {
    async queue(viewer: Moderator, { filter, page, pageSize }: CommentModerationQuery): Promise<CommentModerationPage> {
      const { orderBy } = FILTERS[filter];
      const { rows, counts, pagination } = await queuePage(
        comments(),
        FILTERS,
        COMMENT_MODERATION_FILTERS,
        filter,
        { page, pageSize },
        (where, offset, limit) => comments().findMany({ where, orderBy, offset, limit }) as Promise<CommentRow[]>,
      );
      return { items: await items(rows, viewer), counts, pagination };
    },

    /**
     * approve, reject (with a reason), hide (with a reason), restore, or dismiss the reports of a shown comment.
     * Nobody decides on their own comment; a decision applies only to the state the moderator saw (`seen`: 409 otherwise).
     */
    async decide(moderator: Moderator, id: number, { action, seen, reason }: CommentDecisionBody): Promise<CommentModerationItem> {
      const row = (await comments().findOne({ where: { id } })) as CommentRow | null;
      if (!row) throw new ApiError(404, COMMENT_MESSAGES['comment.not-found'](id), { id, code: 'comment.not-found' }, 'NotFoundError');
      if (row.authorId === moderator.id) throw forbidden(COMMENT_MESSAGES['comment.moderate-own'], { code: 'comment.moderate-own' });
      if (row.moderationStatus !== seen) throw decidedMeanwhile(id, row.moderationStatus, seen);
      const refusal = decisionRefusal(action, row.moderationStatus, row.openReports ?? 0);
      if (refusal) {
        const message =
          'noReports' in refusal
            ? COMMENT_MESSAGES['comment.no-reports']
            : COMMENT_MESSAGES['comment.decision-refused'](action, refusal.status, refusal.allowed);
        throw new ApiError(
          409,
          message,
          { status: row.moderationStatus, action, code: 'noReports' in refusal ? 'comment.no-reports' : 'comment.decision-refused' },
          'ConflictError',
        );
      }
      const { to } = DECISIONS[action];
      const kept = keptReason(to, reason);
      await strapi.db.transaction(async () => {
        const { count } = await comments().updateMany({
          where: { id, moderationStatus: row.moderationStatus },
          data: decisionColumns(moderator, { to, kept, firstApproval: !row.approvedAt, now: new Date() }),
        });
        if (count === 0) throw decidedMeanwhile(id, null, seen);
        await settle(row, row.moderationStatus, to, kept);
      });
      const [item] = await items([(await comments().findOne({ where: { id } })) as CommentRow], moderator);
      return item;
    },
  };
};
