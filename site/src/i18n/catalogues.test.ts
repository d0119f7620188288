// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@writory/shared';
import { ar } from './ar';
import { en as enClient } from './en';
import { hi as hiClient } from './hi';
import { staticAr } from './static.ar';
import { staticEn } from './static.en';
import { staticHi } from './static.hi';

// Each locale's whole text: what the browser downloads (in parts) and what only static markup reads.
const en = { ...enClient, ...staticEn } as Record<string, string>;
const hi = { ...hiClient, ...staticHi } as Record<string, string>;
const catalogues = { en, hi, ar: { ...ar, ...staticAr } } as Record<string, Record<string, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('has one catalogue per locale', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has exactly English's keys, each with the same {placeholders} and some text`, () => {
      const catalogue = catalogues[locale];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        expect(placeholders(catalogue[key]), `${locale} ${key}`).toEqual(placeholders(english));
        expect(catalogue[key].trim(), `${locale} ${key}`).not.toBe('');
      }
    });
  }

  it('translates every text but names, the languages’ own names and formats', () => {
    const SAME_EVERYWHERE = new Set(['site.name', 'chat.bot', 'footer.whatsapp', 'language.name.en', 'language.name.hi', 'language.name.ar']);
    for (const locale of ['hi', 'ar']) {
      const untranslated = Object.keys(en).filter(
        (key) => !SAME_EVERYWHERE.has(key) && catalogues[locale][key] === catalogues.en[key] && /[A-Za-z]{2}/.test(catalogues.en[key].replace(/\{\w+\}/g, '')),
      );
      expect(untranslated, locale).toEqual([]);
    }
  });
});

// Tables read apart from the page's catalogue (loaded when a story competition is chosen, or with a form's schema):
// the same checks as the catalogues above.
describe.each([
  [
    'a story competition’s words',
    () => import('./story.en').then((m) => m.storyEn),
    () => import('./story.hi').then((m) => m.storyHi),
    () => import('./story.ar').then((m) => m.storyAr),
  ],
  [
    'the shared schemas’ field messages',
    () => import('./schema-words.en').then((m) => m.schemaWordsEn),
    () => import('./schema-words.hi').then((m) => m.schemaWordsHi),
    () => import('./schema-words.ar').then((m) => m.schemaWordsAr),
  ],
])('%s', (_name, english, hindi, arabic) => {
  it('exist in every language with English’s keys and placeholders, every text translated', async () => {
    const en: Record<string, string> = await english();
    for (const [locale, table] of [
      ['hi', await hindi()],
      ['ar', await arabic()],
    ] as [string, Record<string, string>][]) {
      expect(Object.keys(table).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(table[key]), `${locale} ${key}`).toEqual(placeholders(text));
        expect(table[key].trim(), `${locale} ${key}`).not.toBe('');
        expect(table[key], `${locale} ${key} is still English`).not.toBe(text);
      }
    }
  });
});

describe('what the browser downloads', () => {
  it('leaves out what only static markup reads: no key is in both', () => {
    expect(Object.keys(enClient).filter((key) => key in staticEn)).toEqual([]);
  });
});

describe('the browser’s locale list', () => {
  it('is the shared one', async () => {
    const { INTERFACE_LOCALES } = await import('./t');
    expect(INTERFACE_LOCALES).toEqual([...LOCALES]);
  });
});
