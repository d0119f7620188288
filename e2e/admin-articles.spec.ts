// /admin-upload-articles: an admin writes, previews and publishes an article from the site, and the static site
// shows it within a minute, without the Strapi panel.
import type { Page } from '@playwright/test';
import { expect, test, expectNoAxeViolations, untilServed, withSavedConsent } from './fixtures';
import { accountOf } from './demo';
import { signInAs } from './session';

const admin = accountOf('admin');
// 8×5 PNG: a real picture the server re-encodes as WebP.
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAFCAIAAAD38zoCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOo0BXCihjoIAEAC/IcmaaYDBoAAAAASUVORK5CYII=',
  'base64',
);

test.beforeEach(async ({ page }) => withSavedConsent(page));

async function openWriter(page: Page) {
  await signInAs(page, admin.email, admin.password, '/admin-upload-articles');
  const form = page.getByTestId('article-writer');
  await expect(form).toBeVisible({ timeout: 15_000 });
  return form;
}

test('an admin writes an article with a cover and tags, previews it, publishes it, and the site shows it @alone', async ({ page, request }) => {
  test.setTimeout(150_000); // the page must appear within 60 s of publishing; the rest is writing and checking
  const title = `Notes from the judging table ${Date.now()}`;
  const form = await openWriter(page);

  await form.getByLabel('Title').fill(title);
  const body = form.getByLabel('Article text');
  await body.fill('Every poem is read twice.\n\n');
  // The formatting buttons write Markdown around what is selected, ready to type over.
  await form.getByRole('button', { name: 'Heading' }).click();
  await page.keyboard.type('What judges look for');
  await body.press('End');
  await page.keyboard.type('\n\nA line that ');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('stays');
  await expect(body).toHaveValue('Every poem is read twice.\n\n## What judges look for\n\nA line that **stays**');
  await body.press('End');
  await page.keyboard.type(' with the reader. Read [the rules](/#rules).');

  await form.getByRole('group', { name: 'Existing tags' }).getByRole('button', { name: 'judging', exact: true }).click();
  await expect(form.getByRole('button', { name: 'judging', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const tags = form.getByRole('textbox', { name: 'Tags', exact: true });
  await tags.fill(`${await tags.inputValue()}, Judging notes`);

  await form.getByLabel('Choose a cover image (optional)').setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: COVER_PNG });
  await expect(form.getByTestId('cover-preview')).toBeVisible();

  // A cover needs a description: the form says so on the field and moves focus there.
  await form.getByRole('button', { name: 'Publish' }).click();
  const alt = form.getByLabel('Describe the cover');
  await expect(alt).toBeFocused();
  await expect(alt).toHaveAttribute('aria-invalid', 'true');
  await alt.fill('A judge’s desk with three marked-up poems');

  // The preview is what the server will store, drawn by the site's own renderer.
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByTestId('article-preview');
  await expect(preview.getByRole('heading', { name: 'What judges look for', level: 2 })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('stays');
  await expect(preview.getByRole('link', { name: 'the rules' })).toHaveAttribute('href', '/#rules');
  await expectNoAxeViolations(page);

  await form.getByRole('button', { name: 'Publish' }).click();
  const saved = form.getByTestId('article-saved');
  await expect(saved).toContainText(`“${title}” is published`);
  await expect(saved.getByRole('link')).toHaveAttribute('href', /^\/articles\/notes-from-the-judging-table-\d+$/);
  const href = (await saved.getByRole('link').getAttribute('href'))!;
  await expect(form.getByLabel('Title')).toHaveValue('');
  const recent = page.getByTestId('recent-articles');
  await expect(recent.getByRole('listitem').first()).toContainText(title);
  await expect(recent.getByRole('listitem').first()).toContainText('Published');

  // The cms asks the site to rebuild; the static page appears within a minute.
  await untilServed(request, href, 200);
  expect((await page.goto(href))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const cover = page.getByRole('img', { name: 'A judge’s desk with three marked-up poems' });
  await expect(cover).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
  // The picture itself arrives, through the site's /uploads proxy from the cms's media folder.
  await cover.scrollIntoViewIfNeeded();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'What judges look for' })).toBeVisible();
  await expect(page.locator('article strong')).toHaveText('stays');
  await expect(page.getByRole('list', { name: 'Topics' }).getByRole('link')).toHaveText(['judging', 'Judging notes']);
  await expect(page.getByText(`By ${admin.name} ·`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the server’s refusal lands on the field it is about, and a draft stays off the site', async ({ page, consoleErrors }) => {
  consoleErrors.expectFailedRequest(422, '/api/admin/articles', 'the test saves a link the server refuses');
  const form = await openWriter(page);
  const title = `Draft with a bad link ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  const body = form.getByLabel('Article text');
  await body.fill('Hello.\n\nClick [here](javascript:alert(1)).');
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(body).toBeFocused();
  await expect(body).toHaveAccessibleDescription(/line 3: links must start with https:\/\/, http:\/\/, mailto: or \//);

  await body.fill('Hello.\n\nClick [here](https://writory.example).');
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form.getByTestId('article-saved')).toContainText(`“${title}” is saved as a draft`);
  const recent = page.getByTestId('recent-articles').getByRole('listitem').first();
  await expect(recent).toContainText(title);
  await expect(recent).toContainText('Draft');
  await expect(recent.getByRole('link')).toHaveCount(0);
});

test('@phone the article writer fits a phone and passes axe', async ({ page }) => {
  const form = await openWriter(page);
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form.getByLabel('Title')).toBeFocused();
  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Give the article a title.');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
