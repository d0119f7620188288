import type { Locator, Page } from '@playwright/test';
import { expect, test, expectFocusNotObscured, expectNoAxeViolations, recordCspViolations, tabWalkUncovered, withSavedConsent } from './fixtures';
import { PUBLIC_ROUTES } from './routes';
import { accountOf } from './demo';
import { signInToPanel } from './cms-admin';
import { hydrated, open, signIn, signInAs } from './session';
import { ADMIN_PAGES } from '../site/src/lib/admin-pages';

test.describe('every public route', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} renders with header, footer and no axe violations`, async ({ page }) => {
      await withSavedConsent(page);
      const res = await page.goto(route.path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test('an unknown path shows the not-found page with status 404', async ({ page, consoleErrors }) => {
  consoleErrors.expectFailedRequest(404, '/no-such-page/at-all', 'the test opens a page that does not exist');
  await withSavedConsent(page);
  const res = await page.goto('/no-such-page/at-all');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the certificate uses the bare layout without header or footer', async ({ page }) => {
  await page.goto('/certificate/sample');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Certificate of/);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('admin routes use the admin navigation', async ({ page }) => {
  await withSavedConsent(page);
  const admin = accountOf('admin');
  await signInAs(page, admin.email, admin.password, '/admin-settings');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Visit tracking' }).click();
  await expect(page).toHaveURL(/\/admin-visit-tracking\/?$/);
});

test('every admin route of the spec renders its heading inside the admin layout', async ({ page }) => {
  test.setTimeout(90_000);
  await withSavedConsent(page);
  const admin = accountOf('admin');
  await signInAs(page, admin.email, admin.password, '/admin-visit-tracking');
  expect(ADMIN_PAGES).toHaveLength(20);
  for (const adminPage of ADMIN_PAGES) {
    const res = await page.goto(`/${adminPage.slug}`);
    expect(res?.status(), adminPage.slug).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminPage.label);
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: adminPage.label })).toHaveAttribute('aria-current', 'page');
  }
});

test('header dropdowns lead to their pages, keyboard included', async ({ page }) => {
  await withSavedConsent(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('INKWELL').click();
  await nav.getByRole('link', { name: 'Writory Wall' }).click();
  await expect(page).toHaveURL(/\/writory-wall\/?$/);
  await page.getByRole('navigation', { name: 'Main' }).getByText('EXPLORE').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Past Winners' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/past-winners\/?$/);

  // Tabbing past a menu's last link (or back before its summary) closes it.
  for (const [menu, direction] of [
    ['INKWELL', 'Tab'],
    ['EXPLORE', 'Tab'],
    ['INKWELL', 'Shift+Tab'],
  ] as const) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const details = nav.locator('details', { has: page.getByText(menu) });
    await nav.getByText(menu).focus();
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('open', '');
    const links = await details.getByRole('link').count();
    for (let i = 0; i < (direction === 'Tab' ? links + 1 : 1); i++) await page.keyboard.press(direction);
    await expect(details).not.toHaveAttribute('open');
  }
});

test('the footer shows contact details from the cms settings', async ({ page, request }) => {
  await withSavedConsent(page);
  const settings = await (await request.get('/api/site-settings')).json();
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: settings.contactEmail })).toHaveAttribute('href', `mailto:${settings.contactEmail}`);
  await expect(footer.getByTestId('footer-whatsapp')).toHaveCount(2);
  await expect(footer.getByText('Regional Languages Competition')).toBeVisible();
  await expect(footer.getByText('Story Competition')).toBeVisible();
});

test.describe('cookie consent', () => {
  test('is asked for on the first visit, with everything denied by default', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on Writory' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Manage preferences' }).click();
    for (const name of ['Advertising storage', 'Analytics storage', 'Advertising user data', 'Advertising personalisation']) {
      await expect(banner.getByRole('checkbox', { name })).not.toBeChecked();
    }
    await expectNoAxeViolations(page);
  });

  test('accept all persists across reloads', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByRole('region', { name: 'Cookies on Writory' })).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Cookies on Writory' })).toHaveCount(0);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('writory-cookie-consent') ?? 'null'));
    expect(saved).toEqual({ ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' });
  });

  test('reject all persists, and the footer Cookies button reopens the preferences', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Reject all' }).click();
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Cookies on Writory' })).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookies' }).click();
    const banner = page.getByRole('region', { name: 'Cookies on Writory' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('checkbox', { name: 'Analytics storage' })).not.toBeChecked();
  });

  test('manage preferences saves a mixed choice', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on Writory' });
    await banner.getByRole('button', { name: 'Manage preferences' }).click();
    await banner.getByRole('checkbox', { name: 'Analytics storage' }).check();
    await banner.getByRole('button', { name: 'Save preferences' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookies' }).click();
    await expect(page.getByRole('checkbox', { name: 'Analytics storage' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Advertising storage' })).not.toBeChecked();
  });
});

test.describe('cookie banner and the keyboard', () => {
  const bannerOf = (page: Page) => page.getByRole('region', { name: 'Cookies on Writory' });

  for (const path of ['/auth', '/submit']) {
    test(`@phone the first 40 Tab stops on ${path} are never under the banner`, async ({ page }) => {
      await open(page, path);
      await expect(bannerOf(page)).toBeVisible();
      await tabWalkUncovered(page, 40, 'Ask Writory');
      // …and back up the page, where the sticky header could hide them.
      await tabWalkUncovered(page, 20, 'Skip to main content', 'Shift+Tab');
      await expect(bannerOf(page)).toBeVisible();
    });
  }

  test('@phone-only the home page’s main action and counters stay clear of the banner at 375 px', async ({ page }) => {
    await page.goto('/');
    const top = (await bannerOf(page).boundingBox())!.y;
    for (const target of [page.getByTestId('hero').getByRole('link', { name: 'ENTER LIVE CONTEST' }), page.locator('[data-counters]')]) {
      const box = (await target.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(top);
    }
  });

  test('@phone-only at 375 px the chat button never covers the heading, and the background verses stay clear of the counters', async ({ page }) => {
    test.setTimeout(90_000);
    const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
    const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    // Down to an iPhone SE's 548 px under Safari's bars; the banner as first shown, with its preferences open, and answered.
    for (const height of [740, 667, 568, 548]) {
      await page.setViewportSize({ width: 375, height });
      for (const banner of ['open', 'preferences', 'answered'] as const) {
        await page.goto('/');
        if (banner === 'preferences') await bannerOf(page).getByRole('button', { name: 'Manage preferences' }).click();
        if (banner === 'answered') await bannerOf(page).getByRole('button', { name: 'Reject all' }).click();
        await expect(bannerOf(page)).toHaveCount(banner === 'answered' ? 0 : 1);
        const heading = await boxOf(page.getByRole('heading', { level: 1 }));
        // The launcher may wait, hidden, while a tall banner leaves it no room; shown, it never covers the heading.
        const launcher = page.locator('[data-chatbot-launcher]');
        if (banner !== 'preferences') await expect(launcher).toBeVisible();
        if (await launcher.isVisible()) {
          const box = await boxOf(launcher);
          expect(apart(box, heading), `375×${height}, banner ${banner}: chat button ${JSON.stringify(box)} and h1 ${JSON.stringify(heading)}`).toBe(true);
        }
        const counters = await boxOf(page.locator('[data-counters]'));
        for (const media of [page.locator('[data-hero-video]'), page.getByTestId('hero').locator('picture img')]) {
          const box = await boxOf(media);
          expect(apart(box, counters), `375×${height}: the verses' frame ${JSON.stringify(box)} reaches the counters ${JSON.stringify(counters)}`).toBe(true);
        }
      }
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('@phone on the home page every Tab stop to the end, “Ask Writory” and the footer’s links included, stays in view; the open chat too', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect(bannerOf(page)).toBeVisible();
    // The footer's links (the social ones at the bottom right) and the chat launcher come last.
    const seen = await tabWalkUncovered(page, 120, 'Ask Writory');
    expect(seen).toContain('Cookies');
    expect(seen.at(-1)).toBe('Ask Writory');

    await page.getByRole('button', { name: 'Ask Writory' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Ask Writory' }).getByRole('textbox', { name: 'Your question' })).toBeFocused();
    await expectFocusNotObscured(page, 'opening the chat');
    await expect(bannerOf(page)).toBeVisible();
  });

  test('@phone Escape closes it without choosing; focus goes to the main content, not the body', async ({ page, context }) => {
    await open(page, '/about');
    await bannerOf(page).getByRole('button', { name: 'Accept all' }).focus();
    await page.keyboard.press('Escape');
    await expect(bannerOf(page)).toHaveCount(0);
    await expect(page.locator('main')).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('writory-cookie-consent'))).toBeNull();
    // Decided later: not asked again in this tab, asked again in a new one; nothing was granted.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(bannerOf(page)).toHaveCount(0);
    const other = await context.newPage();
    await other.goto('/about');
    await expect(bannerOf(other)).toBeVisible();
  });

  test('Escape that closes a menu leaves the banner alone', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('EXPLORE').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Past Winners' })).toBeHidden();
    await expect(bannerOf(page)).toBeVisible();
  });

  test('@phone a first visit’s Accept all leaves focus on the main content', async ({ page }) => {
    await page.goto('/');
    await bannerOf(page).getByRole('button', { name: 'Accept all' }).focus();
    await page.keyboard.press('Enter');
    await expect(bannerOf(page)).toHaveCount(0);
    await expect(page.locator('main')).toBeFocused();
  });

  test('@phone reopened from the footer, focus moves into it and returns to the Cookies button on Save and on Escape', async ({ page }) => {
    await withSavedConsent(page);
    await open(page, '/about');
    const cookies = page.getByRole('contentinfo').getByRole('button', { name: 'Cookies' });
    await cookies.focus();
    await page.keyboard.press('Enter');
    const banner = bannerOf(page);
    await expect(banner.getByRole('checkbox', { name: 'Advertising storage' })).toBeFocused();
    await expectFocusNotObscured(page, 'reopening the preferences');
    await page.keyboard.press('Space');
    await banner.getByRole('button', { name: 'Save preferences' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await expect(cookies).toBeFocused();
    await expectFocusNotObscured(page, 'saving');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('writory-cookie-consent')!).ad_storage)).toBe('granted');

    await page.keyboard.press('Enter');
    await expect(banner.getByRole('checkbox', { name: 'Advertising storage' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(banner).toHaveCount(0);
    await expect(cookies).toBeFocused();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('writory-cookie-consent')!).ad_storage)).toBe('granted');
  });
});

