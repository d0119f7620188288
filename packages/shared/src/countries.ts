// Countries are stored as ISO 3166-1 alpha-2 codes (the maintained list of the iso-3166 package) and shown
// with the reader's own localised names (the runtime's Intl.DisplayNames). The list is read lazily, so pages
// that never show a country do not carry it.
import { iso31661 } from 'iso-3166/1.js';

let codes: ReadonlySet<string> | null = null;

/** Every assigned ISO 3166-1 alpha-2 code, once each. */
export function countryCodes(): ReadonlySet<string> {
  codes ??= new Set(iso31661.map((country) => country.alpha2));
  return codes;
}

/** True for an assigned ISO 3166-1 alpha-2 code (upper case). */
export const isCountryCode = (code: string): boolean => countryCodes().has(code);

/**
 * A stored country in the reader's language: a code's localised name (the list's English name where the
 * runtime knows none); anything else stored before codes were the rule is shown as it was written.
 */
export function countryName(stored: string, locale?: string): string {
  const code = stored.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return stored;
  try {
    const name = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region', fallback: 'none' }).of(code);
    if (name && name !== code) return name;
  } catch {
    // An unknown locale tag falls through to the list's name.
  }
  return iso31661.find((country) => country.alpha2 === code)?.name ?? stored;
}

/** Every country once, as { code, name } in the reader's language, sorted by that name. */
export function countryList(locale?: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return [...countryCodes()].map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
}
