// A judge's marks against a contest's criteria (packages/shared/src/marks.ts), the score body as the boundary
// reads it (marks by name; the five poetry keys of older clients as marks), and the poet's mean marks.
import { describe, expect, it } from 'vitest';
import { POETRY_CRITERIA, STORY_CRITERIA, checkMarks, criteriaFromMarks, marksFromCriteria, marksTotal, meanMarks, scoreInput } from '@writory/shared';

describe('a judge’s marks against the contest’s criteria', () => {
  it('gives the marks in the criteria’s order with their maxima, names matched without regard to case', () => {
    const { marks, problems } = checkMarks(STORY_CRITERIA, { theme: 9, Plot: 17, ' character ': 15, Language: 0, 'EMOTIONAL IMPACT': 20 });
    expect(problems).toEqual([]);
    expect(marks).toEqual([
      { name: 'Plot', max: 20, points: 17 },
      { name: 'Character', max: 20, points: 15 },
      { name: 'Language', max: 20, points: 0 },
      { name: 'Emotional Impact', max: 20, points: 20 },
      { name: 'Theme', max: 20, points: 9 },
    ]);
    expect(marksTotal(marks)).toBe(61);
  });

  it('names each criterion with a problem: above its maximum, below 0, missing, and unknown ones last', () => {
    const criteria = [
      { name: 'Plot', max: 50 },
      { name: 'Voice', max: 30 },
      { name: 'Theme', max: 20 },
    ];
    const { problems } = checkMarks(criteria, { Structure: 5, Plot: 51, Theme: -1 });
    expect(problems).toEqual([
      { criterion: 'Plot', message: 'Plot: give a whole number from 0 to 50.' },
      { criterion: 'Voice', message: 'Voice: give a mark, a whole number from 0 to 30.' },
      { criterion: 'Theme', message: 'Theme: give a whole number from 0 to 20.' },
      { criterion: 'Structure', message: 'Structure: this contest is not judged on "Structure". Give a mark for each of: Plot, Voice, Theme.' },
    ]);
  });
});

describe('the score body', () => {
  it('reads marks by name and a trimmed comment', () => {
    expect(scoreInput.parse({ marks: { Plot: 17 }, comment: '  Fine. ' })).toEqual({ marks: { Plot: 17 }, comment: 'Fine.' });
  });
  it('reads the five poetry keys older clients send as marks by the criteria’s names', () => {
    expect(scoreInput.parse({ structure: 1, creativity: 2, language: 3, emotionalImpact: 4, theme: 5 })).toEqual({
      marks: { Structure: 1, Creativity: 2, Language: 3, 'Emotional Impact': 4, Theme: 5 },
      comment: null,
    });
  });
  it('refuses a mark that is not a whole number, and fields it does not know', () => {
    expect(scoreInput.safeParse({ marks: { Plot: 1.5 } }).success).toBe(false);
    expect(scoreInput.safeParse({ marks: { Plot: '17' } }).success).toBe(false);
    expect(scoreInput.safeParse({ marks: {}, poet: 'x' }).error?.issues[0]?.message).toBe('Unknown fields: poet.');
  });
});

describe('marks and the five poetry columns', () => {
  it('go one into the other and back for poetry; other criteria have no columns', () => {
    const marks = marksFromCriteria({ structure: 16, creativity: 17, language: 15, emotionalImpact: 18, theme: 14 })!;
    expect(marks.map((mark) => mark.name)).toEqual(POETRY_CRITERIA.map((criterion) => criterion.name));
    expect(criteriaFromMarks(marks)).toEqual({ structure: 16, creativity: 17, language: 15, emotionalImpact: 18, theme: 14 });
    expect(marksFromCriteria({ structure: 16, creativity: null, language: 15, emotionalImpact: 18, theme: 14 })).toBeNull();
    expect(criteriaFromMarks(STORY_CRITERIA.map((c) => ({ ...c, points: 10 })))).toBeNull();
  });
  it('averages each criterion over the judges', () => {
    const a = STORY_CRITERIA.map((c, i) => ({ ...c, points: 10 + i }));
    const b = STORY_CRITERIA.map((c) => ({ ...c, points: 15 }));
    expect(meanMarks([a, b]).map((mark) => mark.points)).toEqual([12.5, 13, 13.5, 14, 14.5]);
    expect(meanMarks([a, b])[0]).toEqual({ name: 'Plot', max: 20, points: 12.5 });
  });
});
