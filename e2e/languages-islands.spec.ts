// The poet's islands in Hindi and Arabic (issue 39): the wall (share a poem, like and report one) and the money
// pages (referrals, earnings) driven in each language, with the words of its catalogue; no raw key, no English
// where a translation exists, axe 0 at 1280 and 375 px.
import type { APIRequestContext, Page } from '@playwright/test';
import { wallPostPath } from '@writory/shared';
import { accountOf } from './demo';
import { bearer, newPoet } from './entrants';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { tokenFor } from './outside-services';
import { hydrated, open } from './session';
import { en } from '../site/src/i18n/en';
import { staticEn } from '../site/src/i18n/static.en';
import { hi } from '../site/src/i18n/hi';
import { ar } from '../site/src/i18n/ar';

const CATALOGUES = { hi, ar } as const;
const KEYS = [...Object.keys(en), ...Object.keys(staticEn)];
const moderator = accountOf('moderator');

/** Catalogue keys that reached the page as text instead of their translation. */
const rawKeysOn = async (page: Page) => {
  const text = await page.locator('body').innerText();
  return KEYS.filter((key) => text.includes(key));
};

/** Axe at a laptop's width and a phone's. */
async function axeAtBothWidths(page: Page) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A poem by another poet, shared and approved over the API: on the wall for the reader to like and report. */
async function approvedPoemBy(request: APIRequestContext, title: string, language: string) {
  const author = await newPoet(request, `islands-author-${language}`, { name: 'मीरा' });
  const shared = await request.post('/api/wall/posts', { headers: bearer(author.token), data: { title, text: 'नदी बहती है\nचुपचाप', language } });
  expect(shared.ok(), await shared.text()).toBe(true);
  const { id } = (await shared.json()) as { id: number };
  const token = await tokenFor(request, moderator.email, moderator.password);
  const approved = await request.post(`/api/admin/wall/posts/${id}/decisions`, { headers: bearer(token), data: { action: 'approve', seen: 'pending' } });
  expect(approved.ok(), await approved.text()).toBe(true);
  return id;
}

/** Signs in on the locale's own sign-in page, as a reader of that language does. */
async function signInIn(page: Page, locale: 'hi' | 'ar', who: { email: string; password: string }) {
  const text = CATALOGUES[locale];
  await open(page, `/${locale}/auth`);
  await page.getByRole('textbox', { name: text['auth.email'], exact: true }).fill(who.email);
  await page.getByLabel(text['auth.password'], { exact: true }).fill(who.password);
  await page.getByRole('button', { name: text['auth.signIn.submit'], exact: true }).click();
  await expect(page.getByRole('button', { name: text['account.menu'] })).toBeVisible({ timeout: 15_000 });
}

for (const locale of ['hi', 'ar'] as const) {
  test(`the wall in ${locale}: share a poem, like and report another, in that language`, async ({ page, request }) => {
    test.setTimeout(150_000); // two poets, a moderator's decision and axe at two widths on a busy machine
    const text = CATALOGUES[locale];
    const reader = await newPoet(request, `islands-reader-${locale}`, { name: 'सलमा' });
    const title = `${locale === 'hi' ? 'सुबह' : 'الفجر'} ${Date.now()}`;
    const id = await approvedPoemBy(request, title, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInIn(page, locale, reader);

    // Sharing: the form, its notice and the poet's own list, all in the page's language.
    await open(page, `/${locale}/writory-wall`);
    const share = page.locator('#submit-wall-button');
    await share.getByRole('button', { name: text['wall.share.open'] }).click();
    const mine = `${locale === 'hi' ? 'मेरी शाम' : 'مسائي'} ${Date.now()}`;
    await share.getByLabel(text['wall.share.title'], { exact: true }).fill(mine);
    await share.getByLabel(text['wall.share.text'], { exact: true }).fill(locale === 'hi' ? 'शाम ढलती है' : 'يهبط المساء');
    await share.getByRole('button', { name: text['wall.share.send'] }).click();
    await expect(share.getByRole('status').filter({ hasText: text['wall.share.thanks'] })).toBeVisible();
    const row = share.getByTestId('my-wall-post').filter({ hasText: mine });
    await expect(row.getByTestId('my-wall-post-status')).toHaveText(text['wall.status.pending']);
    expect(await rawKeysOn(page)).toEqual([]);
    await axeAtBothWidths(page);

    // Liking and reporting another poet's poem on its page.
    await open(page, `/${locale}${wallPostPath(id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const like = page.getByTestId('like-button');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-count')).toHaveText(locale === 'hi' ? '1 पसंद' : 'إعجاب واحد');
    await page.getByRole('button', { name: text['wall.report.button'], exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text['wall.report.title'].replace('{title}', `“${title}”`) });
    await dialog.getByRole('button', { name: text['wall.report.send'] }).click();
    await expect(dialog.getByRole('alert')).toHaveText(text['wall.report.choose']);
    await dialog.getByLabel(text['wall.reason.spam']).check();
    await dialog.getByLabel(text['wall.report.noteOptional']).fill(locale === 'hi' ? 'यही पंक्तियाँ एक दुकान की साइट पर हैं।' : 'الأبيات نفسها على موقع متجر.');
    expect(await rawKeysOn(page)).toEqual([]);
    await axeAtBothWidths(page);
    await dialog.getByRole('button', { name: text['wall.report.send'] }).click();
    await expect(dialog.getByRole('status')).toHaveText(text['wall.report.thanks']);
    await dialog.getByRole('button', { name: text['wall.report.close'] }).click();
    await expect(page.getByRole('button', { name: text['wall.report.reported'], exact: true })).toBeDisabled();
  });

  test(`referrals and earnings in ${locale}: the link, the rule and the balance in that language`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const text = CATALOGUES[locale];
    const poet = await newPoet(request, `islands-money-${locale}`, { name: 'आशा' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInIn(page, locale, poet);

    await open(page, `/${locale}/referrals`);
    const referrals = page.getByTestId('referrals');
    await expect(referrals.getByRole('heading', { name: text['money.ref.invitation'] })).toBeVisible();
    await expect(referrals.getByText(text['money.ref.nobody'])).toBeVisible();
    await expect(referrals.getByRole('link', { name: text['money.earnings'] })).toHaveAttribute('href', `/${locale}/earnings`);
    expect(await rawKeysOn(page)).toEqual([]);
    await axeAtBothWidths(page);

    await open(page, `/${locale}/earnings`);
    await expect(page.getByTestId('no-earnings')).toContainText(text['money.noEarnings']);
    await expect(page.getByTestId('earnings').getByRole('heading', { name: text['money.earn.ledger'] })).toBeVisible();
    await expect(page.getByTestId('earnings').getByText(text['money.earn.nothing'])).toBeVisible();
    expect(await rawKeysOn(page)).toEqual([]);
    await axeAtBothWidths(page);
    await hydrated(page);
  });
}
