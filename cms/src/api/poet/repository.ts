// The poet domain's table (issue 40): poet page settings (`poet_pages`), one row per poet who has opened them. Other
// domains read which poets have a public page through these functions (the wall links a poem's poet to it).
import type { Core } from '@strapi/strapi';
import { IDS_IN, preparedReads } from '../../lib/prepared';
import type { RowOf } from '../../lib/rows';

export const POET_PAGE = 'api::poet.poet-page' as const;

export type PoetPageRow = RowOf<typeof POET_PAGE, { languages: string[] | null }>;

/** The public handles read on every wall page: on SQLite one prepared statement (lib/prepared.ts), else the query engine. */
function handlesRead(strapi: Core.Strapi) {
  const read = preparedReads(strapi, { postgres: false });
  const { tableName, attributes } = strapi.db.metadata.get(POET_PAGE);
  const column = (name: string) => (attributes[name] as { columnName?: string }).columnName ?? name;
  // `+public` and `+handle` keep SQLite on the user index: given a list it cannot count, its planner walked every public
  // page by the (public, handle) index instead (1.1 ms against 0.05 ms on the bench dataset's 2,000 public pages).
  const sql = `select ${column('userId')} as userId, handle from ${tableName} where ${column('userId')} in ${IDS_IN} and +public = 1 and +handle is not null`;
  return (userIds: readonly number[]) =>
    read<Pick<PoetPageRow, 'userId' | 'handle'>>(sql, [JSON.stringify(userIds)], () =>
      strapi.db.query(POET_PAGE).findMany({
        where: { userId: { $in: [...userIds] }, public: true, handle: { $notNull: true } },
        select: ['userId', 'handle'],
      }),
    );
}
const handleReads = new WeakMap<Core.Strapi, ReturnType<typeof handlesRead>>();

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
      let read = handleReads.get(strapi);
      if (!read) handleReads.set(strapi, (read = handlesRead(strapi)));
      const rows = await read(userIds);
      return new Map(rows.map((row) => [Number(row.userId), row.handle as string]));
    },
  };
}
