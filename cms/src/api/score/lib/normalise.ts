// An entry's score from its judges' totals: the plain mean, or (normalised) the mean of per-judge z-scores
// rescaled to the contest's overall mean and spread. The method in words: NORMALISATION_METHOD (shared).

export interface ScorePoint {
  entryId: number;
  judgeId: number;
  total: number;
}

export interface EntryScore {
  /** Each judge's total, in the order given. */
  totals: number[];
  meanTotal: number;
  /** Null unless normalisation was asked for. */
  normalisedScore: number | null;
  /** The official score: normalised when asked for, else the mean. */
  score: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const spread = (values: number[], average: number) => Math.sqrt(mean(values.map((v) => (v - average) ** 2)));

export function entryScores(points: ScorePoint[], normalise: boolean): Map<number, EntryScore> {
  const byEntry = new Map<number, ScorePoint[]>();
  const byJudge = new Map<number, number[]>();
  // Appended in place: a month has thousands of points per judge (copying each list per point is quadratic).
  for (const point of points) {
    const entryPoints = byEntry.get(point.entryId);
    if (entryPoints) entryPoints.push(point);
    else byEntry.set(point.entryId, [point]);
    const judgeTotals = byJudge.get(point.judgeId);
    if (judgeTotals) judgeTotals.push(point.total);
    else byJudge.set(point.judgeId, [point.total]);
  }
  const judgeStats = new Map(
    [...byJudge].map(([judgeId, totals]) => {
      const average = mean(totals);
      return [judgeId, { average, sd: spread(totals, average) }];
    }),
  );
  const all = points.map((p) => p.total);
  const overall = all.length ? mean(all) : 0;
  const overallSd = all.length ? spread(all, overall) : 0;

  const result = new Map<number, EntryScore>();
  for (const [entryId, entryPoints] of byEntry) {
    const totals = entryPoints.map((p) => p.total);
    const meanTotal = round2(mean(totals));
    let normalisedScore: number | null = null;
    if (normalise) {
      const z = mean(
        entryPoints.map((p) => {
          const { average, sd } = judgeStats.get(p.judgeId)!;
          return sd > 0 ? (p.total - average) / sd : 0;
        }),
      );
      normalisedScore = round2(Math.min(100, Math.max(0, overall + z * overallSd)));
    }
    result.set(entryId, { totals, meanTotal, normalisedScore, score: normalisedScore ?? meanTotal });
  }
  return result;
}
