// What the e2e specs driven in Hindi and Arabic share (issue 39): the catalogues a person reads the page in, the
// cms's catalogues for the emails, a page's path in a locale, and the check that no catalogue key reached the page.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { hydrated } from './session';
import { ar as arMessages } from '../cms/src/lib/messages/ar';
import { hi as hiMessages } from '../cms/src/lib/messages/hi';
import { ar } from '../site/src/i18n/ar';
import { en } from '../site/src/i18n/en';
import { hi } from '../site/src/i18n/hi';
import { staticEn } from '../site/src/i18n/static.en';

/** The site's catalogues of the locales other than English. */
export const CATALOGUES = { hi, ar } as const;
/** The cms's catalogues (emails, refusals) of the same locales. */
export const CMS_MESSAGES = { hi: hiMessages, ar: arMessages } as const;
export type OtherLocale = keyof typeof CATALOGUES;
export const OTHER_LOCALES = ['hi', 'ar'] as const satisfies readonly OtherLocale[];

/** `/about` in Hindi is `/hi/about`; the home page is `/hi`. */
export const inLocale = (locale: OtherLocale, path: string) => `/${locale}${path === '/' ? '' : path}`;

const KEYS = [...Object.keys(en), ...Object.keys(staticEn)];

/** Catalogue keys (`nav.home`, `submit.poemHint`) that reached the page as text instead of their translation. */
export async function rawKeysOn(page: Page) {
  const text = await page.locator('body').innerText();
  return KEYS.filter((key) => text.includes(key));
}

/**
 * Interface text left in English on a Hindi or Arabic page: runs of four or more Latin-script words in the page's own
 * text and labels. What people wrote is not the interface and keeps its language: poems, names and editors' text are
 * marked `dir="auto"` (or `lang="en"` where an English fallback is shown) and left out, as are scripts, code and
 * anything hidden.
 */
export const englishRunsOn = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const RUN = /[A-Za-z][A-Za-z’'-]*(?:[\s,.:;()]+[A-Za-z][A-Za-z’'-]*){3,}/g;
    const PEOPLE_WROTE = '[lang="en"], [dir="auto"], script, style, noscript, code, kbd, [translate="no"], [aria-hidden="true"]';
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest(PEOPLE_WROTE) || !element.checkVisibility()) continue;
      for (const run of node.textContent?.match(RUN) ?? []) found.add(run.trim());
    }
    // A label that repeats what people wrote (a card named by its poem's title) is theirs too.
    const written = [...document.body.querySelectorAll(PEOPLE_WROTE)].map((element) => element.textContent ?? '').join('\n');
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (element.closest(PEOPLE_WROTE) || !element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        for (const run of element.getAttribute(name)?.match(RUN) ?? []) if (!written.includes(run.trim())) found.add(`${name}: ${run.trim()}`);
      }
    }
    return [...found];
  });

/**
 * One load of a page in `locale` once its islands are live, and the checks every such page passes: answered 200, in
 * its language and direction, the header's home link in that language, no raw catalogue key, no English left.
 */
export async function expectInLocale(page: Page, locale: OtherLocale, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  // Islands that hydrate when seen (the home page's carousel): shown once each, so every island is live.
  await page.locator('astro-island[client="visible"][ssr]').evaluateAll(async (islands) => {
    for (const island of islands) {
      (island.firstElementChild ?? island).scrollIntoView();
      await new Promise(requestAnimationFrame);
    }
  });
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByRole('banner').getByRole('link', { name: CATALOGUES[locale]['nav.home'], includeHidden: true }).first()).toBeAttached();
  expect(await rawKeysOn(page), path).toEqual([]);
  expect.soft(await englishRunsOn(page), `English left on ${path}`).toEqual([]);
}
