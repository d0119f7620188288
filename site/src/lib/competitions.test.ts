// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { competitionFromSearch, languagesInWords, limitsInWords, withCompetition } from './competitions';

describe('competition links', () => {
  it('keeps the default competition out of URLs, so every existing link stays the same', () => {
    expect(withCompetition('/submit', 'poetry')).toBe('/submit');
    expect(withCompetition('/submit', null)).toBe('/submit');
    expect(withCompetition('/submit', 'story')).toBe('/submit?competition=story');
    expect(withCompetition('/leaderboard?view=all', 'regional-languages')).toBe('/leaderboard?view=all&competition=regional-languages');
  });

  it('reads ?competition= only for a competition that exists', () => {
    const known = ['poetry', 'story', 'regional-languages'];
    expect(competitionFromSearch('?competition=story', known)).toBe('story');
    expect(competitionFromSearch('?competition=nope', known)).toBe('poetry');
    expect(competitionFromSearch('', known)).toBe('poetry');
  });
});

describe('rules in words', () => {
  it('names the languages, or says any', () => {
    expect(languagesInWords([])).toBe('Any language');
    expect(languagesInWords(['ta'])).toBe('Tamil');
    expect(languagesInWords(['hi', 'ta', 'ur'])).toBe('Hindi, Tamil and Urdu');
  });

  it('says the word limit, the file size and the free entries', () => {
    expect(limitsInWords({ kind: 'story', limits: { maxWords: 5000, maxBytes: 5 * 1024 * 1024, freeEntriesPerMonth: 1 } })).toEqual([
      'At most 5,000 words.',
      'One .docx or .pdf file per story, at most 5 MB.',
      '1 free entry a month; more with entry credits.',
    ]);
    expect(limitsInWords({ kind: 'poem', limits: { maxWords: null, maxBytes: 5 * 1024 * 1024, freeEntriesPerMonth: 0 } })[0]).toBe('Any length.');
  });
});

describe('competition titles', () => {
  it('adds "Competition" once', async () => {
    const { competitionTitle } = await import('./competitions');
    expect(competitionTitle('Story')).toBe('Story Competition');
    expect(competitionTitle('Regional Languages Competition')).toBe('Regional Languages Competition');
  });
});

describe('rows name their competition', () => {
  it('names the competition and the month, and reads rows from before competitions as they were', async () => {
    const { contestLabel } = await import('./competitions');
    expect(contestLabel({ month: '2027-03', competition: { slug: 'story', name: 'Story' } } as { month: string })).toBe('Story Competition, March 2027');
    expect(contestLabel({ month: '2027-03' })).toBe('March 2027 contest');
  });
});

describe('winners of one competition', () => {
  it('keeps the rows the cms gave for the competition, leaving out any that name another', async () => {
    const { winnersOf } = await import('./cms');
    const winner = (id: string, competition?: string) => ({ id, ...(competition ? { competition: { slug: competition, name: competition } } : {}) });
    const index = {
      months: [
        { month: '2026-10', theme: null, winners: [winner('a'), winner('b', 'story')] },
        { month: '2026-09', theme: null, winners: [winner('c', 'poetry')] },
      ],
    } as unknown as Parameters<typeof winnersOf>[0];
    expect(winnersOf(index, 'poetry').months.map((m) => [m.month, m.winners.map((w) => w.id)])).toEqual([
      ['2026-10', ['a']],
      ['2026-09', ['c']],
    ]);
    expect(winnersOf(index, 'story').months.map((m) => [m.month, m.winners.map((w) => w.id)])).toEqual([['2026-10', ['a', 'b']]]);
  });
});
