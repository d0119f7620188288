// Editors' content in Hindi and Arabic (issue 39): a translation an editor writes in the panel's Content Manager
// shows on the Hindi page once the site has rebuilt; a page with no translation shows the English with the notice
// "not translated yet" in the reader's language.
import { expect, expectNoAxeViolations, test, withSavedConsent } from './fixtures';
import { adminApi, adminToken } from './cms-admin';
import { ar } from '../site/src/i18n/ar';
import { CATALOGUES, englishRunsOn, inLocale, OTHER_LOCALES, type OtherLocale } from './locales';
import { hydrated } from './session';
import { staticAr } from '../site/src/i18n/static.ar';
import { staticHi } from '../site/src/i18n/static.hi';
import { chatAr } from '../site/src/i18n/chat.ar';
import { chatHi } from '../site/src/i18n/chat.hi';

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
  // Only the editor's English is marked English: the page's own words around it stay Arabic.
  await expect(page.getByTestId('editors-text')).toHaveAttribute('lang', 'en');
  await expect(page.locator('article')).not.toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expect(page.getByText(staticAr['content.lastUpdated'])).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the demo about page is translated: /hi/about in Hindi with no notice', async ({ page }) => {
  await page.goto('/hi/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Writory के बारे में');
  await expect(page.getByTestId('locale-fallback')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

// The demo's translations (cms/src/seed/demo/demo-translations.ts): the about page, the article "Writing in your
// first language" and the first six FAQ answers, in Hindi and in Arabic.
const DEMO = {
  hi: { about: 'Writory के बारे में', article: 'अपनी पहली भाषा में लिखना', faq: 'परिणाम कब घोषित होते हैं?', answer: /परिणाम हर महीने की 30 तारीख़ को आते हैं/ },
  ar: { about: 'عن Writory', article: 'الكتابة بلغتك الأولى', faq: 'متى تُعلن النتائج؟', answer: /تصدر النتائج يوم 30 من كل شهر/ },
} as const satisfies Record<OtherLocale, unknown>;
const STATIC = { hi: staticHi, ar: staticAr } as const;
const CHAT = { hi: chatHi, ar: chatAr } as const;

for (const locale of OTHER_LOCALES) {
  test(`@phone /${locale}/ articles: the translated one in ${locale}, the others in English with the notice, under the same slugs`, async ({ page }) => {
    const words = { ...CATALOGUES[locale], ...STATIC[locale] } as Record<string, string>;
    await page.goto(inLocale(locale, '/articles'));
    const cards = page.getByTestId('article-list').getByRole('listitem');
    const translated = cards.filter({ has: page.getByRole('link', { name: DEMO[locale].article }) });
    await expect(translated).toHaveAttribute('data-served-locale', locale);
    await expect(translated.getByTestId('article-in-english')).toHaveCount(0);
    const english = cards.filter({ has: page.getByRole('link', { name: 'Five revision habits of finalists' }) });
    await expect(english.getByTestId('article-in-english')).toHaveText(words['articles.inEnglish']);
    await expect(english.getByRole('heading', { level: 2 })).toHaveAttribute('lang', 'en');
    // The translation keeps its article's slug: one URL per article, the locale's prefix before it.
    await expect(translated.getByRole('link', { name: DEMO[locale].article })).toHaveAttribute(
      'href',
      new RegExp(`^/${locale}/articles/writing-in-your-first-language/?$`),
    );
    expect(await englishRunsOn(page)).toEqual([]);
    await expectNoAxeViolations(page);

    await translated.getByRole('link', { name: DEMO[locale].article }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/articles/writing-in-your-first-language/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO[locale].article);
    await expect(page.getByTestId('locale-fallback')).toHaveCount(0);
    for (const [hreflang, prefix] of [
      ['en', ''],
      ['hi', '/hi'],
      ['ar', '/ar'],
    ])
      await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveAttribute(
        'href',
        new RegExp(`${prefix}/articles/writing-in-your-first-language/?$`),
      );
    expect(await englishRunsOn(page)).toEqual([]);
    await expectNoAxeViolations(page);

    await page.goto(inLocale(locale, '/articles/five-revision-habits-of-finalists'));
    await expect(page.getByTestId('locale-fallback')).toHaveText(words['language.fallbackEnglish']);
    await expect(page.getByTestId('locale-fallback')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Five revision habits of finalists');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    expect(await englishRunsOn(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test(`/${locale}/about is the demo's translation, and the chat answers from the FAQ in ${locale} where it is translated`, async ({ page }) => {
    await page.goto(inLocale(locale, '/about'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO[locale].about);
    await expect(page.getByTestId('locale-fallback')).toHaveCount(0);
    await expect(page.getByTestId('editors-text')).not.toHaveAttribute('lang', 'en');

    await hydrated(page);
    await page.getByRole('button', { name: CHAT[locale]['chat.open'] }).click();
    const panel = page.getByTestId('chat-panel');
    // A translated answer: asked from the popular questions, said in the page's language without the notice.
    await panel.getByRole('button', { name: DEMO[locale].faq }).click();
    const answers = panel.getByTestId('chat-log').locator('[data-from="bot"]');
    await expect(answers.last()).toHaveText(DEMO[locale].answer);
    await expect(answers.last().getByTestId('locale-fallback')).toHaveCount(0);
    // An answer not translated yet: the English, marked English, under the notice in the page's language.
    await panel.getByRole('textbox', { name: CHAT[locale]['chat.label'] }).fill('Can I edit or withdraw my entry?');
    await panel.getByRole('button', { name: CHAT[locale]['chat.send'] }).click();
    await expect(answers.last().getByTestId('locale-fallback')).toHaveText(CATALOGUES[locale]['language.fallbackEnglish']);
    await expect(answers.last().locator('[lang="en"]')).toHaveText(/Submissions are final/);
    expect(await englishRunsOn(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });
}
