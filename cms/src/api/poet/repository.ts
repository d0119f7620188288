// The poet domain's table (issue 40): poet page settings (`poet_pages`), one row per poet who has opened them. Other
// domains read which poets have a public page through these functions (the wall links a poem's poet to it).
import type { Core } from '@strapi/strapi';
import type { RowOf } from '../../lib/rows';

export const POET_PAGE = 'api::poet.poet-page' as const;

export type PoetPageRow = RowOf<typeof POET_PAGE, { languages: string[] | null }>;

export function poetRepository(strapi: Core.Strapi) {
  const pages = () => strapi.db.query(POET_PAGE);
  return {
    /** The poet whose public page has this handle, or null (private, unknown). */
    async publicPoetOf(handle: string): Promise<{ userId: number; handle: string } | null> {
      const row = await pages().findOne({ where: { handle, public: true }, select: ['userId', 'handle'] });
      return row ? { userId: row.userId as number, handle: row.handle as string } : null;
    },

    /** The public handles of these poets (those with a public page), by user id. */
    async publicHandlesOf(userIds: readonly number[]): Promise<Map<number, string>> {
      if (!userIds.length) return new Map();
      const rows: Pick<PoetPageRow, 'userId' | 'handle'>[] = await pages().findMany({
        where: { userId: { $in: [...userIds] }, public: true, handle: { $notNull: true } },
        select: ['userId', 'handle'],
      });
      return new Map(rows.map((row) => [row.userId, row.handle as string]));
    },
  };
}
