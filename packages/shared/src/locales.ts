/** The interface's languages: English (the default, unprefixed URLs), Hindi (`/hi/…`) and Arabic (`/ar/…`). */
export const LOCALES = ['en', 'hi', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

// `localeSchema` (a request field's schema) is in locale-schema.ts: this module imports nothing, because every page's
// first-visit language suggestion loads it in the browser, and zod would come with it.

/** Writing direction of a locale's interface (a poem keeps its own direction inside any page). */
export function dirOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The supported locale an `Accept-Language` header prefers, or the default. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const wanted = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const base = tag.split('-')[0] as Locale;
    if ((LOCALES as readonly string[]).includes(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/**
 * What a read of editors' content says about its language (issue 39): the locale it served, and `fallback: true`
 * when that is the English one for want of a translation in the locale asked for.
 */
export interface ServedLocale {
  locale: Locale;
  fallback: boolean;
}
