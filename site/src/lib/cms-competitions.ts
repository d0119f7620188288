// Build-time reads of the competitions (GET /api/competitions, /api/competitions/:slug) and their published winners.
import type { CompetitionDetail, CompetitionSummary, CurrentContest } from '@writory/shared';
import { cmsGet } from './cms';
import { winnersIndex } from './cms-results';

let list: Promise<CompetitionSummary[]> | undefined;
/** Every competition in the order admins set (read once per build). */
export const competitions = () => (list ??= cmsGet<{ data: CompetitionSummary[] }>('/competitions').then((body) => body.data));
export const competitionDetail = (slug: string) => cmsGet<CompetitionDetail>(`/competitions/${encodeURIComponent(slug)}`);
/** The competition's months with published winners, newest first. */
export const competitionWinners = (slug: string) => winnersIndex(slug);

let zone: Promise<string> | undefined;
/** The contest time zone every competition's instants are shown in. */
export const contestTimeZone = () => (zone ??= cmsGet<CurrentContest>('/contests/current').then((current) => current.timeZone));
/** This month's contest of a competition, as the build saw it (the page's banner asks again in the browser). */
export const competitionContest = (slug: string) => cmsGet<CurrentContest>(`/contests/current?competition=${encodeURIComponent(slug)}`);
