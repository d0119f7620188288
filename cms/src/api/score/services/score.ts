import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  CRITERION_KEYS,
  type EntryStatus,
  type JudgeScore,
  type JudgingEntry,
  type JudgingProgress,
  type JudgingQueue,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { isUniqueViolation, lockRow } from '../../../lib/db';
import type { ContestRow } from '../../contest/services/contest';
import type { EntryRow } from '../../entry/services/entry';
import type { UserRow } from '../../user/services/user';
import { entryScores, type EntryScore } from '../lib/normalise';
import type { ParsedScore } from '../validation/score';

const SCORE = 'api::score.score';
const ENTRY = 'api::entry.entry';
const CONTEST = 'api::contest.contest';
const USER = 'plugin::users-permissions.user';

/** A scores row. */
export interface ScoreRow extends ParsedScore {
  id: number;
  entryId: number;
  judgeId: number;
  contestId: number;
  total: number;
  submittedAt: string;
}

/** One entry's result, for publishing (results) and the admin table. */
export interface ContestScore extends EntryScore {
  entryId: number;
  code: string;
  poetId: number | null;
  title: string;
  status: EntryStatus;
}

const toJudgeScore = (row: ScoreRow): JudgeScore => ({
  ...(Object.fromEntries(CRITERION_KEYS.map((key) => [key, row[key]])) as Record<(typeof CRITERION_KEYS)[number], number>),
  total: row.total,
  comment: row.comment ?? null,
  submittedAt: new Date(row.submittedAt).toISOString(),
});

