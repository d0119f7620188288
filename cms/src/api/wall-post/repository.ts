// The wall-post domain's tables as other domains see them (issue 36 pattern). Comments ask here which poem is on
// the wall and whose it is; they never query the posts table themselves.
import type { Core } from '@strapi/strapi';

export const WALL_POST = 'api::wall-post.wall-post' as const;

/** A poem on the wall as another domain needs it: its title and its poet. */
export interface PublicWallPost {
  id: number;
  title: string;
  poetId: number | null;
}

export function wallPostRepository(strapi: Core.Strapi) {
  const posts = () => strapi.db.query(WALL_POST);
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
  };
}
