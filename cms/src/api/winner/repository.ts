// The published winners (table `winners`), owned by the winner domain: its uid, row type and the reads other
// domains need (certificates are issued to them, score cards show a winner's place). Every read names its competition.
import type { Core } from '@strapi/strapi';
import type { WinnerPlace } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const WINNER = 'api::winner.winner' as const;

export type WinnerRow = RowOf<typeof WINNER, { place: WinnerPlace }>;

export function winnerRepository(strapi: Core.Strapi) {
  const winners = () => strapi.db.query(WINNER);
  return {
    isPublished: async (competition: string, month: string): Promise<boolean> =>
      (await winners().count({ where: { competitionSlug: competition, month } })) > 0,

    /** The months of a competition with published winners. */
    publishedMonths: async (competition: string): Promise<Set<string>> =>
      new Set(
        (await strapi.db.transaction(({ trx }) => trx(strapi.db.metadata.get(WINNER).tableName).where('competition_slug', competition).distinct('month'))).map(
          (row: { month: string }) => row.month,
        ),
      ),

    /** A month's winners with an account, 1st place first. */
    withPoets: (competition: string, month: string): Promise<WinnerRow[]> =>
      winners().findMany({ where: { competitionSlug: competition, month, poetId: { $notNull: true } }, orderBy: { position: 'asc' } }),

    /** The winners of these months (any competition): place and score by entry. */
    ofMonths: (months: string[]): Promise<Pick<WinnerRow, 'competitionSlug' | 'month' | 'entryId' | 'place' | 'score'>[]> =>
      months.length
        ? winners().findMany({ where: { month: { $in: months } }, select: ['competitionSlug', 'month', 'entryId', 'place', 'score'] })
        : Promise.resolve([]),

    /** A poet's published results, newest month first (only what the results pages show). */
    ofPoet: (poetId: number): Promise<Pick<WinnerRow, 'slug' | 'competitionSlug' | 'month' | 'entryId' | 'place' | 'title' | 'language'>[]> =>
      winners().findMany({
        where: { poetId },
        orderBy: [{ month: 'desc' }, { position: 'asc' }],
        select: ['slug', 'competitionSlug', 'month', 'entryId', 'place', 'title', 'language'],
      }),

    /** The entry of a published winner, by its slug (the id in /winning-poem/{id}). */
    entryIdOf: async (slug: string): Promise<number | null> =>
      ((await winners().findOne({ where: { slug }, select: ['entryId'] })) as { entryId: number } | null)?.entryId ?? null,
  };
}
