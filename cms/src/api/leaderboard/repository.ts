// The leaderboard tables, owned by the leaderboard domain: a poet's points in a month (leaderboard_months) and all
// time (leaderboard_totals). Other domains record points through the leaderboard service (api::leaderboard.leaderboard).
import type { RowOf } from '../../lib/rows';

export const LEADERBOARD_MONTH = 'api::leaderboard.leaderboard-month' as const;
export const LEADERBOARD_TOTAL = 'api::leaderboard.leaderboard-total' as const;

export type LeaderboardMonthRow = RowOf<typeof LEADERBOARD_MONTH, { source: 'results' | 'import' }>;
export type LeaderboardTotalRow = RowOf<typeof LEADERBOARD_TOTAL>;
