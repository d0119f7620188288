// Editors' content in Hindi and Arabic (issue 39): a translation an editor writes in the panel's Content Manager
// shows on the Hindi page once the site has rebuilt; a page with no translation shows the English with the notice
// "not translated yet" in the reader's language.
import { expect, expectNoAxeViolations, test, withSavedConsent } from './fixtures';
import { adminApi, adminToken } from './cms-admin';
import { ar } from '../site/src/i18n/ar';

test.beforeEach(async ({ page }) => withSavedConsent(page));

test("an editor's Hindi terms show on /hi/terms after the rebuild, without the notice", async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  // Unique each run: the page is the stack's one terms page, and a rerun must see its own words arrive.
  const title = `प्रतियोगिता की शर्तें ${Date.now()}`;
  const sentence = 'प्रविष्टि भेजकर आप इन शर्तों को स्वीकार करते हैं।';
  await adminApi(request, token, 'PUT', '/content-manager/single-types/api::terms-page.terms-page?locale=hi', {
    title,
    intro: 'Writory पर भाग लेने के नियम।',
    body: [{ type: 'paragraph', children: [{ type: 'text', text: sentence }] }],
  });

  await expect(async () => {
    await page.goto('/hi/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(page.getByText(sentence)).toBeVisible();
  await expect(page.getByTestId('locale-fallback')).toHaveCount(0);
  await expect(page.locator('article')).not.toHaveAttribute('lang', 'en');
  await expectNoAxeViolations(page);
});

test('@phone a page with no Arabic translation shows the English with the notice in Arabic on /ar/privacy', async ({ page }) => {
  await page.goto('/ar/privacy');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const notice = page.getByTestId('locale-fallback');
  await expect(notice).toHaveText(ar['language.fallbackEnglish']);
  await expect(notice).toHaveAttribute('lang', 'ar');
  await expect(page.locator('article')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expectNoAxeViolations(page);
});

test('the demo about page is translated: /hi/about in Hindi with no notice', async ({ page }) => {
  await page.goto('/hi/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Writory के बारे में');
  await expect(page.getByTestId('locale-fallback')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
