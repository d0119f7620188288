// The competition a poet is entering and its contest this month: the dates for every visitor, and for a
// signed-in poet whether they may enter now (the server's answer: verified email, age, window, entries left).
import { atom, onMount } from 'nanostores';
import type { CurrentContest, EntryAllowance } from '@writory/shared';
import { currentContest } from '../api/contest';
import { entryAllowance } from '../api/entries';
import { DEFAULT_COMPETITION } from '../lib/competitions';
import { $authStatus } from './auth';
import { loadable, loadInto, type LoadState } from './loadable';

/** The competition chosen on /submit (poetry until the poet or a `?competition=` link chooses another). */
export const $competition = atom<string>(DEFAULT_COMPETITION);
export const $contest = loadable<CurrentContest>();
export const $allowance = atom<{ state: LoadState | 'signed-out'; data: EntryAllowance | null }>({ state: 'loading', data: null });

/** Writes an answer only while its competition is still the chosen one (a slower answer for another is dropped). */
const forChosen = <T>(store: { set(value: T): void }) => {
  const asked = $competition.get();
  return { set: (value: T) => asked === $competition.get() && store.set(value) };
};

export const loadContest = () => loadInto(forChosen($contest), () => currentContest($competition.get()), 'the contest');

/** Asks the server again (after an entry, or when the sign-in or the competition changes). */
export async function loadAllowance(): Promise<void> {
  if ($authStatus.get() !== 'signed-in') {
    $allowance.set({ state: $authStatus.get() === 'signed-out' ? 'signed-out' : 'loading', data: null });
    return;
  }
  await loadInto(forChosen($allowance), () => entryAllowance($competition.get()), 'the entry allowance');
}

/** Switches the competition: its dates and the poet's allowance in it load again (the old ones are not shown meanwhile). */
export function chooseCompetition(slug: string): void {
  if (slug === $competition.get()) return;
  $competition.set(slug);
  $contest.set({ state: 'loading', data: null });
  if ($allowance.get().state !== 'signed-out') $allowance.set({ state: 'loading', data: null });
  if ($contest.lc > 0) void loadContest();
  if ($allowance.lc > 0) void loadAllowance();
}

onMount($contest, () => {
  if (typeof window !== 'undefined') void loadContest();
});

onMount($allowance, () => {
  if (typeof window === 'undefined') return;
  return $authStatus.subscribe(() => void loadAllowance());
});
