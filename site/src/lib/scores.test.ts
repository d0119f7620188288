import { describe, expect, it } from 'vitest';
import { draftTotal, emptyScoreDraft, invalidCriteria, toScoreInput } from './scores';

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
