import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import {
  DEFAULT_COMPETITION,
  CRITERION_KEYS,
  type Criterion,
  type CriterionScores,
  type CsvRowError,
  type JudgingSummary,
  type ResultsPreview,
  type ResultsPreviewRow,
  type ResultsSource,
  type ScoreMark,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { bulkInsert } from '../../../lib/bulk';
import { contestRepository } from '../../contest/repository';
import { entryRepository } from '../../entry/repository';
import { rankByScore } from '../lib/ranking';
import { entryCodesOfCsv, parseResultsCsv, roundScore } from '../lib/results-csv';
import { monthEntries, type MonthEntry } from './month-entries';
import { RESULT, resultRepository } from '../repository';
import { getService } from '../../../services';
import { msg, say, type Message } from '../../../lib/messages';
import { publicationLabelMessage } from '../../../lib/messages/labels';

/** What to publish: a month's scores from a results CSV, or the judges' scores in the app. */
export interface ScoresSource {
  /** The competition (slug); none means poetry. */
  competition?: string;
  month: string;
  source: ResultsSource;
  fileName: string | null;
  fileContent: string | null;
}

/** What publishing a month's scores wrote: the rows, the notifications, and each poet's best score (for the leaderboard). */
export interface WrittenResults {
  published: number;
  notified: number;
  poets: { poetId: number; poetName: string; points: number; entries: number }[];
}

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

/** What a poet hears of their score: "You scored…" for poetry, "“Title” scored…" for another competition. */
export function scoreNotice(title: string | null, score: number, label: Message, percentile: number): Message {
  if (title === null) return percentile > 0 ? msg('notice.scoredAbove', { score, label, percentile }) : msg('notice.scored', { score, label });
  return percentile > 0 ? msg('notice.entryScoredAbove', { title, score, label, percentile }) : msg('notice.entryScored', { title, score, label });
}

const conflict = (message: Message) => new ApiError(409, message, {}, 'ConflictError');

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  async function contestOf(competition: string, month: string) {
    const contest = await contestRepository(strapi).ofMonth(month, competition);
    if (!contest)
      throw new ApiError(
        404,
        competition === DEFAULT_COMPETITION ? msg('contest.noneForMonth', { month }) : msg('contest.noneForCompetitionMonth', { competition, month }),
        {},
        'NotFoundError',
      );
    return contest as { id: number; month: string; theme: string | null };
  }

  const isPublished = (competition: string, month: string) => resultRepository(strapi).isPublished(competition, month);

  /** "November 2026" for poetry (as before competitions), "Story — November 2026" for another competition. */
  async function labelOf(competition: string, month: string): Promise<Message> {
    return publicationLabelMessage(await refOf(competition), month);
  }
  async function refOf(competition: string) {
    return (await getService(strapi, 'api::competition.competition').refs([competition])).get(competition) ?? { slug: competition, name: competition };
  }

  /** Where an unknown code really belongs (its month, and its competition when not `competition`), for a helpful message. */
  async function monthsOfCodes(codes: string[], competition: string = DEFAULT_COMPETITION): Promise<Map<string, string>> {
    if (!codes.length) return new Map();
    const found = await entryRepository(strapi).contestsOfCodes(codes);
    return new Map(
      found.map((e) => {
        const slug = e.contest?.competitionSlug ?? DEFAULT_COMPETITION;
        const month = e.contest?.month ?? 'no';
        return [e.code.toUpperCase(), slug === competition ? month : `${slug} ${month}`];
      }),
    );
  }

  /** The criteria a contest is judged on (fixed at its first score, else its competition's): the results CSV's columns. */
  async function criteriaOf(competition: string, month: string): Promise<Criterion[]> {
    const contest = await contestRepository(strapi).ofMonth(month, competition);
    if (!contest) return (await getService(strapi, 'api::competition.competition').require(competition)).criteria;
    return getService(strapi, 'api::score.score').criteriaOf(contest);
  }

  async function csvScores(competition: string, month: string, text: string, entries: MonthEntry[]): Promise<Omit<Scores, 'entries' | 'missing' | 'judging'>> {
    const { rows, errors } = parseResultsCsv(text, await criteriaOf(competition, month));
    const byCode = new Map(entries.map((entry) => [entry.code.toUpperCase(), entry]));
    const unknown = rows.filter((row) => !byCode.has(row.entryCode)).map((row) => row.entryCode);
    const elsewhere = await monthsOfCodes(unknown, competition);
    const scores = new Map<number, EntryScore>();
    for (const row of rows) {
      const entry = byCode.get(row.entryCode);
      if (!entry) {
        const other = elsewhere.get(row.entryCode);
        errors.push({
          row: row.row,
          column: 'entryCode',
          message: other
            ? `entry ${row.entryCode} belongs to the ${other} contest, not ${competition === DEFAULT_COMPETITION ? '' : `${competition} `}${month}`
            : `there is no entry with the code ${row.entryCode}`,
        });
        continue;
      }
      scores.set(entry.id, {
        row: row.row,
        entryCode: entry.code,
        criteria: row.criteria,
        marks: row.marks,
        total: row.total,
        comments: row.comment ? [row.comment] : [],
      });
    }
    errors.sort((a, b) => a.row - b.row);
    return { scores, errors };
  }

  /** The month's entries and their scores; `db` is the publication's transaction when there is one. */
  async function scoresOf(payload: ScoresSource, db: Knex | Knex.Transaction = knex()): Promise<Scores> {
    const competition = payload.competition ?? DEFAULT_COMPETITION;
    const entries = await monthEntries(strapi, db, competition, payload.month);
    const found: Omit<Scores, 'entries' | 'missing'> =
      payload.source === 'csv'
        ? { ...(await csvScores(competition, payload.month, payload.fileContent ?? '', entries)), judging: null }
        : await getService(strapi, 'api::result.judges').scores(competition, payload.month, entries, db);
    const missing = entries.filter((entry) => !found.scores.has(entry.id)).map((entry) => entry.code);
    return { entries, missing, ...found };
  }

  function previewOf(payload: ScoresSource, scores: Scores, alreadyPublished: boolean): ResultsPreview {
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
  function refusal(preview: ResultsPreview, label: Message = msg('label.month', { month: preview.month })): ApiError {
    if (preview.alreadyPublished) return conflict(msg('results.alreadyPublished', { label }));
    if (preview.entrants === 0) return new ApiError(422, msg('results.noEntries', { month: preview.month }), {}, 'ValidationError');
    const lines = preview.errors
      .slice(0, 5)
      .map((e) =>
        say(
          e.column ? msg('results.lineColumn', { row: e.row, column: e.column, message: e.message }) : msg('results.line', { row: e.row, message: e.message }),
        ),
      );
    if (preview.missing.length) {
      const codes = `${preview.missing.slice(0, 5).join(', ')}${preview.missing.length > 5 ? ', …' : ''}`;
      lines.push(say(msg('results.unscored', { count: preview.missing.length, codes })));
    }
    const problems = lines.join('; ');
    const words = preview.errors.length > 5 ? msg('results.moreProblems', { problems, count: preview.errors.length - 5 }) : problems;
    return new ApiError(422, msg('results.nothingPublished', { problems: words }), { errors: preview.errors, missing: preview.missing }, 'ValidationError');
  }

  async function writeResults(trx: Knex.Transaction, competition: string, month: string, source: ScoresSource['source'], scores: Scores) {
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
        competitionSlug: competition,
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
    /** The one contest month the file's entry codes belong to (when the upload names no month). */
    async monthOfCsv(text: string, competition: string = DEFAULT_COMPETITION): Promise<string> {
      const codes = entryCodesOfCsv(text);
      const months = new Set((await monthsOfCodes(codes, competition)).values());
      if (months.size === 1) return [...months][0];
      throw new ApiError(
        422,
        months.size ? msg('results.severalMonths', { months: [...months].sort().join(', ') }) : msg('results.noKnownCodes'),
        {},
        'ValidationError',
      );
    },

    /** What would be published: every row checked against the month's entries; nothing is stored. */
    async preview(payload: ScoresSource): Promise<ResultsPreview> {
      const competition = payload.competition ?? DEFAULT_COMPETITION;
      await contestOf(competition, payload.month);
      return previewOf(payload, await scoresOf(payload), await isPublished(competition, payload.month));
    },

    /**
     * Refuses (4xx) judges' scores that could never be published at `publishAt`: a month already published or
     * without entries. Entries still waiting for a judge may be scored until the timer fires (if one is still
     * unscored then, the firing fails with that error and can be retried).
     */
    async assertSchedulable(payload: ScoresSource): Promise<ResultsPreview> {
      const preview = await this.preview(payload);
      if (preview.alreadyPublished || preview.entrants === 0 || preview.errors.length)
        throw refusal(preview, await labelOf(payload.competition ?? DEFAULT_COMPETITION, payload.month));
      return preview;
    },

    /** Refuses (4xx) a payload that cannot be published as it is. */
    async assertPublishable(payload: ScoresSource): Promise<ResultsPreview> {
      const preview = await this.preview(payload);
      if (!preview.ready) throw refusal(preview, await labelOf(payload.competition ?? DEFAULT_COMPETITION, payload.month));
      return preview;
    },

    /**
     * Publishes a month's scores in one transaction: every score card, the entries' status and a notification
     * per entrant become visible together, or nothing does. Runs inside the publication's transaction (which
     * then records the leaderboard and issues the participation certificates).
     */
    async publish(payload: ScoresSource): Promise<WrittenResults> {
      const competition = payload.competition ?? DEFAULT_COMPETITION;
      const ref = await refOf(competition);
      const named = publicationLabelMessage(ref, payload.month);
      return strapi.db.transaction(async ({ trx }) => {
        const contest = await contestOf(competition, payload.month);
        // The entries first: this locks them, so a judge's score arrives before this read or not at all
        // (judging refuses published entries). A refusal below rolls the status back with everything else.
        await entryRepository(strapi).markPublished(contest.id, trx, new Date());
        const scores = await scoresOf(payload, trx);
        const preview = previewOf(payload, scores, await isPublished(competition, payload.month));
        if (!preview.ready) throw refusal(preview, named);

        const ranked = await writeResults(trx, competition, payload.month, payload.source, scores);

        const notifications = ranked
          .filter(({ item }) => item.entry.poetId !== null)
          .map(({ item: { entry, score }, percentile }) => ({
            userId: entry.poetId!,
            notification: {
              // Poetry's as before competitions; another competition's names it: "Story — November 2026 results are out".
              // Said in each poet's language when stored (catalogue messages).
              title: competition === DEFAULT_COMPETITION ? msg('notice.scoreTitle', { title: entry.title }) : msg('notice.resultsOutTitle', { label: named }),
              message: scoreNotice(competition === DEFAULT_COMPETITION ? null : entry.title, roundScore(score.total), named, percentile),
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
        return { published: ranked.length, notified: notifications.length, poets: [...byPoet.values()] };
      });
    },
  };
};
