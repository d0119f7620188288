import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import {
  DEFAULT_COMPETITION,
  monthName,
  CRITERION_KEYS,
  RUNNERS_UP,
  marksFromCriteria,
  type CriterionScores,
  type CsvRowError,
  type JudgingSummary,
  type PublicationSummary,
  type ResultsMonth,
  type ResultsPreview,
  type ResultsPreviewRow,
  type ScoreCard,
  type ScoreMark,
  type WinnerPlace,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { bulkInsert, columnOf, linkOf, tableOf } from '../../../lib/bulk';
import { rankByScore } from '../lib/ranking';
import { parseResultsCsv, roundScore } from '../lib/results-csv';
import type { ResultsPayload } from '../../timer/services/timer';
import { monthEntries, type MonthEntry } from './month-entries';
import { getService } from '../../../services';

const RESULT = 'api::result.result';
const ENTRY = 'api::entry.entry';

/** One entry's score, whichever way it came (CSV or the judges' scores in the app). */
export interface EntryScore {
  row: number;
  entryCode: string;
  criteria: CriterionScores | null;
  /** The mean mark per criterion, by name (the five poetry criteria for a CSV that gives them). */
  marks: ScoreMark[] | null;
  total: number;
  comments: string[];
}

interface Scores {
  entries: MonthEntry[];
  scores: Map<number, EntryScore>;
  errors: CsvRowError[];
  missing: string[];
  judging: JudgingSummary | null;
}

const conflict = (message: string) => new ApiError(409, message, {}, 'ConflictError');

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  async function contestOf(month: string) {
    const contest = await strapi.db.query('api::contest.contest').findOne({ where: { month, competitionSlug: DEFAULT_COMPETITION } });
    if (!contest) throw new ApiError(404, `There is no contest for ${month}.`, {}, 'NotFoundError');
    return contest as { id: number; month: string; theme: string | null };
  }

  const isPublished = async (month: string) => (await strapi.db.query(RESULT).count({ where: { month } })) > 0;

  /** Where an unknown code really belongs, for a helpful message. */
  async function monthsOfCodes(codes: string[]): Promise<Map<string, string>> {
    if (!codes.length) return new Map();
    const found = await strapi.db.query(ENTRY).findMany({ where: { code: { $in: codes } }, select: ['code'], populate: { contest: { select: ['month'] } } });
    return new Map(found.map((e: { code: string; contest?: { month: string } }) => [e.code.toUpperCase(), e.contest?.month ?? 'no']));
  }

  async function csvScores(month: string, text: string, entries: MonthEntry[]): Promise<Omit<Scores, 'entries' | 'missing' | 'judging'>> {
    const { rows, errors } = parseResultsCsv(text);
    const byCode = new Map(entries.map((entry) => [entry.code.toUpperCase(), entry]));
    const unknown = rows.filter((row) => !byCode.has(row.entryCode)).map((row) => row.entryCode);
    const elsewhere = await monthsOfCodes(unknown);
    const scores = new Map<number, EntryScore>();
    for (const row of rows) {
      const entry = byCode.get(row.entryCode);
      if (!entry) {
        const other = elsewhere.get(row.entryCode);
        errors.push({
          row: row.row,
          column: 'entryCode',
          message: other ? `entry ${row.entryCode} belongs to the ${other} contest, not ${month}` : `there is no entry with the code ${row.entryCode}`,
        });
        continue;
      }
      scores.set(entry.id, {
        row: row.row,
        entryCode: entry.code,
        criteria: row.criteria,
        marks: row.criteria ? marksFromCriteria(row.criteria) : null,
        total: row.total,
        comments: row.comment ? [row.comment] : [],
      });
    }
    errors.sort((a, b) => a.row - b.row);
    return { scores, errors };
  }

  /** The month's entries and their scores; `db` is the publication's transaction when there is one. */
  async function scoresOf(payload: ResultsPayload, db: Knex | Knex.Transaction = knex()): Promise<Scores> {
    const entries = await monthEntries(strapi, db, payload.month);
    const found: Omit<Scores, 'entries' | 'missing'> =
      payload.source === 'csv'
        ? { ...(await csvScores(payload.month, payload.fileContent ?? '', entries)), judging: null }
        : await getService(strapi, 'api::result.judges').scores(payload.month, entries, db);
    const missing = entries.filter((entry) => !found.scores.has(entry.id)).map((entry) => entry.code);
    return { entries, missing, ...found };
  }

  function previewOf(payload: ResultsPayload, scores: Scores, alreadyPublished: boolean): ResultsPreview {
    const titles = new Map(scores.entries.map((entry) => [entry.id, entry.title]));
    const rows: ResultsPreviewRow[] = [...scores.scores]
      .map(([entryId, score]) => ({
        row: score.row,
        entryCode: score.entryCode,
        title: titles.get(entryId) ?? null,
        criteria: score.criteria,
        marks: score.marks,
        total: score.total,
        comment: score.comments.join('\n\n') || null,
      }))
      .sort((a, b) => a.row - b.row);
    return {
      month: payload.month,
      source: payload.source,
      fileName: payload.fileName,
      rows,
      errors: scores.errors,
      missing: scores.missing,
      entrants: scores.entries.length,
      alreadyPublished,
      judging: scores.judging,
      ready: !alreadyPublished && scores.errors.length === 0 && scores.missing.length === 0 && scores.entries.length > 0,
    };
  }

  /** Why a preview cannot be published, in one message (kept on a failed timer). */
  function refusal(preview: ResultsPreview): ApiError {
    if (preview.alreadyPublished) return conflict(`The results of ${monthName(preview.month)} are already published.`);
    if (preview.entrants === 0) return new ApiError(422, `The ${preview.month} contest has no entries.`, {}, 'ValidationError');
    const lines = preview.errors.slice(0, 5).map((e) => `row ${e.row}: ${e.message}`);
    if (preview.missing.length)
      lines.push(
        `${preview.missing.length} entr${preview.missing.length === 1 ? 'y has' : 'ies have'} no score (${preview.missing.slice(0, 5).join(', ')}${preview.missing.length > 5 ? ', …' : ''})`,
      );
    const more = preview.errors.length > 5 ? ` (and ${preview.errors.length - 5} more problems)` : '';
    return new ApiError(422, `Nothing was published: ${lines.join('; ')}${more}.`, { errors: preview.errors, missing: preview.missing }, 'ValidationError');
  }

  async function writeResults(trx: Knex.Transaction, month: string, source: ResultsPayload['source'], scores: Scores) {
    const ranked = rankByScore(
      scores.entries.map((entry) => ({ entry, score: scores.scores.get(entry.id)! })),
      ({ score }) => score.total,
    );
    const count = ranked.length;
    await bulkInsert(
      strapi,
      trx,
      RESULT,
      ranked.map(({ item: { entry, score }, rank, percentile }) => ({
        month,
        competitionSlug: DEFAULT_COMPETITION,
        entryId: entry.id,
        poetId: entry.poetId,
        code: entry.code,
        title: entry.title,
        ...Object.fromEntries(CRITERION_KEYS.map((key) => [key, score.criteria ? score.criteria[key] : null])),
        marks: score.marks,
        total: roundScore(score.total),
        percentile,
        rank,
        entrants: count,
        comments: score.comments,
        source,
      })),
    );
    return ranked;
  }

  return {
    /** Every contest month with its entry count and what has been published, newest first. */
    async months(): Promise<ResultsMonth[]> {
      const contests: { id: number; month: string; theme: string | null }[] = await strapi.db
        .query('api::contest.contest')
        .findMany({ where: { competitionSlug: DEFAULT_COMPETITION }, select: ['id', 'month', 'theme'], orderBy: { month: 'desc' }, limit: 36 });
      if (!contests.length) return [];
      const link = linkOf(strapi, ENTRY, 'contest');
      const counts = await knex()(link.table)
        .whereIn(
          link.target,
          contests.map((c) => c.id),
        )
        .groupBy(link.target)
        .select(link.target)
        .count({ n: '*' });
      const entriesOf = new Map(counts.map((row) => [Number((row as Record<string, unknown>)[link.target]), Number(row.n)]));
      const published = new Set((await knex()(tableOf(strapi, RESULT)).distinct('month')).map((row) => row.month));
      const won = new Set((await knex()(tableOf(strapi, 'api::winner.winner')).distinct('month')).map((row) => row.month));
      return contests.map((c) => ({
        month: c.month,
        theme: c.theme ?? null,
        entries: entriesOf.get(c.id) ?? 0,
        resultsPublished: published.has(c.month),
        winnersPublished: won.has(c.month),
      }));
    },

    /** The one contest month the file's entry codes belong to (when the upload names no month). */
    async monthOfCsv(text: string): Promise<string> {
      const codes = parseResultsCsv(text).rows.map((row) => row.entryCode);
      const months = new Set((await monthsOfCodes(codes)).values());
      if (months.size === 1) return [...months][0];
      throw new ApiError(
        422,
        months.size
          ? `The file's entries belong to several months (${[...months].sort().join(', ')}); send the month.`
          : 'None of the entry codes in the file is known; send the month.',
        {},
        'ValidationError',
      );
    },

    /** What would be published: every row checked against the month's entries; nothing is stored. */
    async preview(payload: ResultsPayload): Promise<ResultsPreview> {
      await contestOf(payload.month);
      return previewOf(payload, await scoresOf(payload), await isPublished(payload.month));
    },

    /**
     * Refuses (4xx) judges' scores that could never be published at `publishAt`: a month already published or
     * without entries. Entries still waiting for a judge may be scored until the timer fires (if one is still
     * unscored then, the firing fails with that error and can be retried).
     */
    async assertSchedulable(payload: ResultsPayload): Promise<ResultsPreview> {
      const preview = await this.preview(payload);
      if (preview.alreadyPublished || preview.entrants === 0 || preview.errors.length) throw refusal(preview);
      return preview;
    },

    /** Refuses (4xx) a payload that cannot be published as it is. */
    async assertPublishable(payload: ResultsPayload): Promise<ResultsPreview> {
      const preview = await this.preview(payload);
      if (!preview.ready) throw refusal(preview);
      return preview;
    },

    /**
     * Publishes a month's scores in one transaction: every score card, the entries' status, a notification
     * per entrant, the leaderboard and participation certificates become visible together, or nothing does.
     * Runs inside the firing timer's transaction.
     */
    async publish(payload: ResultsPayload): Promise<PublicationSummary> {
      return strapi.db.transaction(async ({ trx }) => {
        const contest = await contestOf(payload.month);
        // The entries first: this locks them, so a judge's score arrives before this read or not at all
        // (judging refuses published entries). A refusal below rolls the status back with everything else.
        const link = linkOf(strapi, ENTRY, 'contest');
        await trx(tableOf(strapi, ENTRY))
          .whereIn('id', trx(link.table).select(link.own).where(link.target, contest.id))
          .update({ status: 'published', [columnOf(strapi, ENTRY, 'resultsPublishedAt')]: new Date(), updated_at: new Date() });
        const scores = await scoresOf(payload, trx);
        const preview = previewOf(payload, scores, await isPublished(payload.month));
        if (!preview.ready) throw refusal(preview);

        const ranked = await writeResults(trx, payload.month, payload.source, scores);

        const notifications = ranked
          .filter(({ item }) => item.entry.poetId !== null)
          .map(({ item: { entry, score }, percentile }) => ({
            userId: entry.poetId!,
            notification: {
              title: `Your score for “${entry.title}”`,
              message: `You scored ${roundScore(score.total)}/100 in the ${monthName(payload.month)} contest${percentile > 0 ? `, higher than ${percentile}% of this month’s entries` : ''}. Your score card has each criterion and the judges’ comments.`,
              link: '/profile#scores',
            },
          }));
        await getService(strapi, 'api::notification.notification').notifyMany(notifications);

        const byPoet = new Map<number, { poetId: number; poetName: string; points: number; entries: number }>();
        for (const { item } of ranked) {
          if (item.entry.poetId === null) continue;
          const current = byPoet.get(item.entry.poetId);
          const total = roundScore(item.score.total);
          if (!current) byPoet.set(item.entry.poetId, { poetId: item.entry.poetId, poetName: item.entry.poetName, points: total, entries: 1 });
          else Object.assign(current, { points: Math.max(current.points, total), entries: current.entries + 1 });
        }
        await getService(strapi, 'api::leaderboard.leaderboard').recordResults(payload.month, [...byPoet.values()]);
        const certificates = await getService(strapi, 'api::certificate.certificate').issueParticipation(payload.month);
        return { month: payload.month, published: ranked.length, notified: notifications.length, certificates };
      });
    },

    /** The signed-in poet's published score cards, newest month first. */
    async scoreCards(userId: number): Promise<ScoreCard[]> {
      const rows = await strapi.db.query(RESULT).findMany({ where: { poetId: userId }, orderBy: [{ month: 'desc' }, { rank: 'asc' }] });
      if (!rows.length) return [];
      const months = [...new Set(rows.map((r: { month: string }) => r.month))];
      const winners: { month: string; entryId: number; place: WinnerPlace; score: number }[] = await strapi.db
        .query('api::winner.winner')
        .findMany({ where: { month: { $in: months } }, select: ['month', 'entryId', 'place', 'score'] });
      return rows.map((row: any): ScoreCard => {
        const monthWinners = winners.filter((w) => w.month === row.month);
        const mine = monthWinners.find((w) => w.entryId === row.entryId);
        const lastWinning = monthWinners.length ? Math.min(...monthWinners.map((w) => w.score)) : null;
        const runnerUp = !mine && lastWinning !== null && row.rank <= monthWinners.length + RUNNERS_UP;
        const hasCriteria = CRITERION_KEYS.every((key) => typeof row[key] === 'number');
        return {
          entryCode: row.code,
          title: row.title ?? '',
          month: row.month,
          criteria: hasCriteria ? (Object.fromEntries(CRITERION_KEYS.map((key) => [key, row[key]])) as CriterionScores) : null,
          marks: Array.isArray(row.marks) ? row.marks : hasCriteria ? marksFromCriteria(row) : null,
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
