import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankByScore } from './ranking';

// Scores with two decimals and plenty of ties, as a month's results have them.
const scores = fc.array(
  fc.integer({ min: 0, max: 40 }).map((n) => n * 2.5),
  { maxLength: 60 },
);

describe('rankByScore', () => {
  it('orders every item once, highest score first, ties in their original order', () => {
    fc.assert(
      fc.property(scores, (values) => {
        const ranked = rankByScore(
          values.map((value, index) => ({ value, index })),
          (x) => x.value,
        );
        expect(ranked.map((r) => r.item.index).sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
        for (let i = 1; i < ranked.length; i++) {
          const [prev, next] = [ranked[i - 1].item, ranked[i].item];
          expect(prev.value).toBeGreaterThanOrEqual(next.value);
          if (prev.value === next.value) expect(prev.index).toBeLessThan(next.index);
        }
      }),
    );
  });

  it('ranks by competition: 1 + the number of strictly higher scores, so ties share a rank and the next skips', () => {
    fc.assert(
      fc.property(scores, (values) => {
        for (const { item, rank } of rankByScore(values, (x) => x)) {
          expect(rank).toBe(1 + values.filter((v) => v > item).length);
        }
      }),
    );
  });

  it('gives the share of strictly lower scores as the percentile, 0–99, rounded down and monotone in the score', () => {
    fc.assert(
      fc.property(scores, (values) => {
        const ranked = rankByScore(values, (x) => x);
        for (const { item, percentile } of ranked) {
          expect(percentile).toBe(Math.floor((100 * values.filter((v) => v < item).length) / values.length));
          expect(percentile).toBeGreaterThanOrEqual(0);
          expect(percentile).toBeLessThan(100);
        }
        for (let i = 1; i < ranked.length; i++) {
          expect(ranked[i - 1].percentile).toBeGreaterThanOrEqual(ranked[i].percentile);
          expect(ranked[i - 1].rank).toBeLessThanOrEqual(ranked[i].rank);
          expect(ranked[i - 1].percentile === ranked[i].percentile || ranked[i - 1].item > ranked[i].item).toBe(true);
        }
      }),
    );
  });

  it('the lowest score has percentile 0 and the highest has rank 1', () => {
    fc.assert(
      fc.property(
        scores.filter((v) => v.length > 0),
        (values) => {
          const ranked = rankByScore(values, (x) => x);
          expect(ranked[0].rank).toBe(1);
          expect(ranked.at(-1)!.percentile).toBe(0);
        },
      ),
    );
  });
});

describe('rankByScore: long runs of ties', () => {
  it('keeps the original order among hundreds of equal scores (merges of the sort included)', () => {
    const items = Array.from({ length: 300 }, (_, index) => ({ index, value: (index * 7) % 3 }));
    const ranked = rankByScore(items, (x) => x.value);
    for (let i = 1; i < ranked.length; i++) {
      if (ranked[i - 1].item.value === ranked[i].item.value) expect(ranked[i - 1].item.index).toBeLessThan(ranked[i].item.index);
    }
  });
});
