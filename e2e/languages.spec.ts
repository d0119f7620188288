// The site in Hindi and Arabic (issue 39): every public page under /hi/ and /ar/ in its language and direction,
// no raw catalogue key, no axe violation at 1280 and 375 px, and so every poet's page signed in; no admin page shows a
// raw key; Arabic mirrored (header, bell panel, carousel); the switcher keeps the reader on the page and remembers the
// choice; the browser's language is only suggested; a poet signed in reads the header, the bell and the wall in
// Arabic and in Hindi. The whole path of a poet in each language is languages-journey.spec.ts.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, withSavedConsent } from './fixtures';
import { POET_PAGES, PUBLIC_ROUTES } from './routes';
import { accountOf } from './demo';
import { hydrated, open, signInAs } from './session';
import { ar } from '../site/src/i18n/ar';
import { hi } from '../site/src/i18n/hi';
import { CATALOGUES, expectInLocale, inLocale, OTHER_LOCALES, type OtherLocale, rawKeysOn } from './locales';

/** Firebase's fixed email-action path stays English only. */
const LOCALIZED_ROUTES = PUBLIC_ROUTES.filter((route) => !route.path.startsWith('/__/'));

test.beforeEach(async ({ page }) => withSavedConsent(page));

for (const locale of OTHER_LOCALES) {
  test(`every public page in ${locale}: its language and direction, no raw key, no axe violation @phone`, async ({ page }) => {
    test.setTimeout(240_000); // one loop over twenty pages with axe on each
    for (const route of LOCALIZED_ROUTES) {
      const path = inLocale(locale, route.path);
      await expectInLocale(page, locale, path);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', new RegExp(`${route.path === '/' ? '' : route.path}/?$`));
      await expectNoAxeViolations(page);
    }
  });

  // On the desktop the poet's pages are read by the poet who signed in through the form in that language, below.
  test(`every poet's page in ${locale}, signed in: its language and direction, no raw key, no axe violation @phone-only`, async ({ page }) => {
    test.setTimeout(180_000); // one sign-in, then one load of each page with axe on each
    const poet = accountOf('poet');
    await signInAs(page, poet.email, poet.password, '/about');
    await expectPoetPagesInLocale(page, locale);
  });
}

/** Every poet's page in `locale`, the poet on `page` signed in: its language and direction, no raw key, no axe violation. */
async function expectPoetPagesInLocale(page: Page, locale: OtherLocale) {
  for (const path of POET_PAGES) {
    await expectInLocale(page, locale, inLocale(locale, path));
    await expect(page.getByRole('button', { name: CATALOGUES[locale]['account.menu'] })).toBeVisible();
    await expectNoAxeViolations(page);
  }
}

/** Where the header's parts, the bell's panel and the home page's carousel sit on `path`, for a poet signed in. */
async function layoutOf(page: Page, path: string) {
  const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
  await page.goto(path);
  // The carousel hydrates once seen; then every island is live, and the header is read from the top of the page.
  const carousel = page.getByTestId('testimonial-carousel');
  await carousel.scrollIntoViewIfNeeded();
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const logo = await box(page.getByRole('banner').getByRole('link', { name: 'Writory', exact: true }));
  const bellButton = page.getByTestId('notification-bell');
  const bell = await box(bellButton);
  await bellButton.click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  const panelBox = await box(panel);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await carousel.scrollIntoViewIfNeeded();
  // Previous, then next (in the DOM and in reading order), and the first two of the dots that say which slide shows.
  const [previous, next] = await carousel.locator('button[aria-controls]').all();
  const dots = carousel.locator('div[aria-hidden="true"] > span');
  return {
    logo,
    bell,
    panel: panelBox,
    previous: await box(previous),
    next: await box(next),
    // Tailwind's `rtl:-scale-x-100` flips it with the `scale` property; a `transform` would do as well.
    nextArrowFlip: await next.locator('svg').evaluate((svg) => `${getComputedStyle(svg).scale} ${getComputedStyle(svg).transform}`),
    firstDot: await box(dots.nth(0)),
    secondDot: await box(dots.nth(1)),
  };
}

