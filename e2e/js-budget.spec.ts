// The JavaScript budget (issue 39): every page, in English, Hindi and Arabic, fetches at most 100 KB of JavaScript
// (gzip) at load: every module its scripts and islands import statically, and every script Chromium fetches while the
// page loads until the network is idle (its own language's catalogue parts, any dynamic import started at load).
// Counted as `npm run bench -- pages` counts it (bench/pages.mjs), here against the e2e stack's build.
import { expect, test } from './fixtures';
import { inLocale, OTHER_LOCALES } from './locales';
import { ADMIN_PAGES, POET_PAGES, PUBLIC_ROUTES } from './routes';

const ENGLISH = [...new Set([...PUBLIC_ROUTES.map((route) => route.path), ...POET_PAGES, ...ADMIN_PAGES])];
const PAGES = [...ENGLISH, ...OTHER_LOCALES.flatMap((locale) => ENGLISH.filter((path) => !path.startsWith('/__/')).map((path) => inLocale(locale, path)))];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('every page in every locale loads at most 100 KB of JavaScript', async ({ baseURL, browser, consoleErrors }, testInfo) => {
  test.setTimeout(600_000); // about a hundred and eighty pages, each loaded in Chromium until the network is idle
  consoleErrors.expectFailedRequest(
    401,
    /\/api\/admin\/[^?)]*/,
    'the count keeps a visitor on each admin page the guard would leave, and some admin islands ask for their data before the guard has spoken',
  );
  // The bench's module (ES, with import.meta), loaded as such: Playwright compiles the specs to CommonJS.
  const { JS_BUDGET, measurePages } = await import('../bench/pages.mjs');
  const over: string[] = [];
  const pages = await measurePages(baseURL!, PAGES, browser);
  // Each page's bytes, kept with the report (docs/benchmarks.md quotes them).
  await testInfo.attach('js-at-load.json', {
    body: JSON.stringify(pages.map(({ path, jsBytes, onDemandJsBytes }) => ({ path, jsBytes, onDemandJsBytes }))),
    contentType: 'application/json',
  });
  for (const page of pages) {
    expect(page.status, page.path).toBe(200);
    if (page.jsBytes > JS_BUDGET) over.push(`${page.path}: ${kb(page.jsBytes)}`);
  }
  expect(over, `pages over ${kb(JS_BUDGET)} of JavaScript at load`).toEqual([]);
});

// Firebase (about 46 KB gzip) is for people signing in: a visitor's page never fetches it at load, the guard of a
// poet's or an admin's page sends them to sign in without it, and the email links' pages do their work through the
// Auth REST API (issue 39). Its modules are told by the SDK's own names.
test('a visitor’s pages fetch no Firebase at load, and a guard sends them to sign in without it', async ({ page, consoleErrors }) => {
  for (const method of ['accounts:update', 'accounts:resetPassword']) {
    consoleErrors.expectFailedRequest(400, `/identitytoolkit.googleapis.com/v1/${method}`, 'the links below carry a code that is not one');
  }
  const firebase: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('@firebase/')) firebase.push(`${new URL(page.url()).pathname}: ${new URL(response.url()).pathname}`);
  });
  const links = ['/__/auth/action?mode=verifyEmail&oobCode=not-a-code', '/hi/password-reset-handler?oobCode=not-a-code'];
  for (const path of ['/', '/writory-wall', '/submit', '/contact', ...links, '/auth', '/hi/earnings', '/ar/admin-users']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  await expect(page).toHaveURL(/\/auth\?next=.*admin-users/);
  expect(firebase, 'Firebase fetched by a visitor').toEqual([]);
  // The first sign of a sign-in on /auth loads it.
  await page.getByRole('textbox', { name: /./ }).first().focus();
  await expect.poll(() => firebase.length).toBeGreaterThan(0);
});
