// This month's contest: its dates for every visitor, and for a signed-in poet whether they may enter now
// (the server's answer: verified email, age, window, entries left).
import { atom, onMount } from 'nanostores';
import type { CurrentContest, EntryAllowance } from '@writory/shared';
import { currentContest } from '../api/contest';
import { entryAllowance } from '../api/entries';
import { $authStatus } from './auth';
import { loadable, loadInto, type LoadState } from './loadable';

export const $contest = loadable<CurrentContest>();
export const $allowance = atom<{ state: LoadState | 'signed-out'; data: EntryAllowance | null }>({ state: 'loading', data: null });

export const loadContest = () => loadInto($contest, currentContest, 'the contest');

/** Asks the server again (after an entry, or when the sign-in changes). */
export async function loadAllowance(): Promise<void> {
  if ($authStatus.get() !== 'signed-in') {
    $allowance.set({ state: $authStatus.get() === 'signed-out' ? 'signed-out' : 'loading', data: null });
    return;
  }
  await loadInto($allowance, entryAllowance, 'the entry allowance');
}

onMount($contest, () => {
  if (typeof window !== 'undefined') void loadContest();
});

onMount($allowance, () => {
  if (typeof window === 'undefined') return;
  return $authStatus.subscribe(() => void loadAllowance());
});
