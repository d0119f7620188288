import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { CRITERION_KEYS, type CriterionScores, type JudgingSummary } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { columnOf, tableOf } from '../../../lib/bulk';
import { roundScore } from '../lib/results-csv';
import type { ContestRow } from '../../contest/services/contest';
import type { MonthEntry } from './month-entries';
import type { EntryScore } from './result';
import { getService } from '../../../services';

const SCORE = 'api::score.score';

export interface JudgesScores {
  scores: Map<number, EntryScore>;
  errors: { row: number; message: string }[];
  judging: JudgingSummary;
}

/**
 * The judges' in-app scores of a month's entries, as results to publish. An entry's total is its official
 * score from the judging service's summaries (the mean of its judges' totals, or the normalised score when
 * the contest normalises); each criterion is the mean of its judges' marks; the comments are the judges' own,
 * in the order they were given. An entry no judge has scored has no score (publication waits for it); an
 * entry with fewer judges than the setting asks for is published and named in `judging.underJudged`.
 * `db` is the publication's transaction when there is one.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async scores(competition: string, month: string, entries: MonthEntry[], db: Knex | Knex.Transaction = strapi.db.connection): Promise<JudgesScores> {
    const contest: ContestRow | null = await strapi.db.query('api::contest.contest').findOne({ where: { month, competitionSlug: competition } });
    if (!contest) throw new ApiError(404, `There is no contest for ${month}.`, {}, 'NotFoundError');
    const { normalised, byEntry } = await getService(strapi, 'api::score.score').summaries(contest);
    const { judgesPerEntry } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();

    const column = (attribute: string) => columnOf(strapi, SCORE, attribute);
    const marks: Record<string, unknown>[] = await db(tableOf(strapi, SCORE))
      .where(column('contestId'), contest.id)
      .orderBy([column('submittedAt'), 'id'])
      .select([`${column('entryId')} as entryId`, `${column('comment')} as comment`, ...CRITERION_KEYS.map((key) => `${column(key)} as ${key}`)]);
    const sums = new Map<number, { criteria: CriterionScores; judges: number; comments: string[] }>();
    for (const mark of marks) {
      const entryId = Number(mark.entryId);
      let sum = sums.get(entryId);
      if (!sum) sums.set(entryId, (sum = { criteria: Object.fromEntries(CRITERION_KEYS.map((key) => [key, 0])) as CriterionScores, judges: 0, comments: [] }));
      for (const key of CRITERION_KEYS) sum.criteria[key] += Number(mark[key]);
      sum.judges += 1;
      const comment = typeof mark.comment === 'string' ? mark.comment.trim() : '';
      if (comment) sum.comments.push(comment);
    }

    const scores = new Map<number, EntryScore>();
    const underJudged: string[] = [];
    entries.forEach((entry, index) => {
      const summary = byEntry.get(entry.id);
      const sum = sums.get(entry.id);
      if (!summary || !sum) return;
      if (sum.judges < judgesPerEntry) underJudged.push(entry.code);
      scores.set(entry.id, {
        row: index + 1,
        entryCode: entry.code,
        criteria: Object.fromEntries(CRITERION_KEYS.map((key) => [key, roundScore(sum.criteria[key] / sum.judges)])) as CriterionScores,
        total: summary.score,
        comments: sum.comments,
      });
    });
    return { scores, errors: [], judging: { normalised, judgesPerEntry, underJudged } };
  },
});