test('@phone Arabic pages are mirrored: the header from the right, the bell’s panel, the carousel’s direction', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const poet = accountOf('poet');
  await signInAs(page, poet.email, poet.password, '/about');
  const width = page.viewportSize()!.width;
  const english = await layoutOf(page, '/');
  const arabic = await layoutOf(page, '/ar');
  await page.evaluate(() => window.scrollTo(0, 0));
  await testInfo.attach(`arabic header at ${width} px`, { body: await page.getByRole('banner').screenshot(), contentType: 'image/png' });

  // The header: the name at the inline start (left in English, right in Arabic), the account's bell on the other side.
  expect(english.logo.x).toBeLessThan(english.bell.x);
  expect(english.logo.x).toBeLessThan(width / 4);
  expect(arabic.logo.x).toBeGreaterThan(arabic.bell.x);
  expect(arabic.logo.x + arabic.logo.width).toBeGreaterThan(width - width / 4);

  // The bell's panel stays on screen; from 768 px it hangs from the bell towards the page's middle (its inline end
  // under the bell's), below it a full-screen panel.
  for (const { panel } of [english, arabic]) {
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(width + 1);
  }
  if (width >= 768) {
    expect(english.panel.x).toBeLessThan(english.bell.x);
    expect(english.panel.x + english.panel.width).toBeGreaterThanOrEqual(english.bell.x + english.bell.width - 1);
    expect(arabic.panel.x).toBeLessThanOrEqual(arabic.bell.x + 1);
    expect(arabic.panel.x + arabic.panel.width).toBeGreaterThan(arabic.bell.x + arabic.bell.width);
  } else {
    for (const { panel } of [english, arabic]) expect(panel.width).toBeGreaterThan(width - 2);
  }

  // The carousel reads in the page's direction: "previous" before "next" and the first slide's dot first, from the
  // left in English and from the right in Arabic, and the "next" arrow points the way the slides go.
  expect(english.previous.x).toBeLessThan(english.next.x);
  expect(english.firstDot.x).toBeLessThan(english.secondDot.x);
  expect(english.nextArrowFlip).toBe('none none');
  expect(arabic.previous.x).toBeGreaterThan(arabic.next.x);
  expect(arabic.firstDot.x).toBeGreaterThan(arabic.secondDot.x);
  expect(arabic.nextArrowFlip).toMatch(/^-1 1 |matrix\(-1, 0, 0, 1, 0, 0\)$/);
});

test('the switcher keeps the reader on the same page, in header and footer, and remembers the choice', async ({ page }) => {
  await open(page, '/about');
  await page.getByTestId('language-switcher-header').locator('summary').click();
  await page.getByTestId('language-switcher-header').getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/about\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('banner').getByRole('link', { name: hi['nav.home'], includeHidden: true }).first()).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('writory.locale'))).toBe('hi');

  await page.getByTestId('language-switcher-footer').locator('summary').click();
  await page.getByTestId('language-switcher-footer').getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar\/about\/?$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => localStorage.getItem('writory.locale'))).toBe('ar');
});

test.describe('a first visit from an Arabic browser', () => {
  test.use({ locale: 'ar-EG' });

  test('suggests the Arabic page without redirecting, and never again once dismissed', async ({ page }) => {
    await open(page, '/winning-poems');
    await expect(page).toHaveURL(/\/winning-poems\/?$/);
    const suggestion = page.getByTestId('language-suggestion-ar');
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toHaveAttribute('dir', 'rtl');
    await expect(suggestion.getByRole('link', { name: ar['language.suggestSwitch'] })).toHaveAttribute('href', /\/ar\/winning-poems\/?$/);
    await expectNoAxeViolations(page);
    await suggestion.getByRole('button', { name: ar['language.suggestDismiss'] }).click();
    await expect(suggestion).toBeHidden();
    await open(page, '/leaderboard');
    await expect(page).toHaveURL(/\/leaderboard\/?$/);
    await expect(page.getByTestId('language-suggestion-ar')).toBeHidden();
  });

  test('follows the suggestion to the same page in Arabic, and stays there', async ({ page }) => {
    await open(page, '/about');
    await page.getByTestId('language-suggestion-ar').getByRole('link', { name: ar['language.suggestSwitch'] }).click();
    await expect(page).toHaveURL(/\/ar\/about\/?$/);
    await hydrated(page);
    await expect(page.getByTestId('language-suggestion-en')).toBeHidden();
    await expect(page.getByTestId('language-suggestion-ar')).toHaveCount(0);
  });
});

