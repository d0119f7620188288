// Contest months: this month's dates for everyone, and the months admins set up.
import type { AdminContest, AdminContests, AdminContestUpdate, CurrentContest } from '@writory/shared';
import { apiFetch, authedFetch, jsonBody } from '../lib/api';

export const currentContest = () => apiFetch<CurrentContest>('/api/contests/current');

export const adminContests = () => authedFetch<AdminContests>('/api/admin/contests');

/** Saves one month, creating it when new. */
export const saveAdminContest = (month: string, update: AdminContestUpdate) =>
  authedFetch<AdminContest>(`/api/admin/contests/${encodeURIComponent(month)}`, { method: 'PUT', ...jsonBody(update) });
