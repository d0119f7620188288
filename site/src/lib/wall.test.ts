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
    ['', { sort: 'newest', page: 1 }],
    ['?sort=most-liked&page=3', { sort: 'most-liked', page: 3 }],
    ['?sort=oldest&page=0', { sort: 'newest', page: 1 }],
    ['?page=2.5', { sort: 'newest', page: 1 }],
    ['?page=<script>', { sort: 'newest', page: 1 }],
  ])('%s reads as %j', (search, view) => {
    expect(wallViewFrom(search)).toEqual(view);
  });

  it('writes the first page of the newest as the bare page, and round-trips the rest', () => {
    expect(wallViewSearch({ sort: 'newest', page: 1 })).toBe('');
    expect(wallViewSearch({ sort: 'most-liked', page: 2 })).toBe('?sort=most-liked&page=2');
    expect(wallViewFrom(wallViewSearch({ sort: 'newest', page: 7 }))).toEqual({ sort: 'newest', page: 7 });
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
  const newest = { sort: 'newest' as const, page: 1 };
  it.each([
    ['a visitor, built 10 s ago', newest, 10_000, false, false],
    ['a visitor, built 2 minutes ago', newest, 120_000, false, true],
    ['a signed-in poet', newest, 10_000, true, true],
    ['a visitor on page 2', { sort: 'newest' as const, page: 2 }, 10_000, false, true],
    ['a visitor on the most liked', { sort: 'most-liked' as const, page: 1 }, 10_000, false, true],
  ])('%s: %s', (_name, view, age, signedIn, expected) => {
    expect(feedNeedsRefresh({ view, builtAt: 1_000_000, now: 1_000_000 + age, signedIn })).toBe(expected);
  });
});
