// @vitest-environment node
// The comment words in Hindi and Arabic say the same things as the English: the same keys, the same placeholders.
import { describe, expect, it } from 'vitest';
import { commentsAr } from './comments.ar';
import { commentsEn } from './comments.en';
import { commentsHi } from './comments.hi';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each([
  ['Hindi', commentsHi],
  ['Arabic', commentsAr],
])('%s comment words', (_, catalogue) => {
  it('have every English key and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(commentsEn).sort());
  });

  it('keep each message’s placeholders and translate it', () => {
    for (const [key, english] of Object.entries(commentsEn)) {
      const text = catalogue[key as keyof typeof commentsEn];
      expect(placeholders(text), key).toEqual(placeholders(english));
      expect(text.trim(), key).not.toBe('');
      if (/[a-z]{4}/i.test(english.replace(/\{\w+\}/g, ''))) expect(text, key).not.toBe(english);
    }
  });
});
