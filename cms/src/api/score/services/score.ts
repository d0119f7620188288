import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  DEFAULT_COMPETITION,
  NORMALISATION_METHOD,
  checkMarks,
  marksFromCriteria,
  marksTotal,
  type AdminJudgingReport,
  type CompetitionKind,
  type Criterion,
  type EntryStatus,
  type JudgeScore,
  type JudgingEntry,
  type JudgingProgress,
  type JudgingQueue,
  type JudgingReport,
  type ScoreMark,
} from '@writory/shared';
import { ApiError, validationError } from '../../../lib/api-error';
import { msg, say } from '../../../lib/messages';
import { isUniqueViolation } from '../../../lib/db';
import { contestRepository, type ContestRow } from '../../contest/repository';
import { entryRepository, type EntryRow } from '../../entry/repository';
import { userRepository, type UserRow } from '../../user/repository';
import { agreementInWords, isOutlier, judgeDeviations, krippendorffAlphaInterval } from '../lib/agreement';
import { entryScores, type EntryScore } from '../lib/normalise';
import type { ParsedScore } from '../validation/score';
import { getService } from '../../../services';
import { marksOf, SCORE, type ScoreRow } from '../repository';

/** One entry's result, for publishing (results) and the admin table. */
export interface ContestScore extends EntryScore {
  entryId: number;
  code: string;
  poetId: number | null;
  title: string;
  status: EntryStatus;
}

