// The competition rules both sides enforce (packages/shared/src/competitions.ts): slugs, criteria that total 100,
// languages read as codes, the admin's competition body and the judge's languages.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  COMPETITION_SLUGS,
  POETRY_CRITERIA,
  REGIONAL_LANGUAGE_CODES,
  STORY_CRITERIA,
  LANGUAGES,
  competitionContestTitle,
  competitionInputSchema,
  competitionQuerySchema,
  criteriaSchema,
  criteriaTotal,
  isCompetitionSlug,
  judgeLanguagesSchema,
  languageCode,
} from '@writory/shared';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.error?.issues ?? []).map((issue) => issue.message);

describe('competition slugs', () => {
  it('takes the seeded slugs and any lower-case words joined by single dashes up to 40 characters', () => {
    for (const slug of [...COMPETITION_SLUGS, 'haiku', 'story-2027', 'a', 'x'.repeat(40)]) expect(isCompetitionSlug(slug), slug).toBe(true);
  });

  it('refuses capitals, spaces, leading, trailing or double dashes, other characters and more than 40 characters', () => {
    for (const slug of ['Poetry', 'short story', '-story', 'story-', 'regional--languages', 'story_2027', 'कविता', '', 'x'.repeat(41), 'a/b']) {
      expect(isCompetitionSlug(slug), slug).toBe(false);
    }
    expect(isCompetitionSlug(7)).toBe(false);
  });

  it('reads an absent or empty ?competition= as poetry and refuses a malformed one', () => {
    expect(z.parse(competitionQuerySchema, {})).toEqual({ competition: 'poetry' });
    expect(z.parse(competitionQuerySchema, { competition: '' })).toEqual({ competition: 'poetry' });
    expect(z.parse(competitionQuerySchema, { competition: 'story' })).toEqual({ competition: 'story' });
    expect(z.safeParse(competitionQuerySchema, { competition: 'Story!' }).success).toBe(false);
  });
});

describe('criteria', () => {
  it('seeds poetry and story with five criteria of 20 points, 100 in all', () => {
    expect(criteriaTotal(POETRY_CRITERIA)).toBe(100);
    expect(criteriaTotal(STORY_CRITERIA)).toBe(100);
    expect(POETRY_CRITERIA.map((c) => c.name)).toEqual(['Structure', 'Creativity', 'Language', 'Emotional Impact', 'Theme']);
    expect(STORY_CRITERIA.map((c) => c.name)).toEqual(['Plot', 'Character', 'Language', 'Emotional Impact', 'Theme']);
  });

  it('takes 1 to 8 criteria whose points total exactly 100', () => {
    expect(z.safeParse(criteriaSchema, [{ name: 'Everything', max: 100 }]).success).toBe(true);
    expect(
      z.safeParse(
        criteriaSchema,
        Array.from({ length: 8 }, (_, i) => ({ name: `C${i}`, max: i < 4 ? 12 : 13 })),
      ).success,
    ).toBe(true);
  });

  it('says what the criteria total when they do not make 100', () => {
    expect(
      messages(
        z.safeParse(criteriaSchema, [
          { name: 'A', max: 50 },
          { name: 'B', max: 49 },
        ]),
      ),
    ).toContain("the criteria's points must total 100 (they total 99)");
    expect(
      messages(
        z.safeParse(criteriaSchema, [
          { name: 'A', max: 60 },
          { name: 'B', max: 41 },
        ]),
      ),
    ).toContain("the criteria's points must total 100 (they total 101)");
  });

  it('refuses no criteria, more than 8, nameless, fractional, zero or over-100 points and a name given twice', () => {
    expect(z.safeParse(criteriaSchema, []).success).toBe(false);
    expect(
      z.safeParse(
        criteriaSchema,
        Array.from({ length: 9 }, (_, i) => ({ name: `C${i}`, max: i === 0 ? 20 : 10 })),
      ).success,
    ).toBe(false);
    expect(z.safeParse(criteriaSchema, [{ name: ' ', max: 100 }]).success).toBe(false);
    expect(
      z.safeParse(criteriaSchema, [
        { name: 'A', max: 50.5 },
        { name: 'B', max: 49.5 },
      ]).success,
    ).toBe(false);
    expect(
      z.safeParse(criteriaSchema, [
        { name: 'A', max: 0 },
        { name: 'B', max: 100 },
      ]).success,
    ).toBe(false);
    expect(z.safeParse(criteriaSchema, [{ name: 'A', max: 101 }]).success).toBe(false);
    expect(
      messages(
        z.safeParse(criteriaSchema, [
          { name: 'Theme', max: 50 },
          { name: 'theme', max: 50 },
        ]),
      ),
    ).toContain('each criterion needs its own name ("theme" is given twice)');
  });
});

