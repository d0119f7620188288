// fold() takes a fast path for ASCII characters (issue 38: the blind copy's re-check folds every line of a PDF's
// decoded streams). It must fold exactly as the per-character path does, for any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnonymiser, fold } from './anonymise';

const FOLDED_AWAY = /[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670\u00ad\u200b-\u200f\u2060\ufeff]/u;

/** fold() as it was before the fast path: every character decomposed, tested and lower-cased. */
function foldEveryCharacter(text: string) {
  let out = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    for (const part of char.normalize('NFD')) {
      if (FOLDED_AWAY.test(part)) continue;
      const lower = /\s/u.test(part) ? ' ' : part.toLowerCase();
      out += lower;
      for (let k = 0; k < lower.length; k++) from.push(i);
    }
    i += char.length;
  }
  return { text: out, from };
}

const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 60 });
const mixed = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'AzÉé\u0301 \t\n\u00a0\u200bİıßﬁ\u0645\u064e@.-'),
    fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
  ),
  maxLength: 60,
});

describe('fold', () => {
  it('folds every ASCII character as the per-character path does (controls, spaces, capitals, punctuation)', () => {
    fc.assert(
      fc.property(ascii, (text) => {
        expect(fold(text)).toEqual(foldEveryCharacter(text));
      }),
      { numRuns: 500 },
    );
  });

  it('folds text mixing ASCII with accents, marks, invisible characters and other scripts as before', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        expect(fold(text)).toEqual(foldEveryCharacter(text));
      }),
      { numRuns: 500 },
    );
  });

  it('still finds an address only where it has an @, and the name in a line repeated many times', () => {
    const anonymiser = createAnonymiser({ names: ['Mira Okafor'], emails: ['mira@example.org'] });
    const lines = Array.from({ length: 50 }, () => 'a line by MIRA OKAFOR, write to mira@example.org');
    expect(anonymiser.mentions(lines.join('\n'))).toBe(100);
    expect(anonymiser.mentions('mira example org '.repeat(200))).toBe(0);
  });
});
