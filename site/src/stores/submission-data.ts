// The submission data table: every entry of a month with its poet and scores (admins only).
import type { AdminEntries } from '@writory/shared';
import { adminEntries } from '../api/entries';
import { loadable, loadInto } from './loadable';

export const $submissionData = loadable<AdminEntries>();

export const loadSubmissionData = (month?: string | null) => loadInto($submissionData, () => adminEntries(month), 'the submission data');
