// The submission data table: every entry of a month with its poet and scores (admins only).
import { atom } from 'nanostores';
import type { AdminEntries } from '@writory/shared';
import { authedFetch } from '../lib/api';
import type { LoadState } from './contest';

export const $submissionData = atom<{ state: LoadState; data: AdminEntries | null }>({ state: 'loading', data: null });

export async function loadSubmissionData(month?: string | null): Promise<void> {
  try {
    const path = month ? `/api/admin/entries?${new URLSearchParams({ month })}` : '/api/admin/entries';
    $submissionData.set({ state: 'ready', data: await authedFetch<AdminEntries>(path) });
  } catch (error) {
    console.warn('Could not load the submission data', error);
    $submissionData.set({ state: 'failed', data: null });
  }
}
