// The signed-in poet's entries with their status (GET /api/entries/mine; never a score).
import { onMount } from 'nanostores';
import type { MyEntry } from '@writory/shared';
import { authedFetch } from '../lib/api';
import { $authStatus } from './auth';
import { loadable, loadInto } from './loadable';

export const $myEntries = loadable<MyEntry[]>();

export const loadMyEntries = () => loadInto($myEntries, () => authedFetch<MyEntry[]>('/api/entries/mine'), 'your entries');

onMount($myEntries, () => {
  if (typeof window === 'undefined') return;
  return $authStatus.subscribe((status) => {
    if (status === 'signed-in') void loadMyEntries();
  });
});
