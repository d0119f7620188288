/**
 * The first-visit language suggestion, decided while the page is parsed: LanguageSuggestion.astro inlines this
 * function's source in a script right after its banners, so a banner that shows is part of the page's first paint and
 * never pushes the page down after it (issue 39: on Hindi and Arabic pages it shifted the layout by 0.1 to 0.2).
 * So it is self-contained (no imports, nothing from outside its body): the locales are the page's own (its `lang`
 * and its banners), the choice's storage key and the default locale are passed in. The browser's list
 * (`navigator.languages`) carries no weights, so the language it prefers is its first whose primary subtag is one of
 * ours, else the default: what `localeFromAcceptLanguage` reads from the same list sent as a header
 * (suggestion.test.ts holds the two together). Shows nothing once the reader chose a language or said no.
 */
export function showLanguageSuggestion(doc: Document, languages: readonly string[], choiceKey: string, defaultLocale: string): void {
  const banners = Array.from(doc.querySelectorAll<HTMLElement>('[data-locale-suggestion]'));
  const page = doc.documentElement.lang;
  const ours = [page, ...banners.map((banner) => banner.dataset.localeSuggestion)];
  try {
    if (ours.includes(doc.defaultView?.localStorage.getItem(choiceKey) ?? '')) return;
  } catch {
    // Storage blocked: nothing remembered here.
  }
  if (!languages.length) return;
  const preferred = languages.map((tag) => tag.trim().toLowerCase().split('-')[0]).find((base) => ours.includes(base)) ?? defaultLocale;
  if (preferred !== page) banners.find((banner) => banner.dataset.localeSuggestion === preferred)?.removeAttribute('hidden');
}
