// The wall-post domain's tables as other domains see them (issue 36 pattern): which poem is on the wall and whose it
// is (comments), the poems a poet has on the wall (their page), and what happens when a poem reaches or leaves it.
import type { Core } from '@strapi/strapi';
import type { WallPostSummary } from '@writory/shared';
import { idsLinkedTo } from '../../lib/db';
import { POST, toSummary, type PostRow } from './lib/posts';

export { LIKE, POST, REPORT } from './lib/posts';

/** A poem on the wall as another domain needs it: its title and its poet. */
export interface PublicWallPost {
  id: number;
  title: string;
  poetId: number | null;
}

/**
 * What another domain does when a poem reaches the wall for the first time (approved from waiting or rejected),
 * inside the decision's transaction. Registered with `getService(strapi, 'api::wall-post.moderation').listen(…)`
 * from that domain's bootstrap, so the wall never calls it.
 */
export interface WallListener {
  shared?(post: { id: number; title: string; poetId: number }): Promise<unknown>;
}

/**
 * Which poets have a public page, so the wall (cards, poem pages, the Following tab) links their names to it. The
 * poet domain owns the pages and registers this with `getService(strapi, 'api::wall-post.posts').linkPoetPages(…)`
 * from its bootstrap (it reads the wall's poems for its pages, so the wall does not import it).
 */
export interface PoetPageLinks {
  /** The public handles of these poets, by user id; a private page is absent. */
  publicHandlesOf(userIds: readonly number[]): Promise<Map<number, string>>;
}

/**
 * Calls `removed` with the ids of wall posts as they are deleted (by their poet, or in the Strapi panel), inside the
 * deleting transaction: what other domains keep about a post (its comments) goes with it.
 */
export function onWallPostsRemoved(strapi: Core.Strapi, removed: (postIds: number[]) => Promise<unknown>): void {
  type Event = { result?: { id?: number } | null; params?: { where?: unknown }; state: Record<string, unknown> };
  strapi.db.lifecycles.subscribe({
    models: [POST],
    async afterDelete(event: Event) {
      if (typeof event.result?.id === 'number') await removed([event.result.id]);
    },
    async beforeDeleteMany(event: Event) {
      const rows: { id: number }[] = await strapi.db.query(POST).findMany({ where: event.params?.where as never, select: ['id'] });
      event.state.removedIds = rows.map((row) => row.id);
    },
    async afterDeleteMany(event: Event) {
      const ids = event.state.removedIds as number[] | undefined;
      if (ids?.length) await removed(ids);
    },
  } as never);
}

export function wallPostRepository(strapi: Core.Strapi) {
  const posts = () => strapi.db.query(POST);
  return {
    /** The approved post with this id (pending, rejected, hidden and held ones are not on the wall): null otherwise. */
    async onTheWall(id: number): Promise<PublicWallPost | null> {
      const row = await posts().findOne({ where: { id, moderationStatus: 'approved' }, select: ['id', 'title'], populate: { poet: { select: ['id'] } } });
      return row ? { id: row.id, title: row.title, poetId: row.poet?.id ?? null } : null;
    },

    /** Titles of these posts, whatever their state (for the moderators' list of comments). */
    async titles(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows: { id: number; title: string }[] = await posts().findMany({ where: { id: { $in: [...ids] } }, select: ['id', 'title'] });
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /** A poet's newest approved poems (their poet left as given: the page knows who it is). */
    async approvedOf(poetId: number, poet: PostRow['poet'], limit: number): Promise<WallPostSummary[]> {
      const rows: PostRow[] = await posts().findMany({
        where: { moderationStatus: 'approved', id: { $in: idsLinkedTo(strapi, POST, 'poet', poetId) } },
        orderBy: [{ approvedAt: 'desc' }, { id: 'desc' }],
        limit,
        select: ['id', 'title', 'text', 'language', 'theme', 'likesCount', 'approvedAt'],
      });
      return rows.map((row) => toSummary({ ...row, poet }));
    },
  };
}
