// The signed-in poet's entries with their status (GET /api/entries/mine; never a score).
import { atom, onMount } from 'nanostores';
import type { MyEntry } from '@writory/shared';
import { authedFetch } from '../lib/api';
import { $authStatus } from './auth';
import type { LoadState } from './contest';

export const $myEntries = atom<{ state: LoadState; entries: MyEntry[] }>({ state: 'loading', entries: [] });

export async function loadMyEntries(): Promise<void> {
  try {
    $myEntries.set({ state: 'ready', entries: await authedFetch<MyEntry[]>('/api/entries/mine') });
  } catch (error) {
    console.warn('Could not load your entries', error);
    $myEntries.set({ state: 'failed', entries: [] });
  }
}

onMount($myEntries, () => {
  if (typeof window === 'undefined') return;
  return $authStatus.subscribe((status) => {
    if (status === 'signed-in') void loadMyEntries();
  });
});
