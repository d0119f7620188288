import { describe, expect, it } from 'vitest';
import { agreementInWords, isOutlier, judgeDeviations, krippendorffAlphaInterval, type Rating } from './agreement';

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers, 12 units,
// values 1–5, missing data. His interval alpha for it is 0.849.
const WORKED_EXAMPLE: (number | null)[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];
const ratingsOf = (table: (number | null)[][]): Rating[] =>
  table.flatMap((row, rater) => row.flatMap((value, unit) => (value === null ? [] : [{ unit, rater, value }])));

describe('krippendorffAlphaInterval', () => {
  it('reproduces the worked example of Krippendorff (2011): interval alpha 0.849', () => {
    expect(krippendorffAlphaInterval(ratingsOf(WORKED_EXAMPLE))).toBeCloseTo(0.849, 3);
  });

  it('is 1 when every judge gives each entry the same total', () => {
    expect(
      krippendorffAlphaInterval(
        ratingsOf([
          [70, 50, 90],
          [70, 50, 90],
        ]),
      ),
    ).toBe(1);
  });

  it('ignores entries read by one judge only, and is null when nothing is pairable or nothing varies', () => {
    const withSingles = ratingsOf([
      [70, 50, 90, 10],
      [70, 50, 90, null],
    ]);
    expect(krippendorffAlphaInterval(withSingles)).toBe(1);
    expect(
      krippendorffAlphaInterval(
        ratingsOf([
          [70, 50],
          [null, null],
        ]),
      ),
    ).toBeNull();
    expect(
      krippendorffAlphaInterval(
        ratingsOf([
          [60, 60],
          [60, 60],
        ]),
      ),
    ).toBeNull();
  });

  it('is below zero when judges disagree systematically', () => {
    expect(
      krippendorffAlphaInterval(
        ratingsOf([
          [90, 10, 90, 10],
          [10, 90, 10, 90],
        ]),
      )!,
    ).toBeLessThan(0);
  });

  it('says what the figure means in one sentence for every band', () => {
    expect(agreementInWords(0.9)).toMatch(/agreed closely/);
    expect(agreementInWords(0.7)).toMatch(/mostly agreed/);
    expect(agreementInWords(0.3)).toMatch(/often disagreed/);
    expect(agreementInWords(-0.2)).toMatch(/more than chance/);
    expect(agreementInWords(null)).toMatch(/Too few/);
  });
});

describe('judgeDeviations', () => {
  it('measures each judge against the mean of the co-judges on the same entries and flags a far one', () => {
    // Judges 1 and 2 agree; judge 3 scores 20 points under them on the same four entries.
    const ratings: Rating[] = [0, 1, 2, 3].flatMap((unit) => [
      { unit, rater: 1, value: 70 + unit },
      { unit, rater: 2, value: 70 + unit },
      { unit, rater: 3, value: 50 + unit },
    ]);
    const byJudge = new Map(judgeDeviations(ratings).map((d) => [d.judgeId, d]));
    expect(byJudge.get(3)).toEqual({ judgeId: 3, shared: 4, meanDifference: -20 });
    expect(byJudge.get(1)).toEqual({ judgeId: 1, shared: 4, meanDifference: 10 });
    expect(isOutlier(byJudge.get(3)!)).toBe(true);
    expect(isOutlier({ judgeId: 4, shared: 2, meanDifference: -30 })).toBe(false);
    expect(isOutlier({ judgeId: 5, shared: 9, meanDifference: 4 })).toBe(false);
  });
});
