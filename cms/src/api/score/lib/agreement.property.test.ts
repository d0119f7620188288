import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementInWords, isOutlier, judgeDeviations, krippendorffAlphaInterval, type Rating } from './agreement';

const ratings = fc.uniqueArray(
  fc.record({ unit: fc.integer({ min: 1, max: 10 }), rater: fc.integer({ min: 1, max: 5 }), value: fc.integer({ min: 0, max: 100 }) }),
  { maxLength: 40, selector: (r) => `${r.unit}/${r.rater}` },
);

describe('krippendorffAlphaInterval', () => {
  it('is 1 when every rater gives each unit the same value (and the values vary between units)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 2, max: 5 })), { minLength: 1, maxLength: 10 }), (units) => {
        const all: Rating[] = units.flatMap(([value, raters], unit) => Array.from({ length: raters }, (_, rater) => ({ unit, rater, value })));
        const alpha = krippendorffAlphaInterval(all);
        if (new Set(units.map(([value]) => value)).size === 1) expect(alpha).toBeNull();
        else expect(alpha).toBe(1);
      }),
    );
  });

  it('does not change under a linear rescale of all values (scores out of 20 or out of 100 agree alike)', () => {
    fc.assert(
      fc.property(ratings, fc.double({ min: 0.1, max: 10, noNaN: true }), fc.boolean(), fc.integer({ min: -100, max: 100 }), (all, scale, flip, offset) => {
        const factor = flip ? -scale : scale;
        const before = krippendorffAlphaInterval(all);
        const after = krippendorffAlphaInterval(all.map((r) => ({ ...r, value: r.value * factor + offset })));
        if (before === null) expect(after).toBeNull();
        else expect(after).toBeCloseTo(before, 6);
      }),
    );
  });

  it('is at most 1, and null when no unit has two values or all values are equal', () => {
    fc.assert(
      fc.property(ratings, (all) => {
        const alpha = krippendorffAlphaInterval(all);
        const units = new Map<number, number>();
        for (const r of all) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
        const pairable = all.filter((r) => units.get(r.unit)! >= 2);
        if (pairable.length < 2 || new Set(pairable.map((r) => r.value)).size === 1) expect(alpha).toBeNull();
        else expect(alpha!).toBeLessThanOrEqual(1 + 1e-12);
      }),
    );
  });

  it('ignores the raters’ names and the order of the ratings', () => {
    fc.assert(
      fc.property(ratings, (all) => {
        const renamed = [...all].reverse().map((r) => ({ ...r, rater: r.rater + 100 }));
        const [a, b] = [krippendorffAlphaInterval(all), krippendorffAlphaInterval(renamed)];
        if (a === null) expect(b).toBeNull();
        else expect(b).toBeCloseTo(a, 9);
      }),
    );
  });
});

describe('judgeDeviations', () => {
  it('is 0 for judges who agree, and +d for one who always scores d above co-judges who agree', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: -20, max: 20 }),
        (values, others, d) => {
          const all: Rating[] = values.flatMap((value, unit) => [
            { unit, rater: 0, value: value + d },
            ...Array.from({ length: others }, (_, i) => ({ unit, rater: i + 1, value })),
          ]);
          const byJudge = new Map(judgeDeviations(all).map((j) => [j.judgeId, j]));
          expect(byJudge.get(0)).toEqual({ judgeId: 0, shared: values.length, meanDifference: d });
          // Each co-judge sits d/others below the mean of the rest (the outlier among them).
          for (let i = 1; i <= others; i++) expect(byJudge.get(i)!.meanDifference).toBeCloseTo(-d / others, 2);
        },
      ),
    );
  });

  it('leaves out units read by one judge only', () => {
    fc.assert(
      fc.property(ratings, (all) => {
        const units = new Map<number, number>();
        for (const r of all) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
        const shared = new Map<number, number>();
        for (const r of all) if (units.get(r.unit)! >= 2) shared.set(r.rater, (shared.get(r.rater) ?? 0) + 1);
        expect(new Map(judgeDeviations(all).map((j) => [j.judgeId, j.shared]))).toEqual(shared);
      }),
    );
  });
});

describe('agreement thresholds', () => {
  it('uses Krippendorff’s thresholds inclusively', () => {
    expect(agreementInWords(0.8)).toMatch(/agreed closely/);
    expect(agreementInWords(0.7999)).toMatch(/mostly agreed/);
    expect(agreementInWords(0.667)).toMatch(/mostly agreed/);
    expect(agreementInWords(0.6669)).toMatch(/often disagreed/);
    expect(agreementInWords(0)).toMatch(/often disagreed/);
    expect(agreementInWords(-0.0001)).toMatch(/more than chance/);
    expect(agreementInWords(null)).toMatch(/Too few entries/);
  });

  it('flags a judge from exactly 3 shared entries and 10 points, either way', () => {
    expect(isOutlier({ judgeId: 1, shared: 3, meanDifference: 10 })).toBe(true);
    expect(isOutlier({ judgeId: 1, shared: 3, meanDifference: -10 })).toBe(true);
    expect(isOutlier({ judgeId: 1, shared: 2, meanDifference: 30 })).toBe(false);
    expect(isOutlier({ judgeId: 1, shared: 10, meanDifference: 9.99 })).toBe(false);
  });
});
