// Which locale a URL is in and the same page's URL in another locale: English unprefixed (`/about`), the
// others under their code (`/hi/about`, `/ar/about`), as Astro's i18n routing (astro.config.mjs) builds them.
import type { Locale } from '@writory/shared';
import { currentLocale, INTERFACE_LOCALES } from './t';

const DEFAULT_LOCALE: Locale = 'en';
const PREFIXED = INTERFACE_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** The locale of a path, from its first segment. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return PREFIXED.find((locale) => locale === first) ?? DEFAULT_LOCALE;
}

/** The path without its locale prefix: `/hi/about` → `/about`, `/ar` → `/`. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  return pathname.slice(locale.length + 1) || '/';
}

/** The same page in `locale`: `localizedPath('/hi/about', 'ar')` → `/ar/about`; query and hash kept. */
export function localizedPath(path: string, locale: Locale): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const [, pathname = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(path) ?? [];
  const bare = unlocalizedPath(pathname);
  if (locale === DEFAULT_LOCALE) return bare + rest;
  return `/${locale}${bare === '/' ? '' : bare}${rest}` || '/';
}

/** A link to one of our pages in the language of the page being shown: `localHref('/submit')` is `/hi/submit` on a Hindi page. */
export function localHref(path: string): string {
  return localizedPath(path, currentLocale());
}

/**
 * The language an email's link names (`?lang=hi`, as the cms writes it on the links to /__/auth/action, Firebase's
 * fixed path, which is English only), else the page's own: where the action page sends the person on.
 */
export function actionLocale(search: string): Locale {
  const lang = new URLSearchParams(search).get('lang');
  return INTERFACE_LOCALES.find((locale) => locale === lang) ?? currentLocale();
}
