// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NORMALISATION_METHOD } from '@writory/shared';
import { publicPagesEn } from '../i18n/public-pages.en';
import { draftTotal, emptyScoreDraft, invalidCriteria, toScoreInput } from './scores';

const STORY = [
  { name: 'Plot', max: 30 },
  { name: 'Character', max: 25 },
  { name: 'Language', max: 20 },
  { name: 'Emotional Impact', max: 15 },
  { name: 'Theme', max: 10 },
];

describe('the score form', () => {
  it('totals valid values and names invalid ones, each against its own maximum', () => {
    const draft = { ...emptyScoreDraft(STORY), Plot: '28', Character: '26', Language: '20', 'Emotional Impact': '1.5', Theme: ' 9 ' };
    expect(invalidCriteria(STORY, draft)).toEqual(['Character', 'Emotional Impact']);
    expect(draftTotal(STORY, draft)).toBe(57);
    expect(invalidCriteria(STORY, emptyScoreDraft(STORY))).toHaveLength(5);
  });

  it('sends the marks by criterion name and a trimmed comment (null when empty)', () => {
    const draft = { Plot: '16', Character: '17', Language: '15', 'Emotional Impact': '14', Theme: '9' };
    expect(toScoreInput(STORY, draft, '  ')).toEqual({ marks: { Plot: 16, Character: 17, Language: 15, 'Emotional Impact': 14, Theme: 9 }, comment: null });
    expect(toScoreInput(STORY, draft, ' Lovely. ').comment).toBe('Lovely.');
  });
});

describe('how scores are worked out, for poets', () => {
  it('is one plain sentence, without the statistician’s words', () => {
    expect(publicPagesEn['scoring.sentence'].match(/[.!?](\s|$)/g)).toHaveLength(1);
    expect(publicPagesEn['scoring.sentence']).not.toMatch(/z-score|standard deviation|normalis|rescal/i);
  });
  it('links to the page section that gives the whole method', () => {
    expect(readFileSync(join(import.meta.dirname, 'scoring-words.ts'), 'utf8')).toContain("'/about#how-scores-are-worked-out'");
    expect(readFileSync(join(import.meta.dirname, '../pages/about.astro'), 'utf8')).toContain('id="how-scores-are-worked-out"');
  });
});

describe('the judges’ agreement, for poets', () => {
  it('gives the figure with what its ends mean', () => {
    expect(publicPagesEn['scoring.agreementFigure']).toBe('{value} (1 is full agreement, 0 no more than chance)');
    expect(publicPagesEn['scoring.notMeasurable']).toBe('not measurable');
  });
  it('says in one plain sentence what the figure means to a poet, naming the measure once', () => {
    expect(publicPagesEn['scoring.agreementExplained']).toMatch(/Krippendorff/);
    expect(publicPagesEn['scoring.agreementExplained']).toMatch(/your poem/);
  });
  it('says the method in full as the cms applies it', () => {
    expect(publicPagesEn['scoring.normalisation']).toBe(NORMALISATION_METHOD);
  });
});
