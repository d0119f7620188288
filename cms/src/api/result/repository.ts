// The published score cards (table `results`), owned by the result domain: its uid, row type and the reads other
// domains need (winners are chosen from them, certificates and the leaderboard follow them, the publication
// domain shows them). Every read names its competition.
import type { Core } from '@strapi/strapi';
import type { ResultsSource } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const RESULT = 'api::result.result' as const;

export type ResultRow = RowOf<typeof RESULT, { source: ResultsSource; comments: string[] | null }>;

export function resultRepository(strapi: Core.Strapi) {
  const results = () => strapi.db.query(RESULT);
  return {
    /** Whether a competition's month has published results. */
    isPublished: async (competition: string, month: string): Promise<boolean> =>
      (await results().count({ where: { competitionSlug: competition, month } })) > 0,

    /** The months of a competition with published results. */
    publishedMonths: async (competition: string): Promise<Set<string>> =>
      new Set(
        (await strapi.db.transaction(({ trx }) => trx(strapi.db.metadata.get(RESULT).tableName).where('competition_slug', competition).distinct('month'))).map(
          (row: { month: string }) => row.month,
        ),
      ),

    /** The competition's latest months with published results, newest first (at most `limit`). */
    latestMonths: async (competition: string, limit: number): Promise<string[]> =>
      (
        await strapi.db
          .connection(strapi.db.metadata.get(RESULT).tableName)
          .distinct('month')
          .where('competition_slug', competition)
          .orderBy('month', 'desc')
          .limit(limit)
      ).map((row: { month: string }) => row.month),

    /** A month's published rows, best first (all of them unless `limit`). */
    ofMonth: <K extends keyof ResultRow>(competition: string, month: string, select: K[], limit?: number): Promise<Pick<ResultRow, K>[]> =>
      results().findMany({ where: { competitionSlug: competition, month }, select, orderBy: [{ rank: 'asc' }, { code: 'asc' }], ...(limit ? { limit } : {}) }),

    /** The best rows of a month apart from some entries (the runners-up after the winners). */
    bestExcept: (competition: string, month: string, entryIds: number[], limit: number): Promise<Pick<ResultRow, 'poetId' | 'title' | 'total' | 'rank'>[]> =>
      results().findMany({
        where: { competitionSlug: competition, month, entryId: { $notIn: entryIds } },
        orderBy: [{ rank: 'asc' }],
        limit,
        select: ['poetId', 'title', 'total', 'rank'],
      }),

    /** The poets with a published score in a month (each once). */
    poetIdsOf: async (competition: string, month: string): Promise<number[]> => {
      const rows: { poetId: number }[] = await results().findMany({
        where: { competitionSlug: competition, month, poetId: { $notNull: true } },
        select: ['poetId'],
      });
      return [...new Set(rows.map((row) => row.poetId))].sort((a, b) => a - b);
    },

    /** A poet's published score cards, newest month first. */
    ofPoet: (poetId: number): Promise<ResultRow[]> => results().findMany({ where: { poetId }, orderBy: [{ month: 'desc' }, { rank: 'asc' }] }),
  };
}
