// How well the judges agreed: Krippendorff's alpha for interval data, which allows each entry to be read by a
// different set of judges (missing scores). Formula and worked example: K. Krippendorff, "Computing
// Krippendorff's Alpha-Reliability" (2011), section C; the test reproduces its interval figure (0.849).
import { agreementBand, type AgreementBand } from '@writory/shared';

export interface Rating {
  unit: number;
  rater: number;
  value: number;
}

/**
 * Alpha = 1 − Do/De: Do, the mean squared difference between values given to the same unit (each pair within a
 * unit weighted by 1 / (values in the unit − 1)); De, the same over all pairs of pairable values. Units with
 * fewer than two values are not pairable. Null when nothing is pairable or all values are equal.
 */
export function krippendorffAlphaInterval(ratings: Rating[]): number | null {
  const byUnit = new Map<number, number[]>();
  for (const { unit, value } of ratings) {
    const values = byUnit.get(unit);
    if (values) values.push(value);
    else byUnit.set(unit, [value]);
  }
  const units = [...byUnit.values()].filter((values) => values.length >= 2);
  const pairable = units.flat();
  const n = pairable.length;
  if (n < 2) return null;

  let observed = 0;
  for (const values of units) {
    let sum = 0;
    for (const a of values) for (const b of values) sum += (a - b) ** 2;
    observed += sum / (values.length - 1);
  }
  observed /= n;

  // Σ over ordered pairs (a − b)² = 2n·Σv² − 2(Σv)², in one pass.
  const total = pairable.reduce((s, v) => s + v, 0);
  const squares = pairable.reduce((s, v) => s + v * v, 0);
  const expected = (2 * n * squares - 2 * total * total) / (n * (n - 1));
  if (expected === 0) return null;
  return 1 - observed / expected;
}

const AGREEMENT_IN_WORDS: Record<AgreementBand, string> = {
  unmeasured: 'Too few entries were read by more than one judge to measure how much the judges agreed.',
  close: 'The judges agreed closely: entries one judge scored high, the others scored high too.',
  mostly: 'The judges mostly agreed; where they differed, averaging several judges per entry evened it out.',
  often: 'The judges often disagreed, as readers of poetry do; each entry’s score averages several judges so no single reader decides it.',
  below: 'The judges disagreed more than chance would suggest; the team reviews such months before publishing.',
};

/** The figure in one plain sentence (the site says the same band in the reader's language). */
export const agreementInWords = (alpha: number | null): string => AGREEMENT_IN_WORDS[agreementBand(alpha)];

export interface JudgeDeviation {
  judgeId: number;
  /** Entries this judge scored that another judge scored too. */
  shared: number;
  /** Mean of (this judge's total − the mean of the other judges' totals on the same entry). */
  meanDifference: number;
}

/** For each judge, how far their totals sit from their co-judges' on the same entries. */
export function judgeDeviations(ratings: Rating[]): JudgeDeviation[] {
  const byUnit = new Map<number, Rating[]>();
  for (const rating of ratings) byUnit.set(rating.unit, [...(byUnit.get(rating.unit) ?? []), rating]);
  const differences = new Map<number, number[]>();
  for (const unitRatings of byUnit.values()) {
    if (unitRatings.length < 2) continue;
    const sum = unitRatings.reduce((s, r) => s + r.value, 0);
    for (const rating of unitRatings) {
      const others = (sum - rating.value) / (unitRatings.length - 1);
      differences.set(rating.rater, [...(differences.get(rating.rater) ?? []), rating.value - others]);
    }
  }
  return [...differences].map(([judgeId, list]) => ({
    judgeId,
    shared: list.length,
    meanDifference: Math.round((list.reduce((s, d) => s + d, 0) / list.length) * 100) / 100,
  }));
}

/** Points out of 100 a judge's totals may sit from their co-judges' on average before admins are told. */
export const OUTLIER_POINTS = 10;
/** Entries shared with other judges before a judge's difference counts. */
export const OUTLIER_MIN_SHARED = 3;

export const isOutlier = (deviation: JudgeDeviation) => deviation.shared >= OUTLIER_MIN_SHARED && Math.abs(deviation.meanDifference) >= OUTLIER_POINTS;
