// Editors moderate the wall in the Strapi panel too: a status they set there has the same effects as a decision on
// /admin-wall-moderation (reports resolved, the poet notified, the wall refreshed), and the counters the cms keeps
// cannot be overwritten by a form that was opened before the last like.
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { WallStatus } from '@writory/shared';
import { LIKE, POST, REPORT, isPublic } from './posts';
import { getService } from '../../../services';

/** Fields the cms keeps; the panel shows them but what it sends back for them is ignored. */
export const SYSTEM_FIELDS = ['likesCount', 'openReports', 'flagged', 'prefilterFlags', 'similarity', 'approvedAt', 'moderatedAt', 'moderatedBy'] as const;

interface Before {
  id: number;
  title: string;
  moderationStatus: WallStatus;
  approvedAt: string | null;
  moderationReason: string | null;
  poet: { id: number } | null;
}

function panelEditor(strapi: Core.Strapi): string {
  const user = (strapi.requestContext?.get?.() as { state?: { user?: { firstname?: string; lastname?: string; email?: string } } } | undefined)?.state?.user;
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ') || user?.email;
  return name ? `${name} (Strapi panel)` : 'Strapi panel';
}

export function watchWallPanelEdits(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const { uid, action } = context;
    const params = context.params as { documentId?: string; data?: Record<string, unknown> };

    if (uid === REPORT && ['create', 'update', 'delete'].includes(action)) {
      // A report changed by hand: recount the open reports of its post.
      const before = params.documentId ? await strapi.db.query(REPORT).findOne({ where: { documentId: params.documentId }, select: ['postId'] }) : null;
      const result = await next();
      const postId = (before?.postId ?? (result as { postId?: number } | null)?.postId) as number | undefined;
      if (postId) {
        const open = await strapi.db.query(REPORT).count({ where: { postId, reportStatus: 'open' } });
        await strapi.db.query(POST).update({ where: { id: postId }, data: { openReports: open } });
      }
      return result;
    }

    if (uid !== POST) return next();

    if (action === 'create' || action === 'update') {
      const data = params.data ?? {};
      for (const field of SYSTEM_FIELDS) delete data[field];
      if (action === 'create') {
        const created = await next();
        const id = (created as { id?: number } | null)?.id;
        if (id && typeof data.text === 'string') await getService(strapi, 'api::originality.originality').register('wall-post', id, data.text);
        return created;
      }

      const before = (await strapi.db.query(POST).findOne({
        where: { documentId: params.documentId },
        select: ['id', 'title', 'moderationStatus', 'approvedAt', 'moderationReason'],
        populate: { poet: { select: ['id'] } },
      })) as Before | null;
      if (!before) return next();
      const to = (data.moderationStatus as WallStatus | undefined) ?? before.moderationStatus;
      const decided = to !== before.moderationStatus;
      const reason = typeof data.moderationReason === 'string' ? data.moderationReason.trim() : (before.moderationReason ?? '');
      if (decided) {
        if ((to === 'rejected' || to === 'hidden') && !reason) {
          throw new errors.ValidationError(`Write a Moderation reason for the poet before setting the Moderation status to ${to}.`);
        }
        Object.assign(data, {
          moderatedAt: new Date(),
          moderatedBy: panelEditor(strapi),
          moderationReason: to === 'approved' || to === 'pending' ? null : reason,
          ...(to === 'held' ? {} : { openReports: 0 }),
          ...(to === 'approved' && !before.approvedAt ? { approvedAt: new Date() } : {}),
        });
      }
      const result = await strapi.db.transaction(async () => {
        const updated = await next();
        // The words may have changed: the originality fingerprint follows them.
        if (typeof data.text === 'string') await getService(strapi, 'api::originality.originality').register('wall-post', before.id, data.text);
        if (decided && to !== 'held' && to !== 'pending') {
          const title = typeof data.title === 'string' ? data.title : before.title;
          await getService(strapi, 'api::wall-post.moderation').settle(
            { id: before.id, title, poetId: before.poet?.id ?? null },
            before.moderationStatus,
            to,
            to === 'approved' ? null : reason,
          );
        }
        return updated;
      });
      // A decision, or an edit of a poem on the wall (a typo fixed): the wall shows what changed.
      getService(strapi, 'api::wall-post.posts').changed({ rebuild: isPublic(before.moderationStatus) || isPublic(to) });
      return result;
    }

    if (action === 'delete') {
      const before = await strapi.db.query(POST).findOne({ where: { documentId: params.documentId }, select: ['id', 'moderationStatus'] });
      const result = await next();
      if (before) {
        await strapi.db.query(LIKE).deleteMany({ where: { postId: before.id } });
        await strapi.db.query(REPORT).deleteMany({ where: { postId: before.id } });
        await getService(strapi, 'api::originality.originality').remove('wall-post', before.id);
        getService(strapi, 'api::wall-post.posts').changed({ rebuild: isPublic(before.moderationStatus) });
      }
      return result;
    }

    return next();
  });
}

