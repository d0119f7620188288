import { describe, expect, it } from 'vitest';
import { type ApiError, parseInput } from '../../../lib/api-error';
import { canonicalLanguage, normalisePoem, searchWords } from '@writory/shared';
import { decisionBody, idParams, likedQuery, newPostBody, newReportBody, wallQuery } from './wall';

function refusal(schema: Parameters<typeof parseInput>[0], input: unknown): ApiError {
  try {
    parseInput(schema, input);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

const poem = { title: 'Thresholds', text: 'a door\n  an open door', language: 'en' };

describe('POST /api/wall/posts body', () => {
  it('keeps the poem as written: indentation, inner blank lines, any script', () => {
    const text = '  ما زلتُ أكتب\n\n    नदी के किनारे\n\ttab stop';
    expect(parseInput(newPostBody, { ...poem, text })).toEqual({ ...poem, text });
  });

  it('normalises line ends, drops leading blank lines and trailing spaces, trims the title', () => {
    expect(parseInput(newPostBody, { title: '  Rain ', text: '\r\n\n  one\r\ntwo\rthree  \n\n', language: 'EN' })).toEqual({
      title: 'Rain',
      text: '  one\ntwo\nthree',
      language: 'en',
    });
  });

  it('stores markup as the text it is', () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(parseInput(newPostBody, { title: payload, text: payload, language: 'en' })).toMatchObject({ title: payload, text: payload });
  });

  it('takes bidi controls out of the title, never out of the poem', () => {
    const text = 'سطر\u202Eأول\n\u2066line\u2069';
    expect(parseInput(newPostBody, { title: ' poem\u202Efdp.exe ', text, language: 'ar' })).toMatchObject({ title: 'poemfdp.exe', text });
    expect(parseInput(newPostBody, { title: '\u2067قصيدة\u2069', text, language: 'ar' })).toMatchObject({ title: 'قصيدة' });
  });

  it('accepts the longest title and poem', () => {
    expect(() => parseInput(newPostBody, { ...poem, title: 't'.repeat(120), text: 'p'.repeat(20_000) })).not.toThrow();
  });

  it.each([
    [{}, 'title: is required'],
    [{ ...poem, title: '' }, 'title: is required'],
    [{ ...poem, title: '   ' }, 'title: is required'],
    [{ ...poem, title: 42 }, 'title: must be text'],
    [{ ...poem, title: 't'.repeat(121) }, 'title: must be at most 120 characters'],
    [{ ...poem, title: 'two\nlines' }, 'title: cannot contain line breaks or control characters'],
    [{ ...poem, title: 'bell\u0007' }, 'title: cannot contain line breaks or control characters'],
    [{ ...poem, text: '' }, 'text: is required'],
    [{ ...poem, text: ' \n\n \t\n' }, 'text: is required'],
    [{ ...poem, text: 'p'.repeat(20_001) }, 'text: must be at most 20,000 characters'],
    [{ ...poem, text: 'null\u0000byte' }, 'text: cannot contain control characters'],
    [{ ...poem, text: 'escape \u001b[31m red' }, 'text: cannot contain control characters'],
    [{ ...poem, text: 'c1 \u0085 control' }, 'text: cannot contain control characters'],
    [{ ...poem, language: '' }, 'language: must be a language tag such as en, hi or ar'],
    [{ ...poem, language: 'not a language' }, 'language: must be a language tag such as en, hi or ar'],
    [{ ...poem, language: undefined }, 'language: is required'],
    [{ ...poem, status: 'approved' }, 'These fields are not accepted: status.'],
    [[poem], 'Send a JSON object.'],
    ['a poem', 'Send a JSON object.'],
  ])('refuses %j with 422 "%s"', (input, message) => {
    const error = refusal(newPostBody, input);
    expect(error.status).toBe(422);
    expect(error.message).toBe(message);
  });

  it('lists every problem in details', () => {
    const error = refusal(newPostBody, { title: '', text: '', language: '??' });
    expect((error.details.errors as { path: string[] }[]).map((e) => e.path.join('.'))).toEqual(['title', 'text', 'language']);
  });
});

describe('language tags', () => {
  it.each([
    ['ar', 'ar'],
    ['HI', 'hi'],
    ['zh-hant', 'zh-Hant'],
    ['pt-br', 'pt-BR'],
  ])('%s is %s', (tag, canonical) => {
    expect(canonicalLanguage(tag)).toBe(canonical);
  });

  it.each(['', 'x', 'english please', '12', 'en_US!'])('refuses %j', (tag) => {
    expect(canonicalLanguage(tag)).toBeNull();
  });
});

describe('normalisePoem', () => {
  it('composes characters (NFC) so the same words compare equal', () => {
    expect(normalisePoem('Cafe\u0301')).toBe('Café');
  });
});

describe('report and decision bodies', () => {
  it.each([
    ['report', { reason: 'rude' }, 'reason: must be one of spam, hate, plagiarism, inappropriate, other', newReportBody],
    ['report', { reason: 'other' }, 'note: is required when the reason is "other": tell the moderators what is wrong', newReportBody],
    ['report', { reason: 'spam', note: 'n'.repeat(501) }, 'note: must be at most 500 characters', newReportBody],
    ['report', { reason: 'spam', postId: 3 }, 'These fields are not accepted: postId.', newReportBody],
    ['decision', { action: 'publish' }, 'action: must be one of approve, reject, hide, restore, dismiss', decisionBody],
    ['decision', { action: 'approve' }, 'seen: must be one of pending, approved, rejected, hidden, held: the status the queue showed', decisionBody],
    ['decision', { action: 'reject', seen: 'pending' }, 'reason: is required to reject a poem: the poet reads it', decisionBody],
    ['decision', { action: 'hide', seen: 'approved', reason: '   ' }, 'reason: is required to hide a poem: the poet reads it', decisionBody],
    ['decision', { action: 'approve', seen: 'pending', reason: 'r'.repeat(501) }, 'reason: must be at most 500 characters', decisionBody],
  ])('refuses the %s body %j: %s', (_kind, input, message, schema) => {
    expect(refusal(schema as any, input).message).toBe(message);
  });

  it('accepts a report with a reason, and "other" with a note', () => {
    expect(parseInput(newReportBody, { reason: 'spam' })).toEqual({ reason: 'spam' });
    expect(parseInput(newReportBody, { reason: 'other', note: ' copied from a book ' })).toEqual({ reason: 'other', note: 'copied from a book' });
  });
});

describe('ids and queries', () => {
  it.each(['0', '-1', 'abc', '1e3', '12345678901', ' 7'])('refuses the post id %j', (id) => {
    expect(refusal(idParams, { id }).message).toBe('id: must be a post number such as 42');
  });

  it('reads defaults and refuses out-of-range pages', () => {
    expect(parseInput(wallQuery, {})).toEqual({ sort: 'newest', page: 1, pageSize: 20 });
    expect(refusal(wallQuery, { sort: 'oldest' }).message).toBe('sort: must be one of newest, most-liked');
    expect(refusal(wallQuery, { page: '0' }).message).toBe('page: must be 1 or more');
    expect(refusal(wallQuery, { pageSize: '51' }).message).toBe('pageSize: must be at most 50');
  });

  it('reads the filters: a canonical language, a theme tag, the words of a search', () => {
    expect(parseInput(wallQuery, { language: 'AR', theme: 'love', q: ' Moon,  "river"* moon ' })).toEqual({
      sort: 'newest',
      page: 1,
      pageSize: 20,
      language: 'ar',
      theme: 'love',
      q: ['moon', 'river'],
    });
    expect(refusal(wallQuery, { theme: 'dragons' }).message).toMatch(/^theme: must be one of love, nature/);
    expect(refusal(wallQuery, { q: '*** ""' }).message).toBe('q: must have a word to look for');
    expect(refusal(wallQuery, { q: 'a'.repeat(101) }).message).toBe('q: must be at most 100 characters');
    expect(refusal(newPostBody, { ...poem, theme: 'dragons' }).message).toMatch(/^theme: must be one of/);
    expect(parseInput(newPostBody, { ...poem, theme: 'hope' })).toEqual({ ...poem, theme: 'hope' });
  });

  it('keeps a word whole with its marks, in any script, and drops what either database could read as syntax', () => {
    expect(searchWords('चाँदनी, नदी!')).toEqual(['चाँदनी', 'नदी']);
    expect(searchWords('الشِّعر والقمر')).toEqual(['الشِّعر', 'والقمر']);
    expect(searchWords('NEAR(a OR b) -c ^d "e" f:* g&h|!i')).toEqual(['near', 'a', 'or', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].slice(0, 8));
    // A mark alone starts no word.
    expect(searchWords('\u093F\u093E')).toEqual([]);
  });

  it('reads a list of ids once each, at most 50', () => {
    expect(parseInput(likedQuery, { ids: '3,1,3' })).toEqual({ ids: [3, 1] });
    expect(refusal(likedQuery, { ids: Array.from({ length: 51 }, (_, i) => i + 1).join(',') }).status).toBe(422);
    expect(refusal(likedQuery, {}).message).toBe('ids: is required: post numbers separated by commas');
  });
});
