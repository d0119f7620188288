import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, recordCspViolations, withSavedConsent } from './fixtures';
import { PUBLIC_ROUTES } from './routes';
import { accountOf } from './demo';
import { signInToPanel } from './cms-admin';
import { hydrated, signIn } from './session';
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

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
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
  await signIn(page, admin.email, admin.password, '/admin-settings');
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
  await signIn(page, admin.email, admin.password, '/admin-visit-tracking');
  expect(ADMIN_PAGES).toHaveLength(19);
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
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(policy, path).toContain(directive);
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
      route.fulfill({ contentType: 'text/html', body: `<iframe title="auth" src="${baseURL}/auth"></iframe><iframe title="submit" src="${baseURL}/submit"></iframe>` }),
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
      // client:visible islands (the home page's carousel) hydrate once scrolled past
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
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
