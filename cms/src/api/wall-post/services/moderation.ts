import type { Core } from '@strapi/strapi';
import {
  WALL_MODERATION_FILTERS,
  type WallModerationFilter,
  type WallModerationItem,
  type WallModerationPage,
  type WallReportView,
  type WallStatus,
} from '@writory/shared';
import { ApiError, forbidden } from '../../../lib/api-error';
import { REPORTS_PER_ITEM, decisionColumns, keptReason, queuePage, reportsByItem, type Moderator } from '../../../lib/moderation';
import { DECISIONS, POST, REPORT, decisionNoticeMessage, decisionRefusal, isPublic, poetOf, type PostRow } from '../lib/posts';
import type { DecisionBody, ModerationQuery } from '../validation/wall';
import { getService } from '../../../services';
import type { WallListener } from '../repository';
import { msg } from '../../../lib/messages';

const FILTERS: Record<WallModerationFilter, { where: object; orderBy: object[] }> = {
  pending: { where: { moderationStatus: 'pending' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  reported: {
    where: { $or: [{ moderationStatus: 'held' }, { openReports: { $gt: 0 } }] },
    orderBy: [{ openReports: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
  },
  approved: { where: { moderationStatus: 'approved' }, orderBy: [{ approvedAt: 'desc' }, { id: 'desc' }] },
  hidden: { where: { moderationStatus: 'hidden' }, orderBy: [{ moderatedAt: 'desc' }, { id: 'desc' }] },
  rejected: { where: { moderationStatus: 'rejected' }, orderBy: [{ moderatedAt: 'desc' }, { id: 'desc' }] },
};

/** 409: another moderator decided on the poem after this moderator's queue showed it (`status`: what it is now). */
const decidedMeanwhile = (id: number, status: WallStatus | null, seen: WallStatus) =>
  new ApiError(409, msg('wall.decidedMeanwhile'), { id, seen, ...(status ? { status } : {}) }, 'ConflictError');

/** The moderation queue and every decision on a post, wherever it is taken (site or Strapi panel). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const posts = () => strapi.db.query(POST);
  const reports = () => strapi.db.query(REPORT);
  const publicPosts = () => getService(strapi, 'api::wall-post.posts');

  function toItem(row: PostRow, viewer: Moderator, reportRows: WallReportView[]): WallModerationItem {
    return {
      id: row.id,
      title: row.title,
      text: row.text,
      language: row.language,
      status: row.moderationStatus,
      reason: row.moderationReason ?? null,
      poet: { ...poetOf(row), id: row.poet?.id ?? 0 },
      own: row.poet?.id === viewer.id,
      likes: row.likesCount ?? 0,
      openReports: row.openReports ?? 0,
      reports: reportRows,
      flags: row.prefilterFlags ?? [],
      similar: row.similarity ?? [],
      createdAt: new Date(row.createdAt).toISOString(),
      moderatedAt: row.moderatedAt ? new Date(row.moderatedAt).toISOString() : null,
    };
  }

  async function reportsOf(postIds: number[]): Promise<Map<number, WallReportView[]>> {
    if (postIds.length === 0) return new Map();
    const rows = await reports().findMany({
      where: { postId: { $in: postIds } },
      orderBy: [{ reportStatus: 'asc' }, { createdAt: 'desc' }],
      select: ['id', 'postId', 'reason', 'note', 'reportStatus', 'createdAt'],
      limit: REPORTS_PER_ITEM * postIds.length,
    });
    return reportsByItem(rows, (row: { postId: number }) => row.postId);
  }

  async function items(rows: PostRow[], viewer: Moderator): Promise<WallModerationItem[]> {
    const byPost = await reportsOf(rows.map((row) => row.id));
    return rows.map((row) => toItem(row, viewer, byPost.get(row.id) ?? []));
  }

  const POPULATE = { poet: { select: ['id', 'name'], populate: { profilePicture: { select: ['url'] } } } };

  /**
   * What follows a decision, taken on the site or in the panel, inside its transaction: the post's open reports
   * are resolved and the poet is told.
   */
  async function settle(post: { id: number; title: string; poetId: number | null }, from: WallStatus, to: WallStatus, reason: string | null) {
    await reports().updateMany({ where: { postId: post.id, reportStatus: 'open' }, data: { reportStatus: 'resolved', resolvedAt: new Date() } });
    const notice = decisionNoticeMessage(post, from, to, reason);
    if (notice && post.poetId) await getService(strapi, 'api::notification.notification').notify(post.poetId, notice);
    // A poem shared for the first time (approved from waiting or rejected): the domains that listen are told.
    if (to === 'approved' && (from === 'pending' || from === 'rejected') && post.poetId) {
      for (const listener of listeners) await listener.shared?.({ id: post.id, title: post.title, poetId: post.poetId });
    }
  }
  const listeners: WallListener[] = [];

  return {
    /** Registers a domain that acts when a poem reaches the wall (from its bootstrap; the wall never calls it otherwise). */
    listen(listener: WallListener) {
      listeners.push(listener);
    },

    async queue(viewer: Moderator, { filter, page, pageSize }: ModerationQuery): Promise<WallModerationPage> {
      const { orderBy } = FILTERS[filter];
      const { rows, counts, pagination } = await queuePage(
        posts(),
        FILTERS,
        WALL_MODERATION_FILTERS,
        filter,
        { page, pageSize },
        (where, offset, limit) => posts().findMany({ where, orderBy, offset, limit, populate: POPULATE }) as Promise<PostRow[]>,
      );
      return { items: await items(rows, viewer), counts, pagination };
    },

    /**
     * approve, reject (with a reason), hide (with a reason), restore, or dismiss the reports of a poem that stays on
     * the wall. Every decision closes the post's open reports. Nobody decides on their own poem; a decision
     * applies only to the state the moderator saw (`seen`: another, or two moderators at once, is a 409).
     */
    async decide(moderator: Moderator, id: number, { action, seen, reason }: DecisionBody): Promise<WallModerationItem> {
      const post = (await posts().findOne({ where: { id }, populate: { poet: { select: ['id'] } } })) as PostRow | null;
      if (!post) throw new ApiError(404, msg('wall.noPost', { id }), { id }, 'NotFoundError');
      if (post.poet?.id === moderator.id) throw forbidden(msg('wall.moderateOwn'));
      if (post.moderationStatus !== seen) throw decidedMeanwhile(id, post.moderationStatus, seen);
      const refusal = decisionRefusal(action, post.moderationStatus, post.openReports ?? 0);
      if (refusal) throw new ApiError(409, refusal, { status: post.moderationStatus, action }, 'ConflictError');
      const { to } = DECISIONS[action];
      const kept = keptReason(to, reason);
      await strapi.db.transaction(async () => {
        const { count } = await posts().updateMany({
          where: { id, moderationStatus: post.moderationStatus },
          data: decisionColumns(moderator, { to, kept, firstApproval: !post.approvedAt, now: new Date() }),
        });
        if (count === 0) throw decidedMeanwhile(id, null, seen);
        await settle({ id, title: post.title, poetId: post.poet?.id ?? null }, post.moderationStatus, to, kept);
      });
      publicPosts().changed({ rebuild: isPublic(post.moderationStatus) !== isPublic(to) });
      const [row] = await items([(await posts().findOne({ where: { id }, populate: POPULATE })) as PostRow], moderator);
      return row;
    },

    settle,
  };
};
