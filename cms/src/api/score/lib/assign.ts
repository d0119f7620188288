// Who reads which entry: each entry gets its number of judges, never its own poet nor a judge who recused
// from it, and the work is spread so that judges' loads differ by at most one wherever conflicts allow.

export interface EntryToAssign {
  entryId: number;
  /** The poet who wrote it: never their judge. */
  poetId: number | null;
  /** Judges it already has (assigned and not recused, or who already scored it). */
  judges: number[];
  /** Judges it may not get (recused from it). */
  excluded: number[];
}

export interface Assignment {
  entryId: number;
  judgeId: number;
}

/**
 * The new assignments that fill every entry up to `perEntry` judges, least-loaded judge first (ties by id, so
 * the plan is the same on every instance). `loads` counts each judge's current assignments in the contest.
 */
export function planAssignments(entries: EntryToAssign[], judgeIds: number[], loads: Map<number, number>, perEntry: number): Assignment[] {
  const load = new Map(judgeIds.map((id) => [id, loads.get(id) ?? 0]));
  const planned: Assignment[] = [];
  // Entries with the fewest possible judges first, so a conflicted entry is not left without anyone.
  const order = [...entries].sort((a, b) => eligibleCount(a, judgeIds) - eligibleCount(b, judgeIds) || a.entryId - b.entryId);
  for (const entry of order) {
    const has = new Set(entry.judges);
    let missing = perEntry - has.size;
    if (missing <= 0) continue;
    const candidates = judgeIds
      .filter((id) => !has.has(id) && id !== entry.poetId && !entry.excluded.includes(id))
      .sort((a, b) => load.get(a)! - load.get(b)! || a - b);
    for (const judgeId of candidates) {
      if (missing === 0) break;
      planned.push({ entryId: entry.entryId, judgeId });
      load.set(judgeId, load.get(judgeId)! + 1);
      missing -= 1;
    }
  }
  return planned;
}

const eligibleCount = (entry: EntryToAssign, judgeIds: number[]) => judgeIds.filter((id) => id !== entry.poetId && !entry.excluded.includes(id)).length;
