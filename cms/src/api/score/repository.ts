// The score domain's table (issue 36): the judges' scores. Other domains (the results' publication) read a contest's
// scores through these functions, never strapi.db.query or knex on the scores table.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { marksFromCriteria, type ScoreMark } from '@writory/shared';
import { columnOf, tableOf } from '../../lib/bulk';
import type { RowOf } from '../../lib/rows';

export const SCORE = 'api::score.score' as const;

/**
 * A score row: its marks (one per criterion of its contest, json), total and comment. A row from before issue 37
 * has its five poetry criteria in the legacy columns until the startup migration copies them into marks.
 */
export type ScoreRow = RowOf<typeof SCORE, { marks: ScoreMark[] | null }>;

/** A score's marks: its own, or (a row the migration has not reached yet) the five poetry columns. */
export const marksOf = (row: ScoreRow): ScoreMark[] => row.marks ?? marksFromCriteria(row) ?? [];

/** One judge's score of an entry as the results' publication reads it. */
export interface GivenScore {
  entryId: number;
  comment: string | null;
  marks: ScoreMark[];
}

export function scoreRepository(strapi: Core.Strapi) {
  return {
    /** Every score given in the contest, in the order they were given; `db` is the publication's transaction when there is one. */
    async givenInContest(contestId: number, db: Knex | Knex.Transaction = strapi.db.connection): Promise<GivenScore[]> {
      const column = (attribute: string) => columnOf(strapi, SCORE, attribute);
      const rows: Record<string, unknown>[] = await db(tableOf(strapi, SCORE))
        .where(column('contestId'), contestId)
        .orderBy([column('submittedAt'), 'id'])
        .select([`${column('entryId')} as entryId`, `${column('comment')} as comment`, `${column('marks')} as marks`]);
      return rows.map((score) => {
        // knex hands a json column back as text on SQLite, parsed on PostgreSQL.
        const marks = typeof score.marks === 'string' ? (JSON.parse(score.marks) as ScoreMark[]) : (score.marks as ScoreMark[] | null);
        return { entryId: Number(score.entryId), comment: typeof score.comment === 'string' ? score.comment : null, marks: marksOf({ marks } as ScoreRow) };
      });
    },
  };
}
