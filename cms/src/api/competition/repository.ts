// The competition domain's table (issue 36): the competitions. What other domains need of a competitions row.
import type { CompetitionRef, Criterion } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const COMPETITION = 'api::competition.competition' as const;
/** A competition's tagline and description in another locale (issue 39), localized with Strapi's i18n. */
export const COMPETITION_DESCRIPTION = 'api::competition.competition-description' as const;

/** A competitions row as the services read it (criteria and languages are json columns). */
export type CompetitionRow = Omit<RowOf<typeof COMPETITION>, 'criteria' | 'languages'> & { criteria: Criterion[]; languages: string[] | null };

/**
 * Which months of a competition have published results, as the result domain answers it (registered with
 * `getService(strapi, 'api::competition.competition').provideResults(…)` from its bootstrap), so the competition
 * domain never calls it.
 */
export interface PublishedResults {
  /** Whether a competition's month has published results. */
  isPublished(competition: string, month: string): Promise<boolean>;
  /** The competition's latest months with published results, newest first (at most `limit`). */
  latestMonths(competition: string, limit: number): Promise<string[]>;
}

export const refOf = (row: Pick<CompetitionRow, 'slug' | 'name'>): CompetitionRef => ({ slug: row.slug, name: row.name });