for (const locale of OTHER_LOCALES) {
  // One sign-in for both: the poet signs in through the form in that language, and then reads every poet's page in it.
  test(`a poet signed in in ${locale}: sign in, the header, the bell (on the line's end side), the profile, and every poet's page in that language, no raw key, no axe violation`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000); // sign-in, the bell and the profile, then one load of each poet's page with axe on each, on a busy machine
    const text = CATALOGUES[locale];
    const poet = accountOf('poet');
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, `/${locale}/auth`);
    await page.getByRole('textbox', { name: text['auth.email'], exact: true }).fill(poet.email);
    await page.getByLabel(text['auth.password'], { exact: true }).fill(poet.password);
    await page.getByRole('button', { name: text['auth.signIn.submit'], exact: true }).click();
    await expect(page.getByRole('button', { name: text['account.menu'] })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`/${locale}/?$`));

    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: text['account.notifications'] });
    await expect(panel).toBeVisible();
    const bell = (await page.getByTestId('notification-bell').boundingBox())!;
    const box = (await panel.boundingBox())!;
    // The panel hangs from the bell towards the page's middle: its end edge lines up under the bell.
    if (locale === 'ar') expect(Math.abs(box.x - bell.x)).toBeLessThan(box.width / 2);
    else expect(Math.abs(box.x + box.width - (bell.x + bell.width))).toBeLessThan(box.width / 2);
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: text['account.menu'] }).click();
    await page.getByRole('menuitem', { name: text['account.profile'] }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/profile/?$`));
    await hydrated(page);
    expect(await rawKeysOn(page)).toEqual([]);

    // Every poet's page (the wall among them) at the desktop project's own size, as the phone's test reads them at its.
    const { viewport } = testInfo.project.use;
    if (viewport) await page.setViewportSize(viewport);
    await expectPoetPagesInLocale(page, locale);
  });
}

for (const locale of OTHER_LOCALES) {
  test(`sign up in ${locale}: the form, its checks and the confirmation in that language`, async ({ page }) => {
    test.setTimeout(90_000);
    const text = CATALOGUES[locale];
    const email = `e2e-signup-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@writory.test`;
    const password = 'Quill-and-verse-42';
    await open(page, `/${locale}/auth`);
    await page.getByRole('button', { name: text['auth.toSignUp'] }).click();
    await expect(page.getByRole('heading', { name: text['auth.signUp.title'] })).toBeFocused();
    await page.getByRole('button', { name: text['auth.signUp.submit'] }).click();
    const emailField = page.getByRole('textbox', { name: text['auth.email'], exact: true });
    await expect(emailField).toHaveAccessibleDescription(text['validation.emailRequired']);
    await emailField.fill(email);
    await page.getByLabel(text['auth.password'], { exact: true }).fill(password);
    await page.getByLabel(text['auth.confirmPassword']).fill(`${password}!`);
    await page.getByRole('button', { name: text['auth.signUp.submit'] }).click();
    await expect(page.getByLabel(text['auth.confirmPassword'])).toHaveAccessibleDescription(text['validation.passwordMismatch']);
    await page.getByLabel(text['auth.confirmPassword']).fill(password);
    await page.getByRole('button', { name: text['auth.signUp.submit'] }).click();
    await expect(page.getByRole('status').filter({ hasText: email })).toContainText(text['auth.signUp.sent'].split('{email}')[0].trim());
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth`));
    expect(await rawKeysOn(page)).toEqual([]);
  });
}
