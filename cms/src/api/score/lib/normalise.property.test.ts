import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryScores, type ScorePoint } from './normalise';

/** A month's scores: each (entry, judge) pair at most once, integer totals in `min`–`max` as the score form allows. */
const points = (min = 0, max = 100) =>
  fc.uniqueArray(fc.record({ entryId: fc.integer({ min: 1, max: 12 }), judgeId: fc.integer({ min: 1, max: 5 }), total: fc.integer({ min, max }) }), {
    minLength: 1,
    maxLength: 40,
    selector: (p) => `${p.entryId}/${p.judgeId}`,
  });

describe('entryScores', () => {
  it('keeps every score within 0–100 and each entry’s mean between its lowest and highest total', () => {
    fc.assert(
      fc.property(points(), fc.boolean(), (month, normalise) => {
        const scores = entryScores(month, normalise);
        expect(scores.size).toBe(new Set(month.map((p) => p.entryId)).size);
        for (const [entryId, score] of scores) {
          expect(score.totals).toEqual(month.filter((p) => p.entryId === entryId).map((p) => p.total));
          expect(score.meanTotal).toBeGreaterThanOrEqual(Math.min(...score.totals));
          expect(score.meanTotal).toBeLessThanOrEqual(Math.max(...score.totals));
          expect(score.score).toBeGreaterThanOrEqual(0);
          expect(score.score).toBeLessThanOrEqual(100);
          // Rounded to two decimals, as the results show them.
          expect(Math.round(score.score * 100) / 100).toBe(score.score);
          expect(score.normalisedScore === null).toBe(!normalise);
          expect(score.score).toBe(normalise ? score.normalisedScore : score.meanTotal);
        }
      }),
    );
  });

  it('gives the same score to entries with the same totals from the same judges (ties stay ties)', () => {
    fc.assert(
      fc.property(points(), fc.boolean(), (month, normalise) => {
        const twin = 1000;
        const source = month[0].entryId;
        const copy = month.filter((p) => p.entryId === source).map((p) => ({ ...p, entryId: twin }));
        const scores = entryScores([...month, ...copy], normalise);
        expect(scores.get(twin)).toEqual(scores.get(source));
      }),
    );
  });

  it('does not depend on the order the scores arrive in (beyond the order of each entry’s totals)', () => {
    fc.assert(
      fc.property(points(), fc.boolean(), (month, normalise) => {
        const plain = entryScores(month, normalise);
        const reversed = entryScores([...month].reverse(), normalise);
        for (const [entryId, score] of plain) expect(reversed.get(entryId)!.score).toBeCloseTo(score.score, 9);
      }),
    );
  });

  it('normalised: a judge who adds the same number to every total changes no ranking', () => {
    fc.assert(
      fc.property(points(0, 50), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 50 }), (month, judgeId, shift) => {
        const shifted: ScorePoint[] = month.map((p) => (p.judgeId === judgeId ? { ...p, total: p.total + shift } : p));
        const before = entryScores(month, true);
        const after = entryScores(shifted, true);
        // Each judge's z-scores are unchanged, so no entry may overtake another. Ranks are not strictly kept: the
        // overall spread changes, so two-decimal rounding (and clamping to 0–100) may tie or part close scores
        // (e.g. 34.75 and 34.74 both become 28.29 when one of two judges moves 12 points down).
        for (const [a, scoreA] of before) {
          for (const [b, scoreB] of before) {
            if (scoreA.score > scoreB.score) expect(after.get(a)!.score).toBeGreaterThanOrEqual(after.get(b)!.score);
          }
        }
      }),
    );
  });

  it('normalised: judges who score on different scales but agree on the order give the same scores', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 50 }), { minLength: 2, maxLength: 8 }), fc.integer({ min: 1, max: 50 }), (totals, offset) => {
        // Judge 1 reads entries 1…n, judge 2 reads entries 101…100+n with the same totals plus an offset.
        const month = totals.flatMap((total, i) => [
          { entryId: i + 1, judgeId: 1, total },
          { entryId: i + 101, judgeId: 2, total: total + offset },
        ]);
        const scores = entryScores(month, true);
        totals.forEach((_, i) => expect(scores.get(i + 101)!.score).toBe(scores.get(i + 1)!.score));
      }),
    );
  });
});
