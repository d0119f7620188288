// Paid entry in test-payments mode, driven as people would: an admin prices a tier and makes a coupon, a poet
// who has used the month's free entries buys the tier with the coupon through the test checkout, sees the
// credits (and the receipt email) and enters a poem with one; the revenue report shows the order; a referral link sign-up earns the referrer a reward once the referee pays,
// shown apart and never withdrawable because the payment was a test; a real reward is withdrawn and an admin approves and pays it.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, expectNoAxeViolations, withSavedConsent } from './fixtures';
import { accountOf, PANEL_OWNER } from './demo';
import { mailbox, verifiedAccount as accountInEmulator } from './outside-services';
import { confirmEntry, DOCX, enterByApi, fillEntryForm, newPoet } from './entrants';
import { open, signIn, signInAs } from './session';
import { adminApi, adminToken } from './cms-admin';
import { makeDocx } from '../cms/tests/helpers/poem-files';

const admin = accountOf('admin');
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withSavedConsent(page);
  return page;
}

/** A verified email/password account in the Auth emulator (its admin API), as if the poet had verified. */
async function verifiedAccount(request: APIRequestContext, label: string, displayName = 'Asha Verse') {
  const email = `e2e-${label}-${stamp().toLowerCase()}@writory.test`;
  const password = 'Rhyme-and-reason-42';
  return accountInEmulator(request, { email, password, displayName });
}

