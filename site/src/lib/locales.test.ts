// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirOf, localeFromAcceptLanguage, localeSchema } from '@writory/shared';

describe('locales', () => {
  it('picks the supported language the browser prefers most, else English', () => {
    expect(localeFromAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,ar;q=0.5,en;q=0.4')).toBe('ar');
    expect(localeFromAcceptLanguage('en;q=0.2,ar;q=0.7')).toBe('ar');
    expect(localeFromAcceptLanguage('fr,de')).toBe('en');
    expect(localeFromAcceptLanguage('ar;q=0')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });

  it('knows Arabic is written right to left', () => {
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('hi')).toBe('ltr');
    expect(localeSchema.safeParse('ur').success).toBe(false);
  });

  it('brings nothing else to the browser: every first visit loads locales.ts for the language suggestion', () => {
    // A value imported there (zod for a schema) would come with it onto every page (7.4 KB gzip for zod).
    const source = readFileSync(join(import.meta.dirname, '../../../packages/shared/src/locales.ts'), 'utf8');
    expect(source.match(/^import (?!type ).*$/gm) ?? []).toEqual([]);
  });
});