export default factories.createCoreService(SCORE, ({ strapi }: { strapi: Core.Strapi }) => {
  const scores = () => strapi.db.query(SCORE);
  const entries = () => strapi.db.query(ENTRY);
  const settings = () => strapi.service('api::site-setting.site-setting').contestSettings();

  /** Contests that have entries, newest month first (one query on the entries → contest link table). */
  async function contestsWithEntries(): Promise<ContestRow[]> {
    const link = (strapi.db.metadata.get(ENTRY as never).attributes as any).contest.joinTable;
    const ids: number[] = (await strapi.db.connection(link.name).distinct(link.inverseJoinColumn.name)).map((row: Record<string, number>) => row[link.inverseJoinColumn.name]);
    if (!ids.length) return [];
    return strapi.db.query(CONTEST).findMany({ where: { id: { $in: ids } }, orderBy: { month: 'desc' } });
  }

  /**
   * The months to choose from and the contest asked for: `month`, or by default the newest month that still
   * has entries waiting for results (else the newest with entries).
   */
  async function contestFor(month?: string): Promise<{ months: string[]; contest: ContestRow | null }> {
    const withEntries = await contestsWithEntries();
    const months = withEntries.map((row) => row.month);
    if (month) {
      const contest = withEntries.find((row) => row.month === month) ?? (await strapi.db.query(CONTEST).findOne({ where: { month } }));
      return { months, contest: contest ?? null };
    }
    for (const row of withEntries) {
      if (await entries().count({ where: { contest: { id: row.id }, status: { $ne: 'published' } } })) return { months, contest: row };
    }
    return { months, contest: withEntries[0] ?? null };
  }

  async function requireContest(month?: string) {
    const found = await contestFor(month);
    if (month && !found.contest) throw new errors.NotFoundError(`There is no contest for ${month}.`);
    return found;
  }

  async function summaries(contest: ContestRow): Promise<{ normalised: boolean; byEntry: Map<number, EntryScore> }> {
    const normalised = await strapi.service('api::contest.contest').normalises(contest);
    const rows: ScoreRow[] = await scores().findMany({ where: { contestId: contest.id }, orderBy: { submittedAt: 'asc' }, select: ['entryId', 'judgeId', 'total'] });
    return { normalised, byEntry: entryScores(rows, normalised) };
  }

  async function entryByCode(code: string): Promise<EntryRow> {
    const row: EntryRow | null = await entries().findOne({ where: { code }, populate: { contest: true } });
    if (!row) throw new errors.NotFoundError('No entry has this code.');
    return row;
  }

  return {
    contestFor,
    summaries,

    /** GET /api/judging/queue: the contest's entries for a judge, blind, the ones still to score first. */
    async queue(judge: UserRow, month?: string): Promise<JudgingQueue> {
      const { months, contest } = await requireContest(month);
      const { judgesPerEntry } = await settings();
      if (!contest) return { month: null, theme: null, judgesPerEntry, months, mine: { scored: 0, left: 0 }, entries: [] };
      const rows: EntryRow[] = await entries().findMany({
        where: { contest: { id: contest.id } },
        select: ['id', 'code', 'judgeTitle', 'language', 'wordCount', 'status', 'originalityFlag'],
      });
      const given: ScoreRow[] = await scores().findMany({ where: { contestId: contest.id }, select: ['entryId', 'judgeId', 'total'] });
      const judgesOf = new Map<number, number>();
      const mine = new Map<number, number>();
      for (const score of given) {
        judgesOf.set(score.entryId, (judgesOf.get(score.entryId) ?? 0) + 1);
        if (score.judgeId === judge.id) mine.set(score.entryId, score.total);
      }
      const items = rows.map((row) => ({
        code: row.code,
        title: row.judgeTitle,
        language: row.language,
        wordCount: row.wordCount,
        status: row.status,
        originalityFlag: row.originalityFlag ?? null,
        judges: judgesOf.get(row.id) ?? 0,
        myTotal: mine.get(row.id) ?? null,
      }));
      items.sort((a, b) => Number(a.myTotal !== null) - Number(b.myTotal !== null) || a.judges - b.judges || a.code.localeCompare(b.code));
      const left = items.filter((item) => item.myTotal === null && item.judges < judgesPerEntry && item.status !== 'published').length;
      return { month: contest.month, theme: contest.theme ?? null, judgesPerEntry, months, mine: { scored: mine.size, left }, entries: items };
    },

    /** GET /api/judging/entries/{code}: the anonymised text; other judges' scores only after one's own. */
    async entryForJudge(judge: UserRow, code: string): Promise<JudgingEntry> {
      const row = await entryByCode(code);
      const given: ScoreRow[] = await scores().findMany({ where: { entryId: row.id }, orderBy: { submittedAt: 'asc' } });
      const own = given.find((score) => score.judgeId === judge.id);
      return {
        code: row.code,
        month: row.contest!.month,
        theme: row.contest!.theme ?? null,
        title: row.judgeTitle,
        language: row.language,
        text: row.judgeText,
        wordCount: row.wordCount,
        kind: row.fileType,
        fileAvailable: Boolean(row.judgeFileKey),
        originality: { flag: row.originalityFlag ?? null, matches: row.originalityMatches ?? [] },
        myScore: own ? toJudgeScore(own) : null,
        otherScores: own ? given.filter((score) => score !== own).map(toJudgeScore) : null,
      };
    },

    /**
     * POST /api/judging/entries/{code}/scores: one judge's final scores of one entry. In one transaction with
     * the entry locked, so the entry's status follows the number of judges exactly: in judging, then scored.
     */
    async submit(judge: UserRow, code: string, input: ParsedScore, now: Date = new Date()): Promise<JudgeScore> {
      const row = await entryByCode(code);
      if (row.status === 'published') {
        throw new ApiError(409, 'The results of this contest are published: its scores are closed.', { reason: 'published' }, 'ConflictError');
      }
      const { judgesPerEntry } = await settings();
      const total = CRITERION_KEYS.reduce((sum, key) => sum + input[key], 0);
      try {
        const created: ScoreRow = await strapi.db.transaction(async ({ trx }) => {
          await lockRow(strapi, ENTRY, row.id, trx);
          const score = await scores().create({
            data: { ...input, total, entryId: row.id, judgeId: judge.id, contestId: row.contest!.id, submittedAt: now },
          });
          const judges = await scores().count({ where: { entryId: row.id } });
          const current: EntryRow = await entries().findOne({ where: { id: row.id }, select: ['status', 'judgingStartedAt', 'scoredAt'] });
          if (current.status !== 'published') {
            const done = judges >= judgesPerEntry;
            await entries().update({
              where: { id: row.id },
              data: {
                status: done ? 'scored' : 'in_judging',
                judgingStartedAt: current.judgingStartedAt ?? now,
                ...(done ? { scoredAt: current.scoredAt ?? now } : {}),
              },
            });
          }
          return score;
        });
        return toJudgeScore(created);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ApiError(409, 'You have already scored this entry. Scores are final once submitted.', { reason: 'already-scored' }, 'ConflictError');
        }
        throw error;
      }
    },

    /** GET /api/judging/progress: how many entries each judge has left, and entries short of judges. */
    async progress(month?: string): Promise<JudgingProgress> {
      const { contest } = await requireContest(month);
      const { judgesPerEntry } = await settings();
      if (!contest) return { month: null, judgesPerEntry, entries: 0, judges: [], underJudged: [] };
      const rows: EntryRow[] = await entries().findMany({ where: { contest: { id: contest.id } }, select: ['id', 'code', 'status'], orderBy: { code: 'asc' } });
      const given: ScoreRow[] = await scores().findMany({ where: { contestId: contest.id }, select: ['entryId', 'judgeId'] });
      const judgesOf = new Map<number, Set<number>>();
      for (const score of given) judgesOf.set(score.entryId, (judgesOf.get(score.entryId) ?? new Set()).add(score.judgeId));
      const open = rows.filter((row) => row.status !== 'published' && (judgesOf.get(row.id)?.size ?? 0) < judgesPerEntry);
      const judgeIds = new Set(given.map((score) => score.judgeId));
      const judgeUsers: Pick<UserRow, 'id' | 'name' | 'email'>[] = await strapi.db.query(USER).findMany({
        where: { $or: [{ role: { type: 'judge' } }, { id: { $in: [...judgeIds] } }] },
        select: ['id', 'name', 'email'],
        orderBy: { name: 'asc' },
      });
      return {
        month: contest.month,
        judgesPerEntry,
        entries: rows.length,
        judges: judgeUsers.map((user) => ({
          name: user.name ?? user.email ?? `#${user.id}`,
          email: user.email ?? '',
          scored: given.filter((score) => score.judgeId === user.id).length,
          left: open.filter((row) => !judgesOf.get(row.id)?.has(user.id)).length,
        })),
        underJudged: open.map((row) => ({ code: row.code, judges: judgesOf.get(row.id)?.size ?? 0 })),
      };
    },

    /** Every entry of a month with its score, best first: what the results are published from. */
    async contestScores(month: string): Promise<ContestScore[]> {
      const contest: ContestRow | null = await strapi.db.query(CONTEST).findOne({ where: { month } });
      if (!contest) return [];
      const { byEntry } = await summaries(contest);
      const rows: EntryRow[] = await entries().findMany({ where: { contest: { id: contest.id } }, select: ['id', 'code', 'title', 'status'], populate: { poet: { select: ['id'] } } });
      return rows
        .filter((row) => byEntry.has(row.id))
        .map((row) => ({ entryId: row.id, code: row.code, poetId: row.poet?.id ?? null, title: row.title, status: row.status, ...byEntry.get(row.id)! }))
        .sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
    },

    /** Scores whose entry no longer exists (deleted in the admin panel). */
    async removeOrphans(): Promise<number> {
      const entryTable = strapi.db.metadata.get(ENTRY as never).tableName;
      const scoreTable = strapi.db.metadata.get(SCORE as never).tableName;
      return strapi.db.connection(scoreTable).whereNotIn('entry_id', strapi.db.connection(entryTable).select('id')).delete();
    },
  };
});
