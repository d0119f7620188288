import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { criteriaFromMarks, meanMarks, type JudgingSummary, type ScoreMark } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { contestRepository } from '../../contest/repository';
import type { MonthEntry } from './month-entries';
import type { EntryScore } from './result';
import { getService } from '../../../services';
import { scoreRepository } from '../../score/repository';
import { msg } from '../../../lib/messages';

export interface JudgesScores {
  scores: Map<number, EntryScore>;
  errors: { row: number; message: string }[];
  judging: JudgingSummary;
}

/**
 * The judges' in-app scores of a month's entries, as results to publish. An entry's total is its official
 * score from the judging service's summaries (the mean of its judges' totals, or the normalised score when
 * the contest normalises); each criterion of the contest is the mean of its judges' marks, by name; the comments are the judges' own,
 * in the order they were given. An entry no judge has scored has no score (publication waits for it); an
 * entry with fewer judges than the setting asks for is published and named in `judging.underJudged`.
 * `db` is the publication's transaction when there is one.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async scores(competition: string, month: string, entries: MonthEntry[], db: Knex | Knex.Transaction = strapi.db.connection): Promise<JudgesScores> {
    const contest = await contestRepository(strapi).ofMonth(month, competition);
    if (!contest) throw new ApiError(404, msg('contest.noneForMonth', { month }), {}, 'NotFoundError');
    const { normalised, byEntry } = await getService(strapi, 'api::score.score').summaries(contest);
    const { judgesPerEntry } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();

    const given = await scoreRepository(strapi).givenInContest(contest.id, db);
    const sums = new Map<number, { marks: ScoreMark[][]; judges: number; comments: string[] }>();
    for (const score of given) {
      const entryId = score.entryId;
      let sum = sums.get(entryId);
      if (!sum) sums.set(entryId, (sum = { marks: [], judges: 0, comments: [] }));
      sum.marks.push(score.marks);
      sum.judges += 1;
      const comment = typeof score.comment === 'string' ? score.comment.trim() : '';
      if (comment) sum.comments.push(comment);
    }

    const scores = new Map<number, EntryScore>();
    const underJudged: string[] = [];
    entries.forEach((entry, index) => {
      const summary = byEntry.get(entry.id);
      const sum = sums.get(entry.id);
      if (!summary || !sum) return;
      if (sum.judges < judgesPerEntry) underJudged.push(entry.code);
      const marks = meanMarks(sum.marks);
      scores.set(entry.id, {
        row: index + 1,
        entryCode: entry.code,
        criteria: criteriaFromMarks(marks),
        marks,
        total: summary.score,
        comments: sum.comments,
      });
    });
    return { scores, errors: [], judging: { normalised, judgesPerEntry, underJudged } };
  },
});