describe('languages', () => {
  it('offers every language the Regional Languages competition takes, and Arabic and English, once each', () => {
    const codes = LANGUAGES.map((language) => language.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of [...REGIONAL_LANGUAGE_CODES, 'en', 'ar']) expect(codes).toContain(code);
  });

  it('reads codes, English names and native names as codes, as older entries stored them', () => {
    expect(languageCode('hi')).toBe('hi');
    expect(languageCode('HI')).toBe('hi');
    expect(languageCode('hi-IN')).toBe('hi');
    expect(languageCode('Tamil')).toBe('ta');
    expect(languageCode(' english ')).toBe('en');
    expect(languageCode('اردو')).toBe('ur');
    expect(languageCode('de')).toBe('de');
    expect(languageCode('Klingon')).toBe(null);
    expect(languageCode('')).toBe(null);
  });

  it('keeps a judge to 30 languages, each once', () => {
    expect(z.parse(judgeLanguagesSchema, { languages: ['ta', 'Tamil', 'hi'] })).toEqual({ languages: ['ta', 'hi'] });
    expect(z.parse(judgeLanguagesSchema, { languages: [] })).toEqual({ languages: [] });
    expect(z.safeParse(judgeLanguagesSchema, { languages: ['not a language'] }).success).toBe(false);
    expect(z.safeParse(judgeLanguagesSchema, { languages: Array.from({ length: 31 }, () => 'en') }).success).toBe(false);
    expect(z.safeParse(judgeLanguagesSchema, { languages: ['en'], extra: 1 }).success).toBe(false);
  });
});

describe('the admin competition body', () => {
  const story = {
    slug: 'story',
    name: 'Story',
    kind: 'story',
    tagline: 'Prose up to 5,000 words',
    languages: [],
    criteria: STORY_CRITERIA,
    maxWords: 5000,
    freeEntriesPerMonth: 1,
    active: true,
  };

  it('takes a complete competition', () => {
    expect(z.parse(competitionInputSchema, story)).toMatchObject({ slug: 'story', maxWords: 5000, languages: [] });
    expect(z.parse(competitionInputSchema, { ...story, maxWords: null, kind: 'poem', languages: ['Hindi', 'ta'] })).toMatchObject({ languages: ['hi', 'ta'] });
  });

  it('refuses word limits outside 100 to 20,000, more than 10 free entries, unknown kinds and unknown fields', () => {
    expect(z.safeParse(competitionInputSchema, { ...story, maxWords: 99 }).success).toBe(false);
    expect(z.safeParse(competitionInputSchema, { ...story, maxWords: 20001 }).success).toBe(false);
    expect(z.safeParse(competitionInputSchema, { ...story, freeEntriesPerMonth: 11 }).success).toBe(false);
    expect(z.safeParse(competitionInputSchema, { ...story, kind: 'essay' }).success).toBe(false);
    expect(z.safeParse(competitionInputSchema, { ...story, slug: 'Short Story' }).success).toBe(false);
    expect(messages(z.safeParse(competitionInputSchema, { ...story, maxBytes: 1 }))).toEqual(['These fields are not accepted: maxBytes.']);
  });
});

describe('how a contest is named', () => {
  it('names the competition and the month', () => {
    expect(competitionContestTitle('Story', '2027-03')).toBe('Writory Story Competition, March 2027');
    expect(competitionContestTitle('Regional Languages Competition', '2026-12')).toBe('Writory Regional Languages Competition, December 2026');
  });
});
