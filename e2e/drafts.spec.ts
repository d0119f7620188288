// Drafts (issue 40) as a poet uses them: fill the entry form on /submit, save it as a draft (no entry used), leave,
// come back, and enter the draft with its declarations ticked; the receipt's code is on the profile. Desktop and
// 375 px, axe on the page.
import { makeDocx } from '../cms/tests/helpers/poem-files';
import { DOCX, newPoet } from './entrants';
import { expect, expectNoAxeViolations, test, withSavedConsent } from './fixtures';
import { open, signIn } from './session';

test.beforeEach(async ({ page }) => {
  await withSavedConsent(page);
});

test('@phone a poet saves an entry as a draft, comes back later and enters it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const poet = await newPoet(request, 'drafter', { name: 'Noor Haddad' });
  await signIn(page, poet.email, poet.password, '/submit');
  await expect(page.getByTestId('entries-left')).toHaveText('You can enter 3 more poems this month (3 free entries).');
  await expect(page.getByTestId('drafts')).toContainText('No drafts.');

  await page.getByLabel('Poem file').setInputFiles({ name: 'tide.docx', mimeType: DOCX, buffer: await makeDocx('The tide keeps\nits own counsel\nat dusk') });
  await page.getByLabel('Title', { exact: true }).fill('Tide Counsel');
  await page.getByLabel('Language of the poem').fill('English');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'India' });
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Saved as a draft: “Tide Counsel”.')).toBeVisible();
  const draft = page.getByTestId('draft').filter({ hasText: 'Tide Counsel' });
  await expect(draft).toContainText('Poetry Competition · tide.docx · 8 words');
  // A draft uses no entry.
  await expect(page.getByTestId('entries-left')).toHaveText('You can enter 3 more poems this month (3 free entries).');
  await expectNoAxeViolations(page);

  // Later: the draft is still there, private to the poet; entering it is one action once the declarations are ticked.
  await open(page, '/profile');
  await open(page, '/submit#drafts');
  const again = page.getByTestId('draft').filter({ hasText: 'Tide Counsel' });
  // The list loads after the page: tick the boxes once the draft is shown.
  await expect(again.getByRole('checkbox')).toHaveCount(4);
  for (const box of await again.getByRole('checkbox').all()) await box.check();
  await again.getByRole('button', { name: 'Enter this draft' }).click();
  const entered = page.getByText(/^Entered: your entry code is (W\d{4}-[A-Z0-9]{5})\./);
  await expect(entered).toBeVisible({ timeout: 20_000 });
  const code = /W\d{4}-[A-Z0-9]{5}/.exec((await entered.textContent())!)![0];
  await expect(page.getByTestId('drafts')).toContainText('No drafts.');
  await expect(page.getByTestId('entries-left')).toHaveText('You can enter 2 more poems this month (2 free entries).');
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await open(page, '/profile#entries');
  await expect(page.getByTestId('my-entry').getByText(code)).toBeVisible({ timeout: 15_000 });
});
