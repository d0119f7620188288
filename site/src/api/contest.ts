// Contest months: this month's dates for everyone, and the months admins set up.
import type { AdminContest, AdminContests, AdminContestUpdate, CurrentContest } from '@writory/shared';
import { apiFetch, authedFetch, jsonBody, queryOf } from '../lib/api';
import { competitionParam } from '../lib/competitions';

/** This month's contest of a competition (the default one, poetry, when none is named). */
export const currentContest = (competition?: string | null) =>
  apiFetch<CurrentContest>(`/api/contests/current${queryOf({ competition: competitionParam(competition) })}`);

export const adminContests = () => authedFetch<AdminContests>('/api/admin/contests');

/** Saves one month, creating it when new. */
export const saveAdminContest = (month: string, update: AdminContestUpdate) =>
  authedFetch<AdminContest>(`/api/admin/contests/${encodeURIComponent(month)}`, { method: 'PUT', ...jsonBody(update) });
