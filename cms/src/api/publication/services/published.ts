import type { Core } from '@strapi/strapi';
import {
  CRITERION_KEYS,
  DEFAULT_COMPETITION,
  RUNNERS_UP,
  marksFromCriteria,
  type CriterionScores,
  type ResultsMonth,
  type ScoreMark,
  type ScoreCard,
} from '@writory/shared';
import { getService } from '../../../services';
import { roundScore } from '../../result/lib/results-csv';
import { contestRepository } from '../../contest/repository';
import { entryRepository } from '../../entry/repository';
import { resultRepository } from '../../result/repository';
import { winnerRepository } from '../../winner/repository';

/**
 * What has been published, read across results and winners: the admin's months (results and winners out?) and
 * the poet's score cards (with their place, or how close they came to the winners).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const results = resultRepository(strapi);
  const winners = winnerRepository(strapi);

  return {
    /** Every contest month with its entry count and what has been published, newest first. */
    async months(competition: string = DEFAULT_COMPETITION): Promise<ResultsMonth[]> {
      const contests = await contestRepository(strapi).latest(competition, 36);
      if (!contests.length) return [];
      const entriesOf = await entryRepository(strapi).countsInContests(contests.map((c) => c.id));
      const published = await results.publishedMonths(competition);
      const won = await winners.publishedMonths(competition);
      return contests.map((c) => ({
        month: c.month,
        theme: c.theme ?? null,
        entries: entriesOf.get(c.id) ?? 0,
        resultsPublished: published.has(c.month),
        winnersPublished: won.has(c.month),
      }));
    },

    /** The signed-in poet's published score cards, newest month first. */
    async scoreCards(userId: number): Promise<ScoreCard[]> {
      const rows = await results.ofPoet(userId);
      if (!rows.length) return [];
      const won = await winners.ofMonths([...new Set(rows.map((r) => r.month))]);
      const refs = await getService(strapi, 'api::competition.competition').refs([...new Set(rows.map((r) => r.competitionSlug))]);
      return rows.map((row): ScoreCard => {
        const monthWinners = won.filter((w) => w.month === row.month && w.competitionSlug === row.competitionSlug);
        const mine = monthWinners.find((w) => w.entryId === row.entryId);
        const lastWinning = monthWinners.length ? Math.min(...monthWinners.map((w) => w.score)) : null;
        const runnerUp = !mine && lastWinning !== null && row.rank <= monthWinners.length + RUNNERS_UP;
        const marks = row as unknown as Record<string, unknown>;
        const hasCriteria = CRITERION_KEYS.every((key) => typeof marks[key] === 'number');
        return {
          competition: refs.get(row.competitionSlug) ?? { slug: row.competitionSlug, name: row.competitionSlug },
          entryCode: row.code,
          title: row.title ?? '',
          month: row.month,
          criteria: hasCriteria ? (Object.fromEntries(CRITERION_KEYS.map((key) => [key, marks[key]])) as CriterionScores) : null,
          marks: Array.isArray(row.marks) ? (row.marks as unknown as ScoreMark[]) : hasCriteria ? marksFromCriteria(marks as unknown as CriterionScores) : null,
          total: row.total,
          percentile: row.percentile,
          rank: row.rank,
          entrants: row.entrants,
          comments: Array.isArray(row.comments) ? row.comments : [],
          publishedAt: new Date(row.createdAt).toISOString(),
          place: mine?.place ?? null,
          closeness: runnerUp ? { lastWinningScore: lastWinning!, gap: roundScore(Math.max(0, lastWinning! - row.total)) } : null,
        };
      });
    },
  };
};
