// The contest months admins manage on /admin-settings: theme, dates and normalisation per month.
import type { AdminContest, AdminContests, AdminContestUpdate } from '@writory/shared';
import { adminContests, saveAdminContest } from '../api/contest';
import { loadable, loadInto } from './loadable';

export const $contestMonths = loadable<AdminContests>();

export const loadContestMonths = () => loadInto($contestMonths, adminContests, 'the contest months');

/** Saves one month (creating it when new) and puts the server's answer in the list. */
export async function saveContestMonth(month: string, update: AdminContestUpdate): Promise<AdminContest> {
  const saved = await saveAdminContest(month, update);
  const current = $contestMonths.get().data;
  if (current) {
    const others = current.contests.filter((contest) => contest.month !== month);
    $contestMonths.set({ state: 'ready', data: { ...current, contests: [...others, saved].sort((a, b) => b.month.localeCompare(a.month)) } });
  }
  return saved;
}
