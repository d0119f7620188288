// Build-time reads of published results: winners and the leaderboard's first page.
import type { JudgingReport, LeaderboardPage, WinnerDetail, WinnersIndex } from '@writory/shared';
import { cmsGet } from './cms';

let index: Promise<WinnersIndex> | undefined;
/** Every month with published winners, newest first (read once per build). */
export const winnersIndex = () => (index ??= cmsGet<WinnersIndex>('/winners'));
export const winnerDetail = (id: string) => cmsGet<WinnerDetail>(`/winners/${encodeURIComponent(id)}`);
export const leaderboardFirstPage = () => cmsGet<LeaderboardPage>('/leaderboard?view=all&page=1&pageSize=25');

/** How a published month was judged; null when the cms has no report for it (results not from in-app judging). */
export async function judgingReport(month: string): Promise<JudgingReport | null> {
  const res = await fetch(`${process.env.CMS_URL ?? 'http://127.0.0.1:1337'}/api/judging/reports/${encodeURIComponent(month)}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`cms judging report ${month} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as JudgingReport;
}
