import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, type Locale, localeFromAcceptLanguage } from '@writory/shared';
import { CHOICE_KEY } from './choice';
import { showLanguageSuggestion } from './suggestion';

/** A page in `locale` with the banners LanguageSuggestion.astro renders (every other locale's, hidden). */
function pageIn(locale: Locale) {
  document.documentElement.lang = locale;
  document.body.innerHTML = LOCALES.filter((option) => option !== locale)
    .map((option) => `<aside data-locale-suggestion="${option}" hidden></aside>`)
    .join('');
}
const shown = () => [...document.querySelectorAll<HTMLElement>('[data-locale-suggestion]:not([hidden])')].map((el) => el.dataset.localeSuggestion);

describe('the first-visit suggestion', () => {
  beforeEach(() => localStorage.clear());

  it('shows the browser’s language when it is another of ours, else nothing', () => {
    pageIn('en');
    showLanguageSuggestion(document, ['ar-EG', 'ar', 'en'], CHOICE_KEY, DEFAULT_LOCALE);
    expect(shown()).toEqual(['ar']);
    pageIn('ar');
    showLanguageSuggestion(document, ['ar-EG', 'en'], CHOICE_KEY, DEFAULT_LOCALE);
    expect(shown()).toEqual([]);
    pageIn('hi');
    showLanguageSuggestion(document, ['en-US', 'en'], CHOICE_KEY, DEFAULT_LOCALE);
    expect(shown()).toEqual(['en']);
    pageIn('en');
    showLanguageSuggestion(document, ['fr-FR'], CHOICE_KEY, DEFAULT_LOCALE);
    expect(shown()).toEqual([]);
  });

  it('suggests what localeFromAcceptLanguage reads from the same list, on a page in every locale', () => {
    const lists = [['fr-FR', 'hi-IN', 'en'], ['EN-gb'], ['ar'], ['de', 'fr'], ['hi', 'ar'], ['ar-SA', 'hi'], ['zh-Hant-TW', 'en-US']];
    for (const locale of LOCALES) {
      for (const languages of lists) {
        pageIn(locale);
        showLanguageSuggestion(document, languages, CHOICE_KEY, DEFAULT_LOCALE);
        const preferred = localeFromAcceptLanguage(languages.join(','));
        expect(shown(), `${locale} page, browser ${languages.join(',')}`).toEqual(preferred === locale ? [] : [preferred]);
      }
    }
  });

  it('shows nothing once the reader chose a language or said no', () => {
    pageIn('hi');
    localStorage.setItem(CHOICE_KEY, 'hi');
    showLanguageSuggestion(document, ['en-US'], CHOICE_KEY, DEFAULT_LOCALE);
    expect(shown()).toEqual([]);
  });

  it('runs as the source the page inlines (self-contained: nothing from outside its body)', () => {
    pageIn('ar');
    new Function(`(${showLanguageSuggestion})(document, ['en-US'], ${JSON.stringify(CHOICE_KEY)}, ${JSON.stringify(DEFAULT_LOCALE)})`)();
    expect(shown()).toEqual(['en']);
  });
});
