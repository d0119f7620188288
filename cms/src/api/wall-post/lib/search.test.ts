import { describe, expect, it } from 'vitest';
import { ftsQuery, languageFacet, newestFtsQuery, themeFacet, tsQuery } from './search';

describe('search queries', () => {
  it('asks both databases for every word as the beginning of a word', () => {
    expect(ftsQuery(['नदी', 'moon'])).toBe('"नदी"* "moon"*');
    expect(tsQuery(['नदी', 'moon'])).toBe('नदी:* & moon:*');
  });

  it('asks the newest-order index for the words in the title and text, and for the language and theme as facet words', () => {
    expect(newestFtsQuery(['नदी', 'moon'])).toBe('{title text} : ("नदी"* "moon"*)');
    expect(newestFtsQuery(['moon'], { language: 'zh-Hant', theme: 'love' })).toBe(
      '{title text} : ("moon"*) AND facets : "l7a682d48616e74" AND facets : "t6c6f7665"',
    );
    // One word of letters and digits whatever the tag: the tokenizer cuts nothing and folds nothing of it.
    expect(languageFacet('hi')).toMatch(/^l[0-9a-f]+$/);
    expect(themeFacet('humour')).toMatch(/^t[0-9a-f]+$/);
  });
});
