// The reader's language choice, remembered in this browser (localStorage, and a cookie the site server can read).
// The first-visit suggestion reads it: once a reader has chosen, or said no, they are never asked again. This
// module runs on every page, so it imports nothing: the language list is the page's own switcher links.
import type { Locale } from '@writory/shared';

export const CHOICE_KEY = 'writory.locale';

/** The locales this page offers (its language links), so a stored value is only trusted when it is one of them. */
const offered = (doc: Document) => new Set([...doc.querySelectorAll<HTMLElement>('[data-locale-choice]')].map((el) => el.dataset.localeChoice));

export function rememberedLocale(doc: Document): Locale | null {
  try {
    const value = localStorage.getItem(CHOICE_KEY);
    return value && offered(doc).has(value) ? (value as Locale) : null;
  } catch {
    return null;
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(CHOICE_KEY, locale);
  } catch {
    // Storage blocked: the cookie below still carries it.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference cookie; the Cookie Store API is async and not everywhere.
  document.cookie = `${CHOICE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The page's language controls (no framework): a click on a language link ([data-locale-choice]) remembers it, and
 * "No, thanks" on the first-visit suggestion ([data-locale-suggestion], shown while the page is parsed:
 * suggestion.ts) remembers the page's own language and hides it. Never a redirect: the reader decides.
 */
export function installLanguageChoice(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-locale-choice]') : null;
    if (!target) return;
    rememberLocale(target.dataset.localeChoice as Locale);
    if (target.hasAttribute('data-locale-dismiss')) target.closest<HTMLElement>('[data-locale-suggestion]')?.setAttribute('hidden', '');
  });
}
