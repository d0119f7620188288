// The site in Hindi and Arabic (issue 39): every public page under /hi/ and /ar/ in its language and direction,
// no raw catalogue key, no axe violation at 1280 and 375 px; Arabic mirrored; the switcher keeps the reader on the
// page and remembers the choice; the browser's language is only suggested; a poet signed in reads the header,
// the bell and the wall in Arabic and in Hindi.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, withSavedConsent } from './fixtures';
import { PUBLIC_ROUTES } from './routes';
import { accountOf } from './demo';
import { hydrated, open } from './session';
import { en } from '../site/src/i18n/en';
import { staticEn } from '../site/src/i18n/static.en';
import { hi } from '../site/src/i18n/hi';
import { ar } from '../site/src/i18n/ar';

const CATALOGUES = { hi, ar } as const;
type Other = keyof typeof CATALOGUES;
const KEYS = [...Object.keys(en), ...Object.keys(staticEn)];
/** Firebase's fixed email-action path stays English only. */
const LOCALIZED_ROUTES = PUBLIC_ROUTES.filter((route) => !route.path.startsWith('/__/'));
const inLocale = (locale: Other, path: string) => `/${locale}${path === '/' ? '' : path}`;

test.beforeEach(async ({ page }) => withSavedConsent(page));

/** Catalogue keys (`nav.home`, `submit.poemHint`) that reached the page as text instead of their translation. */
const rawKeysOn = async (page: Page) => {
  const text = await page.locator('body').innerText();
  return KEYS.filter((key) => text.includes(key));
};

for (const locale of ['hi', 'ar'] as const) {
  test(`every public page in ${locale}: its language and direction, no raw key, no axe violation @phone`, async ({ page }) => {
    test.setTimeout(240_000); // one loop over twenty pages with axe on each
    for (const route of LOCALIZED_ROUTES) {
      const path = inLocale(locale, route.path);
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', new RegExp(`${route.path === '/' ? '' : route.path}/?$`));
      await expect(page.getByRole('banner').getByRole('link', { name: CATALOGUES[locale]['nav.home'], includeHidden: true }).first()).toBeAttached();
      expect(await rawKeysOn(page), path).toEqual([]);
      await expectNoAxeViolations(page);
    }
  });
}

test('Arabic pages mirror the header: the name on the right, the menus on the left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const logoAndNav = async (path: string) => {
    await page.goto(path);
    const logo = await page.getByRole('banner').getByRole('link', { name: 'Writory', exact: true }).boundingBox();
    const switcher = await page.getByTestId('language-switcher-header').boundingBox();
    return { logo: logo!, switcher: switcher! };
  };
  const english = await logoAndNav('/about');
  expect(english.logo.x).toBeLessThan(english.switcher.x);
  expect(english.logo.x).toBeLessThan(200);
  const arabic = await logoAndNav('/ar/about');
  expect(arabic.logo.x).toBeGreaterThan(arabic.switcher.x);
  expect(arabic.logo.x + arabic.logo.width).toBeGreaterThan(1280 - 200);
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

for (const locale of ['hi', 'ar'] as const) {
  test(`a poet signed in in ${locale}: sign in, the header, the bell (on the line's end side) and the wall in that language`, async ({ page }) => {
    test.setTimeout(90_000); // sign-in, the bell, the profile and the wall on a busy machine
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

    await open(page, `/${locale}/writory-wall`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });
}

test('an admin page in Arabic: right to left, in the admin’s language, no raw key', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = accountOf('admin');
  await open(page, '/ar/auth');
  await page.getByRole('textbox', { name: ar['auth.email'], exact: true }).fill(admin.email);
  await page.getByLabel(ar['auth.password'], { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: ar['auth.signIn.submit'], exact: true }).click();
  await expect(page.getByRole('button', { name: ar['account.menu'] })).toBeVisible({ timeout: 15_000 });
  await open(page, '/ar/admin-users');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('banner').getByRole('link', { name: ar['nav.home'], includeHidden: true }).first()).toBeAttached();
  expect(await rawKeysOn(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

for (const locale of ['hi', 'ar'] as const) {
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