/** Label and help of each wall post field in the panel. */
const FIELDS: Record<string, [label: string, help?: string]> = {
  title: ['Title'],
  language: ['Language', 'A language tag: en, hi, ar…'],
  moderationStatus: [
    'Moderation status',
    'approved shows the poem on the wall; rejected and hidden need a Moderation reason; held means taken off by reports. The poet is notified when you save.',
  ],
  moderationReason: ['Moderation reason', 'The poet reads this when their poem is rejected or hidden.'],
  text: ['Poem'],
  poet: ['Poet'],
  reports: ['Reports'],
  openReports: ['Open reports', 'Several take the poem off the wall (held) until someone decides.'],
  likesCount: ['Likes'],
  flagged: ['Flagged by the word list', 'A hint, never a decision.'],
  approvedAt: ['On the wall since'],
  moderatedAt: ['Last decision at'],
  moderatedBy: ['Last decision by'],
  prefilterFlags: ['Word-list matches'],
  similarity: ['Similar texts', 'Contest entries and wall posts with much the same words (originality check).'],
};
const EDIT_LAYOUT: [string, number][][] = [
  [
    ['title', 8],
    ['language', 4],
  ],
  [
    ['moderationStatus', 4],
    ['moderationReason', 8],
  ],
  [['text', 12]],
  [
    ['poet', 6],
    ['reports', 6],
  ],
  [
    ['openReports', 4],
    ['likesCount', 4],
    ['flagged', 4],
  ],
  [
    ['approvedAt', 4],
    ['moderatedAt', 4],
    ['moderatedBy', 4],
  ],
  [['prefilterFlags', 12]],
  [['similarity', 12]],
];

/** Panel layout of wall posts and reports: the decision first and explained, the counters read-only, poets by email. */
export async function configureWallPanel(strapi: Core.Strapi) {
  try {
    const contentTypes = strapi.plugin('content-manager').service('content-types');
    const configure = async (uid: string, change: (config: any) => void) => {
      const config = await contentTypes.findConfiguration({ uid });
      change(config);
      await contentTypes.updateConfiguration({ uid }, { settings: config.settings, metadatas: config.metadatas, layouts: config.layouts });
    };
    await configure(POST, (config) => {
      config.settings = { ...config.settings, mainField: 'title', defaultSortBy: 'createdAt', defaultSortOrder: 'DESC' };
      config.layouts.list = ['id', 'title', 'moderationStatus', 'openReports', 'flagged', 'createdAt'];
      config.layouts.edit = EDIT_LAYOUT.map((row) => row.map(([name, size]) => ({ name, size })));
      for (const [field, [label, help]] of Object.entries(FIELDS)) {
        config.metadatas[field].edit.label = label;
        config.metadatas[field].list.label = label;
        if (help) config.metadatas[field].edit.description = help;
      }
      for (const field of SYSTEM_FIELDS) config.metadatas[field].edit.editable = false;
      config.metadatas.poet.edit.mainField = 'email';
    });
    await configure(REPORT, (config) => {
      config.settings = { ...config.settings, defaultSortBy: 'createdAt', defaultSortOrder: 'DESC' };
      config.layouts.list = ['id', 'post', 'reason', 'reportStatus', 'createdAt'];
      config.metadatas.post.edit.mainField = 'title';
      config.metadatas.reportStatus.edit.label = 'Report status';
      config.metadatas.reportStatus.list.label = 'Report status';
      for (const field of ['reporterId', 'postId']) config.metadatas[field].edit.editable = false;
    });
  } catch (error) {
    strapi.log.warn(`wall: could not lay out the panel's wall views: ${(error as Error).message}`);
  }
}
