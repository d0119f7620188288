// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countryCodes, countryList, countryName, isCountryCode } from '@writory/shared';

describe('the country list (ISO 3166-1 alpha-2)', () => {
  it.each(['en', 'fr', 'ar', 'hi'])('lists every country once, by code and by %s name', (locale) => {
    const list = countryList(locale);
    expect(list.length).toBe(countryCodes().size);
    expect(list.length).toBeGreaterThan(240);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(new Set(list.map((c) => c.name)).size).toBe(list.length);
    for (const country of list) expect(isCountryCode(country.code)).toBe(true);
  });

  it('names each country once in English: the United Kingdom, France, Germany and Serbia appear once', () => {
    const names = countryList('en').map((c) => c.name);
    for (const name of ['United Kingdom', 'France', 'Germany', 'Serbia', 'India']) expect(names.filter((n) => n === name)).toHaveLength(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('refuses codes that are not assigned countries (old, reserved, lower case, regions)', () => {
    for (const code of ['UK', 'YU', 'CS', 'SU', 'FX', 'DD', 'EU', 'UN', 'ZZ', 'XX', 'gb', 'GBR', '']) expect(isCountryCode(code), code).toBe(false);
    for (const code of ['GB', 'FR', 'DE', 'RS', 'IN', 'AE', 'SE']) expect(isCountryCode(code), code).toBe(true);
  });

  it('shows a stored code in the reader’s language and anything else as it was stored', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('in', 'en')).toBe('India');
    expect(countryName('Serbia', 'en')).toBe('Serbia');
  });
});
