// Build-time reads of published results: winners and the leaderboard's first page.
import type { LeaderboardPage, WinnerDetail, WinnersIndex } from '@writory/shared';
import { cmsGet } from './cms';

let index: Promise<WinnersIndex> | undefined;
/** Every month with published winners, newest first (read once per build). */
export const winnersIndex = () => (index ??= cmsGet<WinnersIndex>('/winners'));
export const winnerDetail = (id: string) => cmsGet<WinnerDetail>(`/winners/${encodeURIComponent(id)}`);
export const leaderboardFirstPage = () => cmsGet<LeaderboardPage>('/leaderboard?view=all&page=1&pageSize=25');