/** The newest message the mail sink received for an address. */
async function mailTo(request: APIRequestContext, address: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(request)).filter((m) => m.to.some((t) => t.address === address) && subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      { message: `no email ${subject} to ${address}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function creditsShown(page: Page): Promise<number> {
  const text = await page.getByTestId('credits-available').innerText();
  return Number(/You have (\d+)/.exec(text)![1]);
}

/** Chooses a tier on /submit and buys it; with a coupon when one is given. */
async function chooseTier(page: Page, tierName: string, currency = 'INR') {
  const buy = page.getByTestId('buy-entries');
  await expect(buy.getByTestId('credits-available')).toBeVisible();
  const select = buy.getByLabel('Currency');
  if (await select.count()) await select.selectOption(currency);
  await buy.getByRole('radio', { name: new RegExp(tierName) }).check();
  return buy;
}

test.beforeEach(async ({ page }) => withSavedConsent(page));

test('an admin prices a tier and makes a coupon; a poet buys it with the coupon, sees the credits and the receipt, and enters a poem with a credit @alone', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  consoleErrors.expectFailedRequest(422, '/api/payments/quote', 'the test tries a coupon past its limit per poet');
  test.setTimeout(240_000);
  const tierName = `Duo ${stamp()}`;
  const code = `HALF${stamp()}`;

  // The admin adds a tier: 2 entries for ₹150.00 or $4.00.
  await signInAs(page, admin.email, admin.password, '/admin-tier-prices');
  await expect(page.getByTestId('test-mode-notice')).toContainText('TEST MODE');
  await page.getByRole('button', { name: 'Add a tier' }).click();
  const tierForm = page.getByRole('form', { name: 'New tier' });
  await tierForm.getByLabel('Name').fill(tierName);
  await tierForm.getByLabel('Entries').fill('2');
  await tierForm.getByLabel('INR').fill('150');
  await tierForm.getByLabel('USD').fill('4.001');
  await tierForm.getByRole('button', { name: 'Save tier' }).click();
  await expect(tierForm.getByText('USD: enter an amount such as 199.00')).toBeVisible();
  await tierForm.getByLabel('USD').fill('4.00');
  await tierForm.getByRole('button', { name: 'Save tier' }).click();
  await expect(
    page
      .getByTestId('admin-tiers')
      .getByRole('status')
      .filter({ hasText: `Tier “${tierName}” saved` }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(tierName) })).toContainText('₹150.00 · $4.00');
  await expectNoAxeViolations(page);

  // …and a coupon: 50% off that tier, once per poet.
  await open(page, '/admin-coupon-codes');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const couponForm = page.getByRole('form', { name: 'New coupon' });
  await couponForm.getByLabel('Code').fill(code.toLowerCase());
  await couponForm.getByLabel('Percent off').fill('50');
  await couponForm.getByLabel('Uses per poet (empty: no limit)').fill('1');
  await couponForm.getByRole('checkbox', { name: tierName }).check();
  await couponForm.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByTestId(`coupon-${code}`)).toContainText('50%');
  await expect(page.getByTestId(`coupon-${code}`)).toContainText('Active');
  await expectNoAxeViolations(page);

  // The new tier reaches the rules on the (static) home page once the site has rebuilt, marked TEST MODE.
  // (While the site server swaps in a new build it may stall or drop a connection: ask again.)
  const homeHtml = () =>
    request.get('/').then(
      (res) => res.text(),
      () => '',
    );
  await expect.poll(homeHtml, { timeout: 120_000, intervals: [2000] }).toContain(tierName);
  const home = await newPage(browser);
  await home.goto('/#rules');
  const prices = home.getByTestId('tier-prices');
  await expect(prices.getByRole('row', { name: new RegExp(tierName) })).toContainText('₹150.00');
  await expect(prices.getByRole('row', { name: /Trio/ })).toContainText('$6.99');
  await expect(prices.getByTestId('test-mode')).toHaveText('TEST MODE');
  await home.context().close();

  // A poet who has already entered the month's three free poems is asked to buy entries.
  const poet = await newPoet(request, 'buyer', { name: 'Asha Verse' });
  for (const title of ['First light', 'Second wind', 'Third rail'])
    expect((await enterByApi(request, poet, title, `${title}\nin three short lines\nof paid-for hope`)).status()).toBe(201);
  const poetPage = await newPage(browser);
  await signIn(poetPage, poet.email, poet.password, '/submit');
  const blocked = poetPage.getByTestId('entry-blocked');
  await expect(blocked).toContainText('You have entered 3 poems in the');
  await expect(blocked).toContainText('(all 3 free entries included) and have no entry credits left');
  await blocked.getByRole('link', { name: 'Buy entries' }).click();
  await expect(poetPage).toHaveURL(/\/submit\/?#buy-entries$/);

  // The poet buys the tier with the coupon.
  const buy = await chooseTier(poetPage, tierName);
  await expect(buy.getByTestId('test-mode').first()).toBeVisible();
  expect(await creditsShown(poetPage)).toBe(0);
  await buy.getByLabel('Coupon code (optional)').fill('NOSUCHCODE');
  await buy.getByRole('button', { name: 'Apply' }).click();
  await expect(buy.getByLabel('Coupon code (optional)')).toHaveAccessibleDescription('There is no coupon NOSUCHCODE.');
  await buy.getByLabel('Coupon code (optional)').fill(code);
  await buy.getByRole('button', { name: 'Apply' }).click();
  await expect(buy.getByTestId('quote')).toContainText('Total₹75.00');
  await expectNoAxeViolations(poetPage);
  await buy.getByRole('button', { name: 'Buy 2 entries for ₹75.00' }).click();

  await expect(poetPage).toHaveURL(/\/checkout-test\?session=cs_test_writory_/);
  await expect(poetPage.getByTestId('checkout-total')).toHaveText('₹75.00');
  await expect(poetPage.getByTestId('checkout-competition')).toHaveText('Poetry Competition');
  await expect(poetPage.getByTestId('test-mode-notice')).toBeVisible();
  await expectNoAxeViolations(poetPage);
  await poetPage.getByRole('button', { name: 'Pay ₹75.00 (test)' }).click();

  await expect(poetPage).toHaveURL(/\/submit\/?$/);
  await expect(buy.getByRole('status').filter({ hasText: /Payment received for order WR-\w+: 2 entries for the Poetry Competition/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => creditsShown(poetPage)).toBe(2);
  await expect(poetPage.getByTestId('entries-left')).toHaveText('You can enter 2 more poems this month (2 entry credits).');
  const orderCode = /order (WR-\w+)/.exec(await buy.getByRole('status').filter({ hasText: 'Payment received' }).innerText())![1];

  const receipt = await mailTo(request, poet.email, /Your Writory receipt/);
  expect(receipt.subject).toBe(`[TEST MODE] Your Writory receipt ${orderCode}: Poetry Competition`);
  expect(receipt.text).toContain('Competition: Poetry Competition');
  await poetPage.getByText('Your recent orders').click();
  await expect(poetPage.getByTestId('recent-orders')).toContainText(`${orderCode} · Poetry Competition`);
  expect(receipt.text).toContain(`Coupon ${code}: -₹75.00`);
  expect(receipt.text).toContain('Total paid: ₹75.00');

  // The coupon was once per poet; a 100% coupon needs no payment step.
  const free = `FREE${stamp()}`;
  await page.getByRole('button', { name: 'New coupon' }).click();
  const freeForm = page.getByRole('form', { name: 'New coupon' });
  await freeForm.getByLabel('Code').fill(free);
  await freeForm.getByLabel('Percent off').fill('100');
  await freeForm.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByTestId(`coupon-${free}`)).toBeVisible();

  await chooseTier(poetPage, tierName);
  await buy.getByLabel('Coupon code (optional)').fill(code);
  await buy.getByRole('button', { name: 'Apply' }).click();
  await expect(buy.getByLabel('Coupon code (optional)')).toHaveAccessibleDescription(`You have already used coupon ${code} once, its limit per poet.`);
  await buy.getByLabel('Coupon code (optional)').fill(free);
  await buy.getByRole('button', { name: 'Apply' }).click();
  await buy.getByRole('button', { name: 'Get 2 entries free' }).click();
  await expect(buy.getByRole('status').filter({ hasText: /Payment received for order WR-\w+: 2 entries/ })).toBeVisible();
  await expect.poll(() => creditsShown(poetPage)).toBe(4);
  await expect(poetPage).toHaveURL(/\/submit\/?$/);

  // A poem entered with one of the credits.
  await expect(poetPage.getByTestId('entries-left')).toHaveText('You can enter 4 more poems this month (4 entry credits).');
  const poem = { name: 'ledger.docx', mimeType: DOCX, buffer: await makeDocx('Four coins of ink\nand one of them spent\non this small song') };
  await fillEntryForm(poetPage, poem, 'Ledger Song');
  await expect(poetPage.getByTestId('preview-text')).toContainText('Four coins of ink');
  const entryCode = await confirmEntry(poetPage);
  expect(entryCode).toMatch(/^W\d{4}-/);
  await expect.poll(() => creditsShown(poetPage)).toBe(3);
  await expectNoAxeViolations(poetPage);

  // The revenue report shows the paid order with its coupon; the CSV has it too.
  await open(page, '/admin-revenue-report');
  const row = page.getByTestId(`order-${orderCode}`);
  await expect(row).toContainText('₹75.00');
  await expect(row).toContainText(code);
  await expect(page.getByTestId('total-gross')).toContainText('₹');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download orders CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(`${orderCode},paid,${poet.email},${tierName},`);
  expect(csv).toContain(',INR,150.00,75.00,75.00,');
  await expectNoAxeViolations(page);
});

test('a referral link sign-up earns a reward when the referee pays; the referrer withdraws it and an admin pays it', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  for (const status of [409, 422]) consoleErrors.expectFailedRequest(status, '/api/earnings/withdrawals', 'the test asks for withdrawals the rules refuse');
  test.setTimeout(150_000);
  // The admin sets the rules: 10% reward, no holding period, ₹5.00 minimum, UPI and bank payouts.
  await signInAs(page, admin.email, admin.password, '/admin-withdrawal-management');
  const settings = page.getByTestId('payment-settings');
  await settings.getByRole('radio', { name: 'A percentage of the order' }).check();
  await settings.getByLabel('Reward percent').fill('10');
  await settings.getByLabel('Holding period (days)').fill('0');
  await settings.locator('#minimum-INR').fill('5');
  await settings.getByRole('checkbox', { name: 'UPI' }).check();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Settings saved.');
  await expectNoAxeViolations(page);

  // The referrer shares their link.
  const referrer = await verifiedAccount(request, 'referrer', 'Ravi Kumar');
  const referrerPage = await newPage(browser);
  await referrerPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(referrerPage, referrer.email, referrer.password, '/referrals');
  const link = await referrerPage.getByLabel('Referral link').inputValue();
  expect(link).toMatch(/\/join\?ref=[2-9A-HJ-NP-Z]{8}$/);
  await referrerPage.getByRole('button', { name: 'Copy link' }).click();
  await expect(referrerPage.getByTestId('referrals').getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await referrerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(referrerPage.getByText('Nobody yet.')).toBeVisible();
  await expect(referrerPage.getByTestId('test-mode')).toBeVisible();
  await expectNoAxeViolations(referrerPage);

  // A new poet opens the link, signs up (their account is verified) and signs in: the first sync attributes them.
  const referee = await verifiedAccount(request, 'referee', 'Noor Haddad');
  const refereePage = await newPage(browser);
  await refereePage.goto(new URL(link).pathname + new URL(link).search);
  await expect(refereePage.getByTestId('join-invite')).toContainText('invited you to Writory');
  await expectNoAxeViolations(refereePage);
  await signIn(refereePage, referee.email, referee.password, '/submit');
  await referrerPage.reload();
  await expect(referrerPage.getByTestId('referral-list')).toContainText('No** H*****');
  await expect(referrerPage.getByTestId('referral-list')).toContainText('Signed up');

  // The referee buys the Single tier (₹99.00): the referrer earns ₹9.90, available at once (no holding period).
  const buy = await chooseTier(refereePage, 'Single');
  await buy.getByRole('button', { name: 'Buy 1 entry for ₹99.00' }).click();
  await refereePage.getByRole('button', { name: 'Pay ₹99.00 (test)' }).click();
  await expect(refereePage.getByTestId('buy-entries').getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 15_000 });

  // A test payment's reward is shown apart, labelled TEST MODE, and cannot be withdrawn.
  await open(referrerPage, '/earnings');
  await expect(referrerPage.getByTestId('test-balance-INR')).toContainText('₹9.90 in test rewards');
  // Test rewards are earnings of a kind: the page does not say "No earnings yet" above them.
  await expect(referrerPage.getByTestId('no-earnings')).toHaveText(/^Nothing to withdraw yet: your rewards so far come from test payments/);
  await expect(referrerPage.getByTestId('ledger')).toContainText('Referral reward');
  await expect(referrerPage.getByTestId('test-mode').first()).toBeVisible();
  await expect(referrerPage.getByTestId('withdrawal-form')).toHaveCount(0);
  await expectNoAxeViolations(referrerPage);

  // A reward from a live payment is real money: one is put in the ledger through the panel, as a live order would.
  const panel = await adminToken(request, PANEL_OWNER);
  const users = await adminApi(
    request,
    panel,
    'GET',
    `/content-manager/collection-types/plugin::users-permissions.user?filters[email][$eq]=${encodeURIComponent(referrer.email)}`,
  );
  await adminApi(request, panel, 'POST', '/content-manager/collection-types/api::earning.earning', {
    userId: users.results[0].id,
    currency: 'INR',
    amount: 990,
    kind: 'referral_reward',
    availableAt: new Date(Date.now() - 60_000).toISOString(),
    testMode: false,
  });
  await referrerPage.reload();
  await expect(referrerPage.getByTestId('balance-INR')).toContainText('₹9.90 available');
  await expect(referrerPage.getByTestId('test-balance-INR')).toContainText('₹9.90 in test rewards');
  const form = referrerPage.getByTestId('withdrawal-form');
  await form.getByLabel('Amount (INR)').fill('20');
  await form.getByLabel('UPI id').fill('noor.h@okaxis');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.getByLabel('Amount (INR)')).toHaveAccessibleDescription(/asked for ₹20\.00 but ₹9\.90 is available/);
  await form.getByLabel('Amount (INR)').fill('9.90');
  await form.getByLabel('UPI id').fill('not-an-upi');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.getByLabel('UPI id')).toHaveAccessibleDescription(/UPI id must look like name@bank/);
  await form.getByLabel('UPI id').fill('noor.h@okaxis');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(referrerPage.getByTestId('withdrawal-list')).toContainText('Requested');
  await expect(referrerPage.getByTestId('balance-INR')).toContainText('₹0.00 available');
  await expectNoAxeViolations(referrerPage);

  // The admin approves it and marks it paid with a reference.
  await open(page, '/admin-withdrawal-management');
  const card = page.getByRole('listitem', { name: '₹9.90 for Ravi Kumar' });
  await expect(card).toContainText('UPI noor.h@okaxis');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('admin-withdrawals').getByRole('status').filter({ hasText: 'approved' })).toBeVisible();
  await page.getByRole('button', { name: 'Approved', exact: true }).click();
  await card.getByLabel('Payment reference').fill('UTR-E2E-0001');
  await card.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByTestId('admin-withdrawals').getByRole('status').filter({ hasText: ': paid.' })).toBeVisible();
  await expectNoAxeViolations(page);

  await referrerPage.reload();
  await expect(referrerPage.getByTestId('withdrawal-list')).toContainText('Paid');
  await expect(referrerPage.getByTestId('withdrawal-list')).toContainText('reference UTR-E2E-0001');
  const mail = await mailTo(request, referrer.email, /withdrawal is paid/);
  expect(mail.text).toContain('UTR-E2E-0001');
});

test('the money pages fit a phone and pass axe @phone-only', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const noOverflow = async (p: Page) => expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const poet = await verifiedAccount(request, 'phone');
  await signIn(page, poet.email, poet.password, '/submit');
  await chooseTier(page, 'Trio');
  await expect(page.getByRole('button', { name: 'Buy 3 entries for ₹249.00' })).toBeVisible();
  await noOverflow(page);
  await expectNoAxeViolations(page);
  for (const path of ['/referrals', '/earnings']) {
    await open(page, path);
    await expect(page.getByTestId(path.slice(1))).toBeVisible();
    await noOverflow(page);
    await expectNoAxeViolations(page);
  }
  const adminPage = await newPage(browser);
  await adminPage.setViewportSize({ width: 375, height: 740 });
  await signInAs(adminPage, admin.email, admin.password, '/admin-tier-prices');
  for (const [path, testId] of [
    ['/admin-tier-prices', 'admin-tiers'],
    ['/admin-coupon-codes', 'admin-coupons'],
    ['/admin-revenue-report', 'admin-revenue'],
    ['/admin-withdrawal-management', 'admin-withdrawals'],
  ]) {
    await open(adminPage, path);
    await expect(adminPage.getByTestId(testId)).toBeVisible();
    await noOverflow(adminPage);
    await expectNoAxeViolations(adminPage);
  }
});

test('@phone /submit: the credits card keeps its distance from “How poems are judged”; judges, moderators and admins, who cannot enter, are not offered credits', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const poet = accountOf('poet');
  await signIn(page, poet.email, poet.password, '/submit');
  const buy = page.getByTestId('buy-entries');
  await expect(buy).toBeVisible({ timeout: 15_000 });
  // Both boxes in one frame, once the islands above have settled (Your drafts renders after hydration).
  const gap = () =>
    page.evaluate(() => {
      const card = document.querySelector('[data-testid="buy-entries"]')!.getBoundingClientRect();
      return document.getElementById('judging')!.getBoundingClientRect().top - card.bottom;
    });
  await expect.poll(gap, { message: 'space between the credits card and the next heading' }).toBeGreaterThanOrEqual(24);

  for (const role of ['judge', 'moderator', 'admin']) {
    const staff = await newPage(browser);
    const account = accountOf(role);
    await signIn(staff, account.email, account.password, '/submit');
    await expect(staff.getByTestId('entry-blocked')).toBeVisible({ timeout: 15_000 });
    await expect(staff.getByTestId('buy-entries'), `${role}: no credits shop`).toHaveCount(0);
    await expect(staff.getByText('Loading entry tiers…')).toHaveCount(0);
    await expectNoAxeViolations(staff);
    await staff.context().close();
  }
});
