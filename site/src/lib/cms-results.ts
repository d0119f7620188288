// Build-time reads of published results: winners and the leaderboard's first page, per competition (poetry when
// none is named, sent as the bare URL it always was).
import type { JudgingReport, LeaderboardPage, WinnerDetail, WinnersIndex } from '@writory/shared';
import { cmsGet } from './cms';
import { competitionOf, competitionParam, DEFAULT_COMPETITION } from './competitions';

const withCompetition = (path: string, competition?: string | null) => {
  const slug = competitionParam(competition);
  return slug ? `${path}${path.includes('?') ? '&' : '?'}competition=${encodeURIComponent(slug)}` : path;
};

/**
 * Keeps the competition's own months and winners: the cms answers per competition (GET /api/winners?competition=),
 * and a winner or month that names another competition is left out as well.
 */
export function winnersOf(index: WinnersIndex, competition: string): WinnersIndex {
  const slugOf = (...rows: object[]) => rows.map((row) => competitionOf(row)?.slug).find(Boolean) ?? competition;
  return {
    months: index.months
      .map((month) => ({ ...month, winners: month.winners.filter((winner) => slugOf(winner, month) === competition) }))
      .filter((month) => month.winners.length > 0),
  };
}

const indexes = new Map<string, Promise<WinnersIndex>>();
/** Every month with published winners of a competition, newest first (read once per build). */
export function winnersIndex(competition?: string | null): Promise<WinnersIndex> {
  const slug = competition || DEFAULT_COMPETITION;
  let index = indexes.get(slug);
  if (!index) indexes.set(slug, (index = cmsGet<WinnersIndex>(withCompetition('/winners', slug)).then((all) => winnersOf(all, slug))));
  return index;
}
export const winnerDetail = (id: string) => cmsGet<WinnerDetail>(`/winners/${encodeURIComponent(id)}`);
export const leaderboardFirstPage = (competition?: string | null) => cmsGet<LeaderboardPage>(withCompetition('/leaderboard?view=all&page=1&pageSize=25', competition));

/** How a published month was judged; null when the cms has no report for it (results not from in-app judging). */
export async function judgingReport(month: string, competition?: string | null): Promise<JudgingReport | null> {
  const res = await fetch(`${process.env.CMS_URL ?? 'http://127.0.0.1:1337'}/api${withCompetition(`/judging/reports/${encodeURIComponent(month)}`, competition)}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`cms judging report ${month} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as JudgingReport;
}
