// The submission data table: every entry of a month with its poet and scores (admins only).
import type { AdminEntries } from '@writory/shared';
import { authedFetch } from '../lib/api';
import { loadable, loadInto } from './loadable';

export const $submissionData = loadable<AdminEntries>();

export const loadSubmissionData = (month?: string | null) =>
  loadInto($submissionData, () => authedFetch<AdminEntries>(month ? `/api/admin/entries?${new URLSearchParams({ month })}` : '/api/admin/entries'), 'the submission data');