test('@phone-only the mobile menu opens and navigates at 375 px', async ({ page }) => {
  await withSavedConsent(page);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByText('Menu', { exact: true }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Submit Poem' }).click();
  await expect(page).toHaveURL(/\/submit\/?$/);
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
  await expectNoAxeViolations(page);
});

test('@phone the home page has no horizontal scroll on a phone', async ({ page }) => {
  await withSavedConsent(page);
  await page.goto('/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('editors can sign in to the Strapi admin panel with the seeded account', async ({ page }) => {
  await signInToPanel(page);
});

test('/api is served on the same origin as the pages', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok' });
});

test.describe('security policy', () => {
  test('pages and the API send the security headers; no HSTS over plain http', async ({ request }) => {
    for (const path of ['/', '/auth', '/submit', '/admin-users', '/no-such-page']) {
      const headers = (await request.get(path)).headers();
      const policy = headers['content-security-policy'] ?? '';
      const scripts = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scripts, path).toMatch(/^'self' ('sha256-[A-Za-z0-9+/=]+' )+https:\/\/apis\.google\.com$/);
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"])
        expect(policy, path).toContain(directive);
      expect(headers, path).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': expect.stringContaining('camera=()'),
      });
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
    const api = (await request.get('/api/health')).headers();
    expect(api).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
    expect(api['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test('a page of another origin cannot frame /auth or /submit', async ({ page, baseURL }) => {
    await page.route('http://framer.test/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<iframe title="auth" src="${baseURL}/auth"></iframe><iframe title="submit" src="${baseURL}/submit"></iframe>`,
      }),
    );
    await page.goto('http://framer.test/');
    for (const title of ['auth', 'submit']) {
      const iframe = await page.locator(`iframe[title="${title}"]`).elementHandle();
      await expect.poll(async () => (await iframe!.contentFrame())?.url()).toBe('chrome-error://chromewebdata/');
    }
  });

  test('public, sign-in, submit and admin pages load with no policy violation', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await recordCspViolations(page);
    await withSavedConsent(page);
    for (const path of ['/', '/auth', '/submit', '/writory-wall', '/contact']) {
      await page.goto(path);
      // client:visible islands (the home page's carousel) hydrate once scrolled past. The site scrolls smoothly, and
      // a busy machine's smooth scroll can jump past the carousel in one frame, so each step is instant.
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await frame();
        }
      });
      await hydrated(page);
      await page.waitForLoadState('networkidle');
    }
    const admin = accountOf('admin');
    // Signed in, the notification stream stays open: wait for the islands and the account menu, not for network idle.
    await signIn(page, admin.email, admin.password, '/admin-users');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
    await page.goto('/submit');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
