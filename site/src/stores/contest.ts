// This month's contest: its dates for every visitor, and for a signed-in poet whether they may enter now
// (the server's answer: verified email, age, window, entries left).
import { atom, onMount } from 'nanostores';
import type { CurrentContest, EntryAllowance } from '@writory/shared';
import { apiFetch, authedFetch } from '../lib/api';
import { $authStatus } from './auth';

export type LoadState = 'loading' | 'ready' | 'failed';

export const $contest = atom<{ state: LoadState; data: CurrentContest | null }>({ state: 'loading', data: null });
export const $allowance = atom<{ state: LoadState | 'signed-out'; data: EntryAllowance | null }>({ state: 'loading', data: null });

export async function loadContest(): Promise<void> {
  try {
    $contest.set({ state: 'ready', data: await apiFetch<CurrentContest>('/api/contests/current') });
  } catch (error) {
    console.warn('Could not load the contest', error);
    $contest.set({ state: 'failed', data: null });
  }
}

/** Asks the server again (after an entry, or when the sign-in changes). */
export async function loadAllowance(): Promise<void> {
  if ($authStatus.get() !== 'signed-in') {
    $allowance.set({ state: $authStatus.get() === 'signed-out' ? 'signed-out' : 'loading', data: null });
    return;
  }
  try {
    $allowance.set({ state: 'ready', data: await authedFetch<EntryAllowance>('/api/entries/allowance') });
  } catch (error) {
    console.warn('Could not load the entry allowance', error);
    $allowance.set({ state: 'failed', data: null });
  }
}

onMount($contest, () => {
  if (typeof window !== 'undefined') void loadContest();
});

onMount($allowance, () => {
  if (typeof window === 'undefined') return;
  return $authStatus.subscribe(() => void loadAllowance());
});
