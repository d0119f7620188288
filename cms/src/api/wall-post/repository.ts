// The wall domain's tables as other domains see them (issue 36): the poems a poet has on the wall, for their page.
import type { Core } from '@strapi/strapi';
import type { WallPostSummary } from '@writory/shared';
import { idsLinkedTo } from '../../lib/db';
import { POST, toSummary, type PostRow } from './lib/posts';

export { LIKE, POST, REPORT } from './lib/posts';

/**
 * What another domain does when a poem reaches the wall for the first time (approved from waiting or rejected),
 * inside the decision's transaction. Registered with `getService(strapi, 'api::wall-post.moderation').listen(…)`
 * from that domain's bootstrap, so the wall never calls it.
 */
export interface WallListener {
  shared?(post: { id: number; title: string; poetId: number }): Promise<unknown>;
}

export function wallRepository(strapi: Core.Strapi) {
  return {
    /** A poet's newest approved poems (their poet left as given: the page knows who it is). */
    async approvedOf(poetId: number, poet: PostRow['poet'], limit: number): Promise<WallPostSummary[]> {
      const rows: PostRow[] = await strapi.db.query(POST).findMany({
        where: { moderationStatus: 'approved', id: { $in: idsLinkedTo(strapi, POST, 'poet', poetId) } },
        orderBy: [{ approvedAt: 'desc' }, { id: 'desc' }],
        limit,
        select: ['id', 'title', 'text', 'language', 'theme', 'likesCount', 'approvedAt'],
      });
      return rows.map((row) => toSummary({ ...row, poet }));
    },
  };
}
