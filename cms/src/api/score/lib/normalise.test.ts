import { describe, expect, it } from 'vitest';
import { entryScores } from './normalise';

describe('entryScores', () => {
  it('is the mean of the judges’ totals without normalisation', () => {
    const scores = entryScores(
      [
        { entryId: 1, judgeId: 10, total: 80 },
        { entryId: 1, judgeId: 11, total: 71 },
        { entryId: 2, judgeId: 10, total: 50 },
      ],
      false,
    );
    expect(scores.get(1)).toEqual({ totals: [80, 71], meanTotal: 75.5, normalisedScore: null, score: 75.5 });
    expect(scores.get(2)).toEqual({ totals: [50], meanTotal: 50, normalisedScore: null, score: 50 });
  });

  it('removes a harsh judge’s bias with z-scores, rescaled to the contest’s mean and spread', () => {
    // Judge 10 is generous (80, 90), judge 11 harsh (40, 50): the same ranking, a different scale.
    const points = [
      { entryId: 1, judgeId: 10, total: 90 },
      { entryId: 2, judgeId: 10, total: 80 },
      { entryId: 3, judgeId: 11, total: 50 },
      { entryId: 4, judgeId: 11, total: 40 },
    ];
    const plain = entryScores(points, false);
    const normalised = entryScores(points, true);
    expect(plain.get(3)!.score).toBeLessThan(plain.get(2)!.score);
    // Each judge's best gets the same normalised score, and so does each judge's worst.
    expect(normalised.get(1)!.normalisedScore).toBe(normalised.get(3)!.normalisedScore);
    expect(normalised.get(2)!.normalisedScore).toBe(normalised.get(4)!.normalisedScore);
    // Overall mean 65, spread √425 ≈ 20.62: a best is 65 + 1 × 20.62, a worst 65 − 20.62.
    expect(normalised.get(1)!.score).toBe(85.62);
    expect(normalised.get(2)!.score).toBe(44.38);
  });

  it('treats a judge with one score, or all equal, as average and stays within 0–100', () => {
    const scores = entryScores(
      [
        { entryId: 1, judgeId: 10, total: 100 },
        { entryId: 2, judgeId: 11, total: 0 },
        { entryId: 2, judgeId: 12, total: 0 },
      ],
      true,
    );
    for (const score of scores.values()) {
      expect(score.normalisedScore).toBeGreaterThanOrEqual(0);
      expect(score.normalisedScore).toBeLessThanOrEqual(100);
    }
    expect(scores.get(1)!.normalisedScore).toBe(scores.get(2)!.normalisedScore);
  });
});
