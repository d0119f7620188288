// The signed-in poet's entries with their status (never a score).
import { onMount } from 'nanostores';
import type { MyEntry } from '@writory/shared';
import { myEntries } from '../api/entries';
import { $authStatus } from './auth';
import { loadable, loadInto } from './loadable';

export const $myEntries = loadable<MyEntry[]>();

export const loadMyEntries = () => loadInto($myEntries, myEntries, 'your entries');

onMount($myEntries, () => {
  if (typeof window === 'undefined') return;
  return $authStatus.subscribe((status) => {
    if (status === 'signed-in') void loadMyEntries();
  });
});
