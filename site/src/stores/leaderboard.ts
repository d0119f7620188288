// The leaderboard page shown on /leaderboard after the first (which arrives as static HTML): a view, a page, a search.
import { atom } from 'nanostores';
import type { LeaderboardPage } from '@writory/shared';
import { leaderboardPage, type LeaderboardQuery } from '../api/results';

/** null until the reader asks for another page than the one built into the HTML. */
export const $leaderboard = atom<LeaderboardPage | null>(null);

let latest = 0;

/** Loads a page; an answer that arrives after a newer question is dropped (and null returned). */
export async function loadLeaderboard(query: LeaderboardQuery): Promise<LeaderboardPage | null> {
  const asked = ++latest;
  const page = await leaderboardPage(query);
  if (asked !== latest) return null;
  $leaderboard.set(page);
  return page;
}
