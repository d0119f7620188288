// Which language an editor's item came in (issue 39): the cms serves a translation when an editor wrote one, else
// the English marked `fallback: true`. Pure, so the build (lib/cms.ts) and the islands that read editors' content
// live (the chat's FAQ, the testimonials) decide the same way.
import { DEFAULT_LOCALE, type Locale } from '@writory/shared';
import { currentLocale } from '../i18n/t';

/**
 * What the cms says about an editor's item it served for a locale: the locale served, and `fallback` when the
 * English is served because there is no translation. A cms that does not answer per locale yet sends neither:
 * then a page in another language is showing English.
 */
export interface LocaleServed {
  locale?: Locale;
  fallback?: boolean;
}

/** True when a page in `locale` shows an item's English text for want of a translation. */
export function servedInEnglish(item: LocaleServed, locale: Locale = currentLocale()): boolean {
  if (locale === DEFAULT_LOCALE) return false;
  return item.fallback === true || item.locale !== locale;
}

/** The `locale` query of an editor's content for a page (none for English, the cms's default). */
export const localeQuery = (locale: Locale = currentLocale(), separator: '?' | '&' = '?') => (locale === DEFAULT_LOCALE ? '' : `${separator}locale=${locale}`);
