// The competition domain's table (issue 36): the competitions. What other domains need of a competitions row.
import type { CompetitionRef, Criterion } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const COMPETITION = 'api::competition.competition' as const;

/** A competitions row as the services read it (criteria and languages are json columns). */
export type CompetitionRow = Omit<RowOf<typeof COMPETITION>, 'criteria' | 'languages'> & { criteria: Criterion[]; languages: string[] | null };

export const refOf = (row: Pick<CompetitionRow, 'slug' | 'name'>): CompetitionRef => ({ slug: row.slug, name: row.name });
