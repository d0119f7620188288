// When judges get their entries (issue 38): when a contest's window closes (the calendar timer,
// contest.runCalendar), or in the background when a judge or an admin opens a month whose entries have no judges
// yet. A read never writes: the queue, an entry and the progress view answer at once and say "assignments are being
// made" while the job runs; the job is assignment.ensureAssigned, idempotent on every instance under the contest's
// lock.
import type { Core } from '@strapi/strapi';
import { runInBackground } from '../../../lib/background';
import type { ContestRow } from '../../contest/repository';
import { entryRepository } from '../../entry/repository';
import { getService } from '../../../services';

const ASSIGNMENT = 'api::score.judge-assignment';

/**
 * A month whose job left entries without any judge (a language nobody reads, no judges at all) is tried again at a
 * read after this long, not at every read, unless more entries without judges came meanwhile; the calendar timer
 * tries closed months at each tick anyway.
 */
export const ASSIGNING_RETRY_MS = 60_000;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** Per contest id: this instance's job while it runs. */
  const running = new Map<number, Promise<void>>();
  /** Per contest id: when this instance's last job for it ended with entries still without judges, and how many. */
  const stuck = new Map<number, { at: number; unassigned: number }>();

  /**
   * How many entries of the contest still open to judging have no assignment row at all (neither a judge nor a
   * recusal): one read through the entries' contest link and the assignments' contest index. Entries that lost a
   * judge later (a recusal, a suspended judge) are given another one by the recusal itself and by the timer.
   */
  async function unassignedCount(contestId: number): Promise<number> {
    const { tableName, attributes } = strapi.db.metadata.get(ASSIGNMENT);
    const column = (name: string) => (attributes[name] as { columnName?: string }).columnName ?? name;
    const assigned = strapi.db.connection(tableName).select(column('entryId')).where(column('contestId'), contestId);
    return entryRepository(strapi).countUnpublishedExcept(contestId, assigned);
  }

  /**
   * Starts this contest's job unless one runs here already; resolves when it has ended. `afterThisTurn`: the job's
   * first query waits for the event loop's next turn, so the read that started it makes its own queries and answers
   * first (the job's reads of a month's entries would otherwise run between the read's, on the same thread and the
   * same SQLite connection).
   */
  function start(contest: Pick<ContestRow, 'id'>, { afterThisTurn = false } = {}): Promise<void> {
    let job = running.get(contest.id);
    if (!job) {
      job = runInBackground(strapi, `assigning the judges of contest ${contest.id}`, async () => {
        if (afterThisTurn) await new Promise((resolve) => setImmediate(resolve));
        await getService(strapi, 'api::score.assignment').ensureAssigned(contest);
        const unassigned = await unassignedCount(contest.id);
        if (unassigned) stuck.set(contest.id, { at: Date.now(), unassigned });
        else stuck.delete(contest.id);
      }).finally(() => running.delete(contest.id));
      running.set(contest.id, job);
    }
    return job;
  }

  return {
    start,
    unassignedCount,

    /**
     * For a read of the contest's judging: true while its assignments are being made (started here when some of its
     * open entries have no judges yet). Never writes, and costs one indexed read when there is nothing to do.
     */
    async assigning(contest: Pick<ContestRow, 'id'>, now = Date.now()): Promise<boolean> {
      if (running.has(contest.id)) return true;
      const unassigned = await unassignedCount(contest.id);
      if (!unassigned) return false;
      const last = stuck.get(contest.id);
      if (last && last.unassigned === unassigned && now - last.at < ASSIGNING_RETRY_MS) return false;
      void start(contest, { afterThisTurn: true });
      return true;
    },
  };
};
