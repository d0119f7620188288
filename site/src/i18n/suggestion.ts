import { type Locale, localeFromAcceptLanguage } from '@writory/shared';

/** The language to suggest on a first visit: the browser's preferred one of ours when it is not the page's. */
export function suggestedLocale(pageLocale: Locale, languages: readonly string[]): Locale | null {
  const preferred = localeFromAcceptLanguage(languages.join(','));
  return preferred === pageLocale ? null : preferred;
}
