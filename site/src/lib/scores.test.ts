import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AGREEMENT_EXPLAINED,
  agreementFigure,
  draftTotal,
  emptyScoreDraft,
  invalidCriteria,
  SCORING_IN_A_SENTENCE,
  SCORING_METHOD_LINK,
  toScoreInput,
} from './scores';

describe('the score form', () => {
  it('totals valid values and names invalid ones', () => {
    const draft = { ...emptyScoreDraft(), structure: '16', creativity: '17', language: '21', emotionalImpact: '1.5', theme: ' 9 ' };
    expect(invalidCriteria(draft)).toEqual(['language', 'emotionalImpact']);
    expect(draftTotal(draft)).toBe(42);
    expect(invalidCriteria(emptyScoreDraft())).toHaveLength(5);
  });

  it('sends numbers and a trimmed comment (null when empty)', () => {
    const draft = { structure: '16', creativity: '17', language: '15', emotionalImpact: '18', theme: '14' };
    expect(toScoreInput(draft, '  ')).toEqual({ structure: 16, creativity: 17, language: 15, emotionalImpact: 18, theme: 14, comment: null });
    expect(toScoreInput(draft, ' Lovely. ').comment).toBe('Lovely.');
  });
});

describe('how scores are worked out, for poets', () => {
  it('is one plain sentence, without the statistician’s words', () => {
    expect(SCORING_IN_A_SENTENCE.match(/[.!?](\s|$)/g)).toHaveLength(1);
    expect(SCORING_IN_A_SENTENCE).not.toMatch(/z-score|standard deviation|normalis|rescal/i);
  });
  it('links to the page section that gives the whole method', () => {
    expect(SCORING_METHOD_LINK.href).toBe('/about#how-scores-are-worked-out');
    expect(readFileSync(join(import.meta.dirname, '../pages/about.astro'), 'utf8')).toContain('id="how-scores-are-worked-out"');
  });
});

describe('the judges’ agreement, for poets', () => {
  it('gives the figure with what its ends mean', () => {
    expect(agreementFigure(0.72)).toBe('0.72 (1 is full agreement, 0 no more than chance)');
    expect(agreementFigure(null)).toBe('not measurable');
  });
  it('says in one plain sentence what the figure means to a poet, naming the measure once', () => {
    expect(AGREEMENT_EXPLAINED).toMatch(/Krippendorff/);
    expect(AGREEMENT_EXPLAINED).toMatch(/your poem/);
  });
});
