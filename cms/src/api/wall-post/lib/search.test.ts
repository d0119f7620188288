import { describe, expect, it } from 'vitest';
import { ftsQuery, tsQuery } from './search';

describe('search queries', () => {
  it('asks both databases for every word as the beginning of a word', () => {
    expect(ftsQuery(['नदी', 'moon'])).toBe('"नदी"* "moon"*');
    expect(tsQuery(['नदी', 'moon'])).toBe('नदी:* & moon:*');
  });
});