/** The middle of sorted counts (the mean of the two middle ones for an even number); 0 for none. */
function median(sorted: number[]): number {
  if (!sorted.length) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const toJudgeScore = (row: ScoreRow): JudgeScore => ({
  marks: marksOf(row),
  total: row.total,
  comment: row.comment ?? null,
  submittedAt: new Date(row.submittedAt).toISOString(),
});

/** What the judging queue shows of an entry. */
const QUEUE_COLUMNS = ['code', 'judgeTitle', 'language', 'wordCount', 'status', 'originalityFlag'] as const;

export default factories.createCoreService(SCORE, ({ strapi }: { strapi: Core.Strapi }) => {
  const scores = () => strapi.db.query(SCORE);
  const entries = () => entryRepository(strapi);
  const contests = () => contestRepository(strapi);
  const settings = () => getService(strapi, 'api::site-setting.site-setting').contestSettings();
  const assignment = () => getService(strapi, 'api::score.assignment');
  const assigning = () => getService(strapi, 'api::score.assigning');

  /** Contests that have entries, newest month first (one query on the entries → contest link table). */
  async function contestsWithEntries(competition: string = DEFAULT_COMPETITION): Promise<ContestRow[]> {
    return contests().byIdsNewestFirst(await entries().contestIdsWithEntries(), competition);
  }

  /**
   * The months to choose from and the contest asked for: `month`, or by default the newest month that still
   * has entries waiting for results (else the newest with entries).
   */
  async function contestFor(month?: string, competition: string = DEFAULT_COMPETITION): Promise<{ months: string[]; contest: ContestRow | null }> {
    const withEntries = await contestsWithEntries(competition);
    const months = withEntries.map((row) => row.month);
    if (month) {
      const contest = withEntries.find((row) => row.month === month) ?? (await contests().ofMonth(month, competition));
      return { months, contest: contest ?? null };
    }
    for (const row of withEntries) {
      if (await entries().hasUnpublished(row.id)) return { months, contest: row };
    }
    return { months, contest: withEntries[0] ?? null };
  }

  async function requireContest(month?: string, competition: string = DEFAULT_COMPETITION) {
    const found = await contestFor(month, competition);
    if (month && !found.contest) throw new errors.NotFoundError(say(msg('contest.noneForMonth', { month })));
    return found;
  }

  async function summaries(contest: ContestRow): Promise<{ normalised: boolean; byEntry: Map<number, EntryScore> }> {
    const normalised = await getService(strapi, 'api::contest.contest').normalises(contest);
    const rows: ScoreRow[] = await scores().findMany({
      where: { contestId: contest.id },
      orderBy: { submittedAt: 'asc' },
      select: ['entryId', 'judgeId', 'total'],
    });
    return { normalised, byEntry: entryScores(rows, normalised) };
  }

  /**
   * The criteria a contest is judged on: fixed on the contest at its first score (so an admin's later edit of the
   * competition changes no score given), until then the competition's own.
   */
  async function criteriaOf(contest: Pick<ContestRow, 'criteria' | 'competitionSlug'>): Promise<Criterion[]> {
    if (contest.criteria?.length) return contest.criteria;
    return (await getService(strapi, 'api::competition.competition').require(contest.competitionSlug)).criteria;
  }

  async function entryByCode(code: string): Promise<EntryRow> {
    const row: EntryRow | null = await entries().byCode(code);
    if (!row) throw new errors.NotFoundError(say('entryCode.notFound'));
    return row;
  }

  return {
    contestFor,
    summaries,
    criteriaOf,

    /**
     * GET /api/judging/queue: a judge's assigned entries of the contest (admins: every entry but their own),
     * blind, the ones still to score first.
     */
    async queue(judge: UserRow, month?: string, competition: string = DEFAULT_COMPETITION): Promise<JudgingQueue> {
      const { months, contest } = await requireContest(month, competition);
      const { judgesPerEntry } = await settings();
      if (!contest) return { month: null, theme: null, judgesPerEntry, months, mine: { scored: 0, left: 0 }, entries: [], assigning: false };
      const admin = judge.role?.type === 'admin';
      // A read never assigns (issue 38): a month without judges yet gets them in the background, and says so.
      const busy = await assigning().assigning(contest);
      const readable: Set<number> | null = admin ? null : await assignment().entryIdsOf(judge, contest.id);
      const rows =
        // A judge's readable ids are all of this contest (read from its assignments and scores).
        (await entries().withPoetIds(readable ? { ids: [...readable] } : { contestId: contest.id }, QUEUE_COLUMNS)).filter((row) => row.poet?.id !== judge.id);
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
      // A judge's own assignments are theirs to finish; an admin helps where judges are missing.
      const left = items.filter((item) => item.myTotal === null && item.status !== 'published' && (readable || item.judges < judgesPerEntry)).length;
      return { month: contest.month, theme: contest.theme ?? null, judgesPerEntry, months, mine: { scored: mine.size, left }, entries: items, assigning: busy };
    },

    /** GET /api/judging/entries/{code}: the anonymised text; other judges' scores only after one's own. */
    async entryForJudge(judge: UserRow, code: string): Promise<JudgingEntry> {
      await assignment().assertMayJudge(judge, code);
      const row = await entryByCode(code);
      const given: ScoreRow[] = await scores().findMany({ where: { entryId: row.id }, orderBy: { submittedAt: 'asc' } });
      const own = given.find((score) => score.judgeId === judge.id);
      const contest = row.contest as ContestRow;
      const competition = await getService(strapi, 'api::competition.competition').require(contest.competitionSlug);
      return {
        code: row.code,
        competition: { slug: competition.slug, name: competition.name },
        competitionKind: competition.kind as CompetitionKind,
        criteria: await criteriaOf(contest),
        month: row.contest!.month,
        theme: row.contest!.theme ?? null,
        title: row.judgeTitle,
        language: row.language,
        text: row.judgeText,
        wordCount: row.wordCount,
        // The blind copy's kind: a PDF that named its poet has a plain .docx copy.
        kind: row.judgeFileKey?.endsWith('.docx') ? 'docx' : row.fileType,
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
      await assignment().assertMayJudge(judge, code);
      const row = await entryByCode(code);
      const closed = () => new ApiError(409, msg('judging.scoresClosed'), { reason: 'published' }, 'ConflictError');
      if (row.status === 'published') throw closed();
      const { judgesPerEntry } = await settings();
      const contestId = row.contest!.id;
      try {
        const created: ScoreRow = await strapi.db.transaction(async ({ trx }) => {
          await entries().lock(row.id, trx);
          // Read under the lock: results published meanwhile (their transaction holds the entry) close the scores.
          const current = (await entries().judgingOf(row.id))!;
          if (current.status === 'published') throw closed();
          // The contest's criteria are fixed by its first score: copied from the competition once (a concurrent
          // first score of another entry copies the same, or finds them copied), then read back as stored.
          const contest = (await contests().byId(contestId))!;
          if (!contest.criteria?.length) await contests().fixCriteria(contestId, await criteriaOf(contest), trx);
          const criteria = await criteriaOf((await contests().byId(contestId))!);
          const { marks, problems } = checkMarks(criteria, input.marks);
          if (problems.length) {
            throw validationError(problems.map((problem) => ({ path: ['marks', problem.criterion], message: problem.message })));
          }
          const score = await scores().create({
            data: { marks, comment: input.comment, total: marksTotal(marks), entryId: row.id, judgeId: judge.id, contestId, submittedAt: now },
          });
          const judges = await scores().count({ where: { entryId: row.id } });
          const done = judges >= judgesPerEntry;
          await entries().setJudging(row.id, {
            status: done ? 'scored' : 'in_judging',
            judgingStartedAt: current.judgingStartedAt ?? now,
            ...(done ? { scoredAt: current.scoredAt ?? now } : {}),
          });
          return score;
        });
        return toJudgeScore(created);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ApiError(409, msg('judging.alreadyScored'), { reason: 'already-scored' }, 'ConflictError');
        }
        throw error;
      }
    },

    /** GET /api/judging/progress: each judge's assignments and what is left, each entry's judges, recusals. */
    async progress(month?: string, competition: string = DEFAULT_COMPETITION): Promise<JudgingProgress> {
      const { contest } = await requireContest(month, competition);
      const { judgesPerEntry } = await settings();
      if (!contest) return { month: null, judgesPerEntry, entries: 0, judges: [], underJudged: [], assignments: [], recusals: [], assigning: false };
      const busy = await assigning().assigning(contest);
      const overview = await assignment().overview(contest);
      const scoredBy = new Map<string, number>();
      for (const entry of overview.assignments) scoredBy.set(entry.code, entry.judges.filter((judge) => judge.scored).length);
      return {
        month: contest.month,
        judgesPerEntry,
        entries: overview.assignments.length,
        judges: overview.judges,
        underJudged: overview.assignments
          .filter((entry) => entry.status !== 'published' && scoredBy.get(entry.code)! < judgesPerEntry)
          .map((entry) => ({ code: entry.code, judges: scoredBy.get(entry.code)! })),
        assignments: overview.assignments,
        recusals: overview.recusals,
        assigning: busy,
      };
    },

    /**
     * How a month was judged: entries, judges, the method, the judges' agreement (Krippendorff's alpha on the
     * totals) and recusals; for admins also each judge's distance from their co-judges. Public only once the
     * month's results are published.
     */
    async report(month: string, { forAdmin = false, competition = DEFAULT_COMPETITION } = {}): Promise<JudgingReport | AdminJudgingReport> {
      const contest: ContestRow | null = await contests().ofMonth(month, competition);
      const published = contest ? await entries().countInContest(contest.id, { is: 'published' }) : 0;
      if (!contest || (!forAdmin && !published)) throw new errors.NotFoundError(say(msg('results.notPublished', { month })));
      const rows: ScoreRow[] = await scores().findMany({ where: { contestId: contest.id }, select: ['entryId', 'judgeId', 'total'] });
      // Results uploaded as a CSV were judged outside Writory: there is nothing to report on.
      if (!forAdmin && !rows.length) throw new errors.NotFoundError(say(msg('results.notJudgedHere', { month })));
      const [{ judgesPerEntry }, normalised] = await Promise.all([settings(), getService(strapi, 'api::contest.contest').normalises(contest)]);
      const entryCount = await entries().countInContest(contest.id);
      const ratings = rows.map((row) => ({ unit: row.entryId, rater: row.judgeId, value: row.total }));
      const perEntry = new Map<number, number>();
      for (const row of rows) perEntry.set(row.entryId, (perEntry.get(row.entryId) ?? 0) + 1);
      const alpha = krippendorffAlphaInterval(ratings);
      const recusals = await strapi.db.query('api::score.judge-assignment').count({ where: { contestId: contest.id, recusedAt: { $notNull: true } } });
      const report: JudgingReport = {
        month,
        entries: entryCount,
        judges: new Set(rows.map((row) => row.judgeId)).size,
        judgesPerEntry,
        meanJudgesPerEntry: perEntry.size ? Math.round(([...perEntry.values()].reduce((a, b) => a + b, 0) / perEntry.size) * 100) / 100 : 0,
        method: normalised ? 'normalised' : 'mean',
        methodText: normalised ? NORMALISATION_METHOD : 'Each entry’s score is the plain mean of its judges’ totals.',
        agreement: {
          statistic: 'krippendorff-alpha-interval',
          value: alpha === null ? null : Math.round(alpha * 1000) / 1000,
          meaning: agreementInWords(alpha),
          pairedEntries: [...perEntry.values()].filter((count) => count >= 2).length,
        },
        recusals,
        competition: contest.competitionSlug,
        criteria: await criteriaOf(contest),
      };
      if (!forAdmin) return report;
      // How many judges read each entry of the contest (an entry nobody has scored yet counts as 0).
      const entryIds = await entries().idsInContest(contest.id);
      const readBy = entryIds.map((id) => perEntry.get(id) ?? 0).sort((a, b) => a - b);
      const deviations = new Map(judgeDeviations(ratings).map((d) => [d.judgeId, d]));
      const judgeIds = [...new Set(rows.map((row) => row.judgeId))];
      const users: Pick<UserRow, 'id' | 'firebaseUid' | 'name' | 'email'>[] = await userRepository(strapi).byIds(judgeIds, ['firebaseUid', 'name', 'email']);
      const overview = await assignment().overview(contest);
      return {
        ...report,
        judgesRead: {
          target: judgesPerEntry,
          min: readBy.length ? readBy[0]! : 0,
          median: median(readBy),
          fewer: readBy.filter((count) => count < judgesPerEntry).length,
        },
        judgeDetails: judgeIds.map((id) => {
          const user = users.find((u) => u.id === id);
          const totals = rows.filter((row) => row.judgeId === id).map((row) => row.total);
          const deviation = deviations.get(id);
          return {
            uid: user?.firebaseUid ?? '',
            name: user?.name ?? user?.email ?? 'A former judge',
            scored: totals.length,
            meanTotal: Math.round((totals.reduce((a, b) => a + b, 0) / totals.length) * 100) / 100,
            shared: deviation?.shared ?? 0,
            meanDifference: deviation?.meanDifference ?? null,
            outlier: deviation ? isOutlier(deviation) : false,
          };
        }),
        recusalDetails: overview.recusals,
      };
    },

    /** Every entry of a month with its score, best first: what the results are published from. */
    async contestScores(month: string): Promise<ContestScore[]> {
      const contest: ContestRow | null = await contests().ofMonth(month, DEFAULT_COMPETITION);
      if (!contest) return [];
      const { byEntry } = await summaries(contest);
      const rows = await entries().inContest(contest.id, ['code', 'title', 'status']);
      return rows
        .filter((row) => byEntry.has(row.id))
        .map((row) => ({ entryId: row.id, code: row.code, poetId: row.poet?.id ?? null, title: row.title, status: row.status, ...byEntry.get(row.id)! }))
        .sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
    },

    /** The scores of entries being deleted (the entry repository's onEntriesRemoved, in the deleting transaction). */
    async removeForEntries(entryIds: number[]): Promise<number> {
      const { count } = await scores().deleteMany({ where: { entryId: { $in: entryIds } } });
      return count;
    },

    /**
     * The startup migration to marks (issue 37): every score from before it holds the five poetry criteria in
     * their own columns; copy them into `marks` (the total is unchanged), and fix on each contest with scores the
     * criteria they were given on. The old columns are kept (Strapi's schema sync drops a removed attribute's
     * column), so nothing is lost if this is stopped half-way. Idempotent: a second run finds nothing to copy.
     */
    async migrateMarks(): Promise<{ scores: number; contests: number }> {
      const knex = strapi.db.connection;
      const scoreTable = strapi.db.metadata.get(SCORE as never).tableName;
      const contests = contestRepository(strapi);
      const legacy: { id: number; structure: number; creativity: number; language: number; emotional_impact: number; theme: number }[] = await knex(scoreTable)
        .select('id', 'structure', 'creativity', 'language', 'emotional_impact', 'theme')
        .whereNull('marks')
        .whereNotNull('structure');
      const unfixed = await contests.unfixedAmong(knex(scoreTable).select('contest_id'));
      if (!legacy.length && !unfixed.length) return { scores: 0, contests: 0 };
      await strapi.db.transaction(async ({ trx }) => {
        for (const row of legacy) {
          const marks = marksFromCriteria({ ...row, emotionalImpact: row.emotional_impact });
          await trx(scoreTable)
            .where({ id: row.id })
            .update({ marks: JSON.stringify(marks) });
        }
        // The criteria a contest was scored on: its scores' own marks (all poetry's five, from before competitions).
        for (const id of unfixed) {
          const first: { marks: ScoreMark[] | string | null } | undefined = await trx(scoreTable)
            .select('marks')
            .where({ contest_id: id })
            .orderBy('id')
            .first();
          const marks = typeof first?.marks === 'string' ? (JSON.parse(first.marks) as ScoreMark[]) : first?.marks;
          if (marks?.length)
            await contests.fixCriteria(
              id,
              marks.map(({ name, max }) => ({ name, max })),
              trx,
            );
        }
      });
      return { scores: legacy.length, contests: unfixed.length };
    },

    /** Scores whose entry no longer exists (deleted before scores went with their entry): cleared once at startup. */
    async removeOrphans(): Promise<number> {
      const scoreTable = strapi.db.metadata.get(SCORE as never).tableName;
      return strapi.db.connection(scoreTable).whereNotIn('entry_id', entries().allIds()).delete();
    },
  };
});
