// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { feedNeedsRefresh, formatWallDate, languageLabel, likesText, postIdFrom, wallViewFrom, wallViewSearch } from './wall';

describe('languageLabel', () => {
  it.each([
    ['en', 'English'],
    ['hi', 'Hindi · हिन्दी'],
    ['ar', 'Arabic · العربية'],
    ['und', 'Another language'],
  ])('%s is %s', (tag, label) => {
    expect(languageLabel(tag)).toBe(label);
  });
});

describe('wall views in the URL', () => {
  it.each([
    ['', { sort: 'newest', after: [] }],
    ['?sort=most-liked&after=l.3.1764000000000.42,l.2.1763000000000.17', { sort: 'most-liked', after: ['l.3.1764000000000.42', 'l.2.1763000000000.17'] }],
    ['?sort=oldest&after=n.1.2', { sort: 'newest', after: ['n.1.2'] }],
    ['?page=3', { sort: 'newest', after: [] }],
    ['?after=<script>', { sort: 'newest', after: [] }],
    ['?after=n.1.2,,n.1.1', { sort: 'newest', after: ['n.1.2', 'n.1.1'] }],
    ['?language=AR&theme=love&q=%D9%82%D9%85%D8%B1', { sort: 'newest', language: 'ar', theme: 'love', q: 'قمر', after: [] }],
    ['?language=not+a+language&theme=dragons&q=+++', { sort: 'newest', after: [] }],
    ['?tab=following&after=n.1.2&q=moon', { sort: 'newest', following: true, after: ['n.1.2'] }],
  ])('%s reads as %j', (search, view) => {
    expect(wallViewFrom(search)).toEqual(view);
  });

  it('writes the first page of the newest as the bare page, and round-trips the rest', () => {
    expect(wallViewSearch({ sort: 'newest', after: [] })).toBe('');
    expect(wallViewSearch({ sort: 'most-liked', after: ['l.1.2.3'] })).toBe('?sort=most-liked&after=l.1.2.3');
    const view = { sort: 'newest' as const, after: ['n.1764000000000.42', 'n.1763000000000.17'] };
    expect(wallViewSearch(view)).toBe('?after=n.1764000000000.42,n.1763000000000.17');
    expect(wallViewFrom(wallViewSearch(view))).toEqual(view);
    const found = { sort: 'most-liked' as const, language: 'hi', theme: 'nature' as const, q: 'नदी किनारे', after: ['l.1.2.3'] };
    expect(wallViewFrom(wallViewSearch(found))).toEqual(found);
  });
});

describe('postIdFrom', () => {
  it.each([
    ['?id=42', 42],
    ['?id=0', null],
    ['?id=abc', null],
    ['?id=1e3', null],
    ['', null],
  ])('%s is %s', (search, id) => {
    expect(postIdFrom(search)).toBe(id);
  });
});

describe('text', () => {
  it('formats dates the same everywhere and counts likes in words', () => {
    expect(formatWallDate('2026-11-22T23:30:00.000Z')).toBe('22 Nov 2026');
    expect([likesText(0), likesText(1), likesText(1200)]).toEqual(['0 likes', '1 like', '1,200 likes']);
  });
});

describe('feedNeedsRefresh', () => {
  const newest = { sort: 'newest' as const, after: [] };
  it.each([
    ['a visitor, built 10 s ago', newest, 10_000, false, false],
    ['a visitor, built 2 minutes ago', newest, 120_000, false, true],
    ['a signed-in poet', newest, 10_000, true, true],
    ['a visitor on page 2', { sort: 'newest' as const, after: ['n.1.2'] }, 10_000, false, true],
    ['a visitor on the most liked', { sort: 'most-liked' as const, after: [] }, 10_000, false, true],
    ['a visitor searching', { sort: 'newest' as const, q: 'moon', after: [] }, 10_000, false, true],
    ['a poet on the Following tab', { sort: 'newest' as const, following: true as const, after: [] }, 10_000, false, true],
    ['a visitor filtering by language', { sort: 'newest' as const, language: 'ar', after: [] }, 10_000, false, true],
  ])('%s: %s', (_name, view, age, signedIn, expected) => {
    expect(feedNeedsRefresh({ view, builtAt: 1_000_000, now: 1_000_000 + age, signedIn })).toBe(expected);
  });
});
