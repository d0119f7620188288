// Which judge reads which entry. Entries are assigned automatically (balanced, never a judge's own poem, never
// a judge who recused from it); admins can change an entry's judges; a judge can recuse themselves. Judges read
// and score only what is assigned to them; admins may read and score any entry but their own.
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { EntryJudging, JudgeProgress, Recusal } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg, say } from '../../../lib/messages';
import { isUniqueViolation } from '../../../lib/db';
import { contestRepository, type ContestRow } from '../../contest/repository';
import { entryRepository, type EntryRow } from '../../entry/repository';
import { userRepository, type UserRow } from '../../user/repository';
import { planAssignments } from '../lib/assign';
import { readsLanguage } from './judge-languages';
import { getService } from '../../../services';
import type { RowOf } from '../../../lib/rows';

const ASSIGNMENT = 'api::score.judge-assignment';
const SCORE = 'api::score.score';

export type AssignmentRow = RowOf<'api::score.judge-assignment', { assignedBy: 'auto' | 'admin' }>;

type JudgeUser = Pick<UserRow, 'id' | 'firebaseUid' | 'name' | 'email'> & { judgeLanguages?: string[] | null };
type EntryForAccess = Pick<EntryRow, 'id' | 'code' | 'status'> &
  Partial<Pick<EntryRow, 'language'>> & { contest?: ContestRow | null; poet?: { id: number } | null };

const isAdmin = (user: Pick<UserRow, 'role'>) => user.role?.type === 'admin';
const nameOf = (user: JudgeUser | undefined) => user?.name ?? user?.email ?? 'A former judge';

