// Ranks and percentiles of a month's scores, and the rank order of the leaderboard. Pure, so it is unit-tested.

export interface Ranked<T> {
  item: T;
  /** Competition ranking: equal scores share a rank, the next rank skips (1, 2, 2, 4). */
  rank: number;
  /** Share of the scores strictly lower than this one, 0–100, rounded down. */
  percentile: number;
}

/** Orders items by score, highest first, with ties in their original order. */
export function rankByScore<T>(items: T[], score: (item: T) => number): Ranked<T>[] {
  const sorted = items.map((item, index) => ({ item, index, value: score(item) })).sort((a, b) => b.value - a.value || a.index - b.index);
  const count = sorted.length;
  const ranked: Ranked<T>[] = [];
  let rank = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0 || sorted[i].value !== sorted[i - 1].value) rank = i + 1;
    ranked.push({ item: sorted[i].item, rank, percentile: 0 });
  }
  // From the lowest score up: a group of equal scores gets the share of everything below it.
  let below = 0;
  for (let i = count - 1; i >= 0; i--) {
    let j = i;
    while (j > 0 && sorted[j - 1].value === sorted[i].value) j--;
    for (let k = j; k <= i; k++) ranked[k].percentile = count > 0 ? Math.floor((100 * below) / count) : 0;
    below += i - j + 1;
    i = j;
  }
  return ranked;
}