export const judgingErrors = {
  ownEntry: () => new ApiError(403, msg('judging.ownEntry'), { reason: 'own-entry' }, 'ForbiddenError'),
  assigning: () => new ApiError(503, msg('judging.assigning'), { reason: 'assigning', retryAfterSeconds: 2 }, 'ServiceUnavailableError'),
  notAssigned: () => new ApiError(403, msg('judging.notAssigned'), { reason: 'not-assigned' }, 'ForbiddenError'),
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const assignments = () => strapi.db.query(ASSIGNMENT);
  const settings = () => getService(strapi, 'api::site-setting.site-setting').contestSettings();

  /** Active judges (role judge, not suspended), by id. */
  async function judgePool(): Promise<JudgeUser[]> {
    return userRepository(strapi).withRole('judge', ['firebaseUid', 'name', 'email', 'judgeLanguages'], { active: true }) as Promise<JudgeUser[]>;
  }

  /** The assignments the contest's entries still need (read now; written under the contest's lock). */
  async function missingAssignments(contest: Pick<ContestRow, 'id'>, pool: JudgeUser[], judgesPerEntry: number) {
    const rows = await entryRepository(strapi).inContest(contest.id, ['language'], { unpublished: true });
    if (!rows.length) return [];
    // Judges who do not read an entry's language never get it (issue 37): as if they had recused from it.
    const nonReaders = (language: string | undefined) => pool.filter((judge) => !readsLanguage(judge.judgeLanguages, language ?? '')).map((judge) => judge.id);
    const existing: AssignmentRow[] = await assignments().findMany({ where: { contestId: contest.id }, select: ['entryId', 'judgeId', 'recusedAt'] });
    const scored: { entryId: number; judgeId: number }[] = await strapi.db
      .query(SCORE)
      .findMany({ where: { contestId: contest.id }, select: ['entryId', 'judgeId'] });
    const poolIds = new Set(pool.map((judge) => judge.id));
    const judgesOf = new Map<number, Set<number>>();
    const excludedOf = new Map<number, number[]>();
    const loads = new Map<number, number>();
    const add = (entryId: number, judgeId: number) => judgesOf.set(entryId, (judgesOf.get(entryId) ?? new Set()).add(judgeId));
    for (const row of existing) {
      if (row.recusedAt) {
        excludedOf.set(row.entryId, [...(excludedOf.get(row.entryId) ?? []), row.judgeId]);
      } else if (poolIds.has(row.judgeId)) {
        // An assignment of someone no longer judging counts only once they have scored (below).
        add(row.entryId, row.judgeId);
        loads.set(row.judgeId, (loads.get(row.judgeId) ?? 0) + 1);
      }
    }
    for (const score of scored) add(score.entryId, score.judgeId);
    const taken = new Set(existing.map((row) => `${row.entryId}:${row.judgeId}`));
    return planAssignments(
      rows.map((row) => ({
        entryId: row.id,
        poetId: row.poet?.id ?? null,
        judges: [...(judgesOf.get(row.id) ?? [])],
        excluded: [...(excludedOf.get(row.id) ?? []), ...nonReaders(row.language)],
      })),
      pool.map((judge) => judge.id),
      loads,
      judgesPerEntry,
    ).filter((pair) => !taken.has(`${pair.entryId}:${pair.judgeId}`));
  }

  /**
   * Gives every entry of the contest still open to judging its judges. Idempotent: concurrent callers on any
   * instance wait for each other on the contest's row and plan again under it; the unique index refuses a pair twice.
   */
  async function ensureAssigned(contest: Pick<ContestRow, 'id'>): Promise<void> {
    const [pool, { judgesPerEntry }] = await Promise.all([judgePool(), settings()]);
    if (!pool.length || !(await missingAssignments(contest, pool, judgesPerEntry)).length) return;
    await strapi.db.transaction(async ({ trx }) => {
      await contestRepository(strapi).lock(contest.id, trx);
      const now = new Date();
      const missing = await missingAssignments(contest, pool, judgesPerEntry);
      // In batched inserts (the dialect's batch size, 500 rows a statement on SQLite), not one statement per pair:
      // a month of thousands of entries is assigned in a few statements, and the lock is held that much shorter.
      if (missing.length) {
        await assignments().createMany({ data: missing.map((pair) => ({ ...pair, contestId: contest.id, assignedAt: now, assignedBy: 'auto' })) });
      }
    });
  }

  async function entryForAccess(code: string): Promise<EntryForAccess> {
    const row: EntryForAccess | null = await entryRepository(strapi).byCode(code);
    if (!row) throw new errors.NotFoundError(say('entryCode.notFound'));
    return row;
  }

  async function activeAssignment(entryId: number, judgeId: number): Promise<AssignmentRow | null> {
    return assignments().findOne({ where: { entryId, judgeId, recusedAt: { $null: true } } });
  }

  return {
    ensureAssigned,

    /** Entry ids a judge reads in a contest: assigned and not recused, or already scored by them. */
    async entryIdsOf(judge: UserRow, contestId: number): Promise<Set<number>> {
      const [own, scored] = await Promise.all([
        assignments().findMany({ where: { contestId, judgeId: judge.id, recusedAt: { $null: true } }, select: ['entryId'] }),
        strapi.db.query(SCORE).findMany({ where: { contestId, judgeId: judge.id }, select: ['entryId'] }),
      ]);
      return new Set([...own, ...scored].map((row: { entryId: number }) => row.entryId));
    },

    /**
     * The entry a caller may read or score: never their own (whatever their role now); a judge only what is
     * assigned to them (or what they already scored); an admin any other.
     */
    async assertMayJudge(user: UserRow, code: string): Promise<EntryForAccess> {
      const entry = await entryForAccess(code);
      if (entry.poet?.id === user.id) throw judgingErrors.ownEntry();
      if (isAdmin(user)) return entry;
      if (await activeAssignment(entry.id, user.id)) return entry;
      if (await strapi.db.query(SCORE).count({ where: { entryId: entry.id, judgeId: user.id } })) return entry;
      // A read never assigns (issue 38): an entry with no judges yet gets them in the background.
      if (entry.contest && entry.status !== 'published' && !(await assignments().count({ where: { entryId: entry.id } }))) {
        if (await getService(strapi, 'api::score.assigning').assigning(entry.contest)) throw judgingErrors.assigning();
      }
      throw judgingErrors.notAssigned();
    },

    /** POST /api/judging/entries/{code}/recuse: the entry leaves this judge's queue and goes to another judge. */
    async recuse(judge: UserRow, code: string, note: string | null, now: Date = new Date()): Promise<{ code: string; recused: true }> {
      const entry = await entryForAccess(code);
      if (entry.poet?.id === judge.id) throw judgingErrors.ownEntry();
      if (entry.status === 'published') throw new ApiError(409, msg('judging.closed'), { reason: 'published' }, 'ConflictError');
      if (await strapi.db.query(SCORE).count({ where: { entryId: entry.id, judgeId: judge.id } })) {
        throw new ApiError(409, msg('judging.cannotRecuse'), { reason: 'already-scored' }, 'ConflictError');
      }
      const current: AssignmentRow | null = await assignments().findOne({ where: { entryId: entry.id, judgeId: judge.id } });
      if (current?.recusedAt) return { code, recused: true };
      if (!current && !isAdmin(judge)) throw judgingErrors.notAssigned();
      if (current) {
        await assignments().update({ where: { id: current.id }, data: { recusedAt: now, recusalNote: note } });
      } else {
        // An admin who reads any entry recuses by leaving a recusal row, so they are never assigned it.
        await assignments().create({
          data: { entryId: entry.id, judgeId: judge.id, contestId: entry.contest!.id, assignedAt: now, assignedBy: 'admin', recusedAt: now, recusalNote: note },
        });
      }
      await ensureAssigned(entry.contest!);
      return { code, recused: true };
    },

    /**
     * PUT /api/judging/entries/{code}/judges (admins): the entry's judges become exactly these (judges who already
     * scored it stay). Refuses a non-judge, the entry's own poet and a judge who recused from it.
     */
    async setJudges(code: string, uids: string[], now: Date = new Date()): Promise<EntryJudging> {
      const entry = await entryForAccess(code);
      if (entry.status === 'published') throw new ApiError(409, msg('judging.closed'), { reason: 'published' }, 'ConflictError');
      const pool = await judgePool();
      const byUid = new Map(pool.map((judge) => [judge.firebaseUid, judge]));
      const unknown = uids.filter((uid) => !byUid.has(uid));
      if (unknown.length)
        throw new ApiError(422, msg('assign.notJudges', { uids: unknown.join(', ') }), { reason: 'not-a-judge', uids: unknown }, 'ValidationError');
      const wanted = uids.map((uid) => byUid.get(uid)!);
      if (wanted.some((judge) => judge.id === entry.poet?.id)) throw new ApiError(422, msg('assign.ownEntry'), { reason: 'own-entry' }, 'ValidationError');
      const rows: AssignmentRow[] = await assignments().findMany({ where: { entryId: entry.id } });
      const recused = wanted.filter((judge) => rows.some((row) => row.judgeId === judge.id && row.recusedAt));
      if (recused.length) {
        throw new ApiError(
          422,
          msg('assign.recused', { judges: recused.map((judge) => judge.name ?? judge.email ?? say('assign.formerJudge')).join(', ') }),
          { reason: 'recused' },
          'ValidationError',
        );
      }
      const wantedIds = new Set(wanted.map((judge) => judge.id));
      try {
        await strapi.db.transaction(async ({ trx }) => {
          await contestRepository(strapi).lock(entry.contest!.id, trx);
          const scored = new Set(
            (await strapi.db.query(SCORE).findMany({ where: { entryId: entry.id }, select: ['judgeId'] })).map((row: { judgeId: number }) => row.judgeId),
          );
          for (const row of rows) {
            if (!row.recusedAt && !wantedIds.has(row.judgeId) && !scored.has(row.judgeId)) await assignments().delete({ where: { id: row.id } });
          }
          for (const judge of wanted) {
            if (!rows.some((row) => row.judgeId === judge.id)) {
              await assignments().create({
                data: { entryId: entry.id, judgeId: judge.id, contestId: entry.contest!.id, assignedAt: now, assignedBy: 'admin' },
              });
            }
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, msg('assign.changed'), { reason: 'conflict' }, 'ConflictError');
        throw error;
      }
      const overview = await this.overview(entry.contest!, [entry.id]);
      return overview.assignments[0];
    },

    /** Per judge and per entry, for the admins' progress view (optionally for some entries only). */
    async overview(
      contest: Pick<ContestRow, 'id'>,
      onlyEntryIds?: number[],
    ): Promise<{ judges: JudgeProgress[]; assignments: EntryJudging[]; recusals: Recusal[] }> {
      const { judgesPerEntry } = await settings();
      const rows: EntryForAccess[] = await entryRepository(strapi).inContest(contest.id, ['code', 'status'], { ids: onlyEntryIds, inCodeOrder: true });
      const all: AssignmentRow[] = await assignments().findMany({ where: { contestId: contest.id } });
      const scores: { entryId: number; judgeId: number }[] = await strapi.db
        .query(SCORE)
        .findMany({ where: { contestId: contest.id }, select: ['entryId', 'judgeId'] });
      const pool = await judgePool();
      const ids = new Set([...pool.map((j) => j.id), ...all.map((a) => a.judgeId), ...scores.map((s) => s.judgeId)]);
      const users: JudgeUser[] = await userRepository(strapi).byIds([...ids], ['firebaseUid', 'name', 'email']);
      const userOf = new Map(users.map((user) => [user.id, user]));
      const scoredPairs = new Set(scores.map((s) => `${s.entryId}:${s.judgeId}`));
      const codeOf = new Map(rows.map((row) => [row.id, row.code]));

      const judgesByEntry = new Map<number, Set<number>>();
      for (const a of all) if (!a.recusedAt) judgesByEntry.set(a.entryId, (judgesByEntry.get(a.entryId) ?? new Set()).add(a.judgeId));
      for (const s of scores) judgesByEntry.set(s.entryId, (judgesByEntry.get(s.entryId) ?? new Set()).add(s.judgeId));

      const judges: JudgeProgress[] = pool.map((judge) => {
        const mine = all.filter((a) => a.judgeId === judge.id);
        const active = mine.filter((a) => !a.recusedAt);
        const scored = scores.filter((s) => s.judgeId === judge.id).length;
        return {
          uid: judge.firebaseUid,
          name: nameOf(judge),
          email: judge.email ?? '',
          assigned: active.length,
          scored,
          left: active.filter((a) => !scoredPairs.has(`${a.entryId}:${a.judgeId}`)).length,
          recused: mine.length - active.length,
        };
      });
      return {
        judges,
        assignments: rows.map((row) => {
          const ids = [...(judgesByEntry.get(row.id) ?? [])];
          return {
            code: row.code,
            status: row.status,
            judges: ids.map((id) => ({ uid: userOf.get(id)?.firebaseUid ?? '', name: nameOf(userOf.get(id)), scored: scoredPairs.has(`${row.id}:${id}`) })),
            missing: row.status === 'published' ? 0 : Math.max(0, judgesPerEntry - ids.length),
          };
        }),
        recusals: all
          .filter((a) => a.recusedAt && (!onlyEntryIds || onlyEntryIds.includes(a.entryId)))
          .map((a) => ({
            code: codeOf.get(a.entryId) ?? '',
            judge: nameOf(userOf.get(a.judgeId)),
            note: a.recusalNote ?? null,
            at: new Date(a.recusedAt!).toISOString(),
          }))
          .filter((recusal) => recusal.code),
      };
    },
  };
};
