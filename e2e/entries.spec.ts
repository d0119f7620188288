// Contest entries end to end: a poet enters a .docx and a .pdf through /submit, checks the text judges will
// read and gets the receipt (code on screen, notification, email in the mail sink); entries outside the
// window, from an unverified account, from a 12-year-old and a renamed .exe are refused; judges score
// blind; two judges' mean is the score on /admin-submission-data. Desktop and 375 px, axe on every page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { makeDocx, makeExe, makePdf } from '../cms/tests/helpers/poem-files';
import { breakLines, wordPackage } from '../cms/tests/helpers/word-fixtures';
import { adminApi, adminToken } from './cms-admin';
import { accountOf, PANEL_OWNER } from './demo';
import { bearer, confirmEntry, DOCX, enterByApi, fillEntryForm, newPoet, type Poet } from './entrants';
import { mailbox, tokenFor } from './outside-services';
import { expect, test, expectNoAxeViolations, inkOf, withSavedConsent } from './fixtures';
import { open, signIn, signInAs } from './session';

/** The receipt email the mail sink received for this code. */
async function receiptEmail(request: APIRequestContext, code: string) {
  let found: { subject: string; to: { address: string }[]; text: string } | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(request)).find((mail) => mail.subject.includes(code));
        return Boolean(found);
      },
      { message: `no receipt email for ${code}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

async function signedInPage(browser: Browser, email: string, password: string, next = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withSavedConsent(page);
  await signIn(page, email, password, next);
  return { page, close: () => context.close() };
}

/** A demo account (the admin, a judge) signed in, in a context of its own: from the worker's saved session after its first sign-in. */
async function demoPage(browser: Browser, email: string, password: string, next: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withSavedConsent(page);
  await signInAs(page, email, password, next);
  return { page, close: () => context.close() };
}

test.beforeEach(async ({ page }) => {
  await withSavedConsent(page);
});

test('a poet enters a .docx and a .pdf, checks the extracted text and gets the receipt', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A poet of its own, who entered one poem earlier this month: the test needs no other test's leftovers.
  const poet = await newPoet(request, 'monsoon', { name: 'Asha Verse' });
  const earlier = await enterByApi(request, poet, 'First Week', 'The first week of the month\nkept its own weather.');
  expect(earlier.status(), await earlier.text()).toBe(201);
  await signIn(page, poet.email, poet.password, '/submit');
  await expect(page.getByTestId('contest-banner')).toContainText(/contest is open/);
  await expect(page.getByTestId('contest-banner')).toContainText(/Submissions close/);
  await expect(page.getByTestId('entries-left')).toHaveText('You can enter 2 more poems this month (2 free entries).');
  // The contact details start from the profile.
  await expect(page.getByLabel('Full name')).toHaveValue(poet.name);
  await expectNoAxeViolations(page);
  // The country list names each country once (ISO 3166-1 codes as values).
  const countries = await page
    .getByLabel('Country', { exact: true })
    .locator('option:not([value=""])')
    .evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
  expect(countries.length).toBeGreaterThan(240);
  expect(new Set(countries.map(([code]) => code)).size).toBe(countries.length);
  expect(new Set(countries.map(([, name]) => name)).size).toBe(countries.length);
  for (const [code] of countries) expect(code).toMatch(/^[A-Z]{2}$/);
  expect(countries.filter(([, name]) => name === 'Serbia')).toEqual([['RS', 'Serbia']]);

  // The form says what is missing before anything is uploaded.
  await page.getByRole('button', { name: 'Check the text' }).click();
  await expect(page.getByLabel('Poem file')).toBeFocused();
  await expect(page.getByLabel('Poem file')).toHaveAccessibleDescription(/Choose the file of your poem/);

  // Written as poets write in Word: each line ends with Shift+Enter (a manual break inside one paragraph),
  // a stanza per paragraph, the byline inside the first stanza, the author in the file's properties.
  const monsoon = await wordPackage({
    body:
      breakLines(['Monsoon Hands', 'by Asha Verse', 'Rain on the tin roof', 'keeps the time of my mother’s hands']) +
      breakLines(['and the verse of the rain', 'runs on without me.']),
    core: { creator: 'Asha Verse', lastModifiedBy: 'Asha Verse' },
  });
  const judgeLines =
    'Monsoon Hands\n[name removed]\nRain on the tin roof\nkeeps the time of my mother’s hands\n\nand the verse of the rain\nruns on without me.';
  await fillEntryForm(page, { name: 'Monsoon.docx', mimeType: DOCX, buffer: monsoon }, 'Monsoon Hands');
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: check the text and confirm' })).toBeFocused();
  await expect(page.getByTestId('preview-text')).toHaveText(judgeLines);
  await expect(page.getByTestId('preview-redactions')).toContainText('1 place');
  await expect(page.getByTestId('preview-hidden-redactions')).toContainText('2 place');
  // "verse" is part of the poet's name and a word of the poem: kept, and the poet is asked.
  const warnings = page.getByRole('note', { name: 'Please check your file before you enter' });
  await expect(warnings.getByRole('listitem')).toHaveText(['Line 6 has “verse”, part of your name. If it refers to you, remove it from your file.']);
  // Every declaration must be ticked.
  await page.getByRole('button', { name: 'Submit my poem' }).click();
  await expect(page.getByText('Tick every declaration to enter.')).toBeVisible();
  await expectNoAxeViolations(page);
  const first = await confirmEntry(page);
  await expectNoAxeViolations(page);

  // The demo judge reads the same lines, without the poet's name.
  const judge = accountOf('judge');
  const judging = await demoPage(page.context().browser()!, judge.email, judge.password, '/admin-submissions');
  await judging.page.getByRole('button', { name: `Open ${first}` }).click();
  await expect(judging.page.getByTestId('judging-text')).toHaveText(judgeLines);
  await expect(judging.page.locator('body')).not.toContainText(/Asha/);
  await judging.close();

  const mail = await receiptEmail(request, first);
  expect(mail.to[0].address).toBe(poet.email);
  expect(mail.text).toContain('Monsoon Hands');
  const token = await adminToken(request, PANEL_OWNER);
  const notifications = await adminApi(
    request,
    token,
    'GET',
    `/content-manager/collection-types/api::notification.notification?filters[message][$contains]=${first}`,
  );
  expect(notifications.results).toEqual([expect.objectContaining({ title: 'Poem received', link: '/profile#entries' })]);
  // The chosen country (India) is stored as its code.
  const stored = await adminApi(request, token, 'GET', `/content-manager/collection-types/api::entry.entry?filters[code][$eq]=${first}`);
  expect(stored.results).toEqual([expect.objectContaining({ code: first, contactCountry: 'IN' })]);

  // A second poem, as a PDF.
  await page.getByRole('button', { name: 'Enter another poem' }).click();
  const pdf = { name: 'tide.pdf', mimeType: 'application/pdf', buffer: await makePdf('The tide returns what it borrows\nsalt for salt, and a little light') };
  await fillEntryForm(page, pdf, 'What the Tide Borrows');
  await expect(page.getByTestId('preview-text')).toContainText('The tide returns what it borrows');
  const second = await confirmEntry(page);
  expect(second).not.toBe(first);
  await expect(page.getByRole('button', { name: 'Enter another poem' })).toHaveCount(0);

  // The profile lists both, each with its status timeline.
  await page.getByRole('link', { name: 'Follow your entry on your profile' }).click();
  await expect(page).toHaveURL(/\/profile#entries$/);
  const entries = page.getByTestId('my-entry');
  await expect(entries.filter({ hasText: first })).toContainText('Monsoon Hands');
  await expect(entries.filter({ hasText: second })).toContainText('What the Tide Borrows');
  const timeline = entries.filter({ hasText: first }).getByTestId('entry-timeline');
  await expect(timeline.getByRole('listitem')).toHaveText([/Received/, /In judging/, /Scored/, /Results published/]);
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Received');
  await expectNoAxeViolations(page);
});

test('@phone a new poet enters a poem on a small screen', async ({ page, request }) => {
  test.setTimeout(90_000);
  const poet = await newPoet(request, 'phone', { name: 'Ines Duarte' });
  await signIn(page, poet.email, poet.password, '/submit');
  await expect(page.getByLabel('Full name')).toHaveValue('Ines Duarte');
  await fillEntryForm(page, { name: 'lua.docx', mimeType: DOCX, buffer: await makeDocx('A lua no rio\ncanta baixinho\n\nInes Duarte') }, 'Lua', 'Português');
  await expect(page.getByTestId('preview-text')).toHaveText('A lua no rio\ncanta baixinho\n\n[name removed]');
  await expectNoAxeViolations(page);
  await confirmEntry(page);
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('a poem in Tamil asks for the poet’s name in its script, and that name never reaches the judges (issue 37)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const poet = await newPoet(request, 'tamil', { name: 'Meera Krishnan' });
  await signIn(page, poet.email, poet.password, '/submit');
  const inScript = page.getByRole('textbox', { name: 'Your name in the poem’s script (optional)' });
  await page.getByLabel('Language of the poem').fill('English');
  await expect(inScript).toHaveCount(0);
  await page.getByLabel('Language of the poem').fill('Tamil');
  await expect(inScript).toBeVisible();
  await expect(page.getByText('so we can hide it from the judges')).toBeVisible();
  // Chromium's print of the poem, signed in Tamil ("மீ ரா" in pieces); the account and the form name are in Latin letters.
  await page.getByLabel('Poem file').setInputFiles({
    name: 'kadal.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(join(__dirname, '../cms/tests/fixtures/scripts/tamil.chromium.pdf')),
  });
  await page.getByLabel('Title', { exact: true }).fill('கடல்');
  await inScript.fill('மீரா கிருஷ்ணன்');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'India' });
  await page.getByRole('button', { name: 'Check the text' }).click();
  const text = page.getByTestId('preview-text');
  await expect(text).toContainText('[name removed]');
  await expect(text).not.toContainText('மீ');
  await expectNoAxeViolations(page);
});

test('“Check the text” asks about a phone number and a handle in the poem, not about the poet’s own number, an email (already removed) or a year (issue 35)', async ({
  page,
  request,
}) => {
  const poet = await newPoet(request, 'contact', { name: 'Noor Haddad' });
  await signIn(page, poet.email, poet.password, '/submit');
  const poem = 'Harbour\nring +44 7700 900123 at dusk\nor write to noor.h@example.net\nor follow @harbour_poems\nmine: +46 70 123 45 67\nIn 1947, at 10:30';
  await fillEntryForm(page, { name: 'harbour.docx', mimeType: DOCX, buffer: await makeDocx(poem) }, 'Harbour');
  await expect(page.getByTestId('preview-text')).toContainText('mine: [phone removed]');
  // Every email address is removed from what judges read, so there is nothing to ask about it.
  await expect(page.getByTestId('preview-text')).toContainText('or write to [email removed]');
  const note = page.getByRole('note', { name: 'Please check your file before you enter' });
  await expect(note.getByRole('listitem')).toHaveText([
    /^Line 2 has “\+44 7700 900123”, which looks like a phone number\./,
    /^Line 4 has “@harbour_poems”, which looks like a social media handle\./,
  ]);
  await expectNoAxeViolations(page);
});

test('entries from an unverified account, a 12-year-old and a renamed .exe are refused', async ({ page, request, consoleErrors }) => {
  consoleErrors.expectFailedRequest(415, '/api/entries/preview', 'the test uploads a renamed .exe, which the check refuses');
  test.setTimeout(120_000);
  const docx = { name: 'p.docx', mimeType: DOCX, buffer: await makeDocx('words') };
  const tryApi = (poet: Poet) =>
    request.post('/api/entries', { headers: { ...bearer(poet.token), 'Idempotency-Key': `refused-${Date.now()}` }, multipart: { poem: docx, title: 'x' } });

  // An unverified account lands on its profile after signing in; /submit asks to verify first.
  const unverified = await newPoet(request, 'unverified', { verified: false });
  await signIn(page, unverified.email, unverified.password, '/profile');
  await open(page, '/submit');
  await expect(page.getByTestId('entry-blocked')).toContainText('Verify your email address to enter');
  await expectNoAxeViolations(page);
  const unverifiedRefusal = await tryApi(unverified);
  expect(unverifiedRefusal.status()).toBe(403);
  expect((await unverifiedRefusal.json()).error.message).toMatch(/verify your email/);

  // A 12-year-old: the profile refuses such a date, so an admin sets it in the Strapi panel's API.
  const child = await newPoet(request, 'child', { name: 'Kim Young' });
  const twelve = new Date();
  twelve.setFullYear(twelve.getFullYear() - 12);
  const token = await adminToken(request, PANEL_OWNER);
  const found = await adminApi(
    request,
    token,
    'GET',
    `/content-manager/collection-types/plugin::users-permissions.user?filters[email][$eq]=${encodeURIComponent(child.email)}`,
  );
  await adminApi(request, token, 'PUT', `/content-manager/collection-types/plugin::users-permissions.user/${found.results[0].documentId}`, {
    dateOfBirth: twelve.toISOString().slice(0, 10),
  });
  const { page: childPage, close } = await signedInPage(page.context().browser()!, child.email, child.password, '/submit');
  await expect(childPage.getByTestId('entry-blocked')).toContainText('at least 13 years old');
  const refused = await tryApi(child);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toMatch(/at least 13/);
  await close();

  // A Windows program named .docx passes the browser's check; the server reads its bytes and refuses it.
  const poet = await newPoet(request, 'exe', { name: 'Ola Nordmann' });
  const { page: poetPage, close: closePoet } = await signedInPage(page.context().browser()!, poet.email, poet.password, '/submit');
  await fillEntryForm(poetPage, { name: 'my-poem.docx', mimeType: DOCX, buffer: makeExe() }, 'Not a poem');
  const input = poetPage.getByLabel('Poem file');
  await expect(input).toHaveAccessibleDescription(/This file is a Windows program \(\.exe\), not a \.docx or \.pdf document/);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(poetPage.getByTestId('entry-preview')).toHaveCount(0);
  await closePoet();
});

test('outside the window the page says when the next contest opens and the server refuses entries @alone', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const admin = accountOf('admin');
  const adminIdToken = await tokenFor(request, admin.email, admin.password);
  const { current, timeZone } = await (await request.get('/api/contests/current')).json();
  const original = { opensAt: current.opensAt, closesAt: current.closesAt, resultsAt: current.resultsAt };
  try {
    // The admin closes this month's submissions from the contest section of /admin-settings.
    await signInAs(page, admin.email, admin.password, '/admin-settings');
    const form = page.getByTestId(`contest-${current.month}`);
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page);
    const past = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(Date.now() - 10 * 60_000))
      .replace(' ', 'T');
    await form.getByLabel(/^Closes/).fill(past);
    await form.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByTestId('toast')).toContainText('saved');
    await expect(page.getByTestId(`contest-${current.month}`)).toContainText('Dates changed by an admin');

    const rumi = accountOf('poet');
    const { page: poetPage, close } = await signedInPage(browser, rumi.email, rumi.password, '/submit');
    await expect(poetPage.getByRole('heading', { name: 'Submissions are closed' })).toBeVisible();
    await expect(poetPage.getByTestId('next-opens')).toContainText('The next contest');
    await expect(poetPage.getByLabel('Poem file')).toHaveCount(0);
    await expectNoAxeViolations(poetPage);
    await close();

    const poetToken = await tokenFor(request, rumi.email, rumi.password);
    const refused = await request.post('/api/entries', {
      headers: { ...bearer(poetToken), 'Idempotency-Key': `closed-${Date.now()}` },
      multipart: { poem: { name: 'p.docx', mimeType: DOCX, buffer: await makeDocx('late words') }, title: 'Late' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatchObject({ name: 'SubmissionsClosedError', message: expect.stringMatching(/The next contest opens on/) });
  } finally {
    const restored = await request.put(`/api/admin/contests/${current.month}`, { headers: bearer(adminIdToken), data: original });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});

test('a judge who recognises a poem steps back from it; admins see the recusal and its note @phone', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const poet = await newPoet(request, 'recused', { name: 'Ines Caro' });
  const entry = await enterByApi(request, poet, 'Harbour Bell', 'The harbour bell\nrings for no one\n\nby Ines Caro');
  expect(entry.status(), await entry.text()).toBe(201);
  const { code } = await entry.json();

  const judge = accountOf('judge');
  await signInAs(page, judge.email, judge.password, '/admin-submissions');
  await page.getByRole('button', { name: `Open ${code}` }).click();
  const desk = page.getByTestId('judging-entry');
  await desk.getByRole('button', { name: 'I recognise this poem or its author' }).click();
  const form = desk.getByTestId('recuse-form');
  await expect(form.getByLabel('Private note for the admins (optional)')).toBeFocused();
  await form.getByLabel('Private note for the admins (optional)').fill('I heard this at an open mic.');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: `Step back from this entry (${code})` }).click();
  await expect(page.getByText(`You stepped back from ${code}`)).toBeVisible();
  await expect(page.getByTestId('judging-entry')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Open ${code}` })).toHaveCount(0);
  await expect(page.getByTestId('judging-mine')).toBeFocused();
  // Nor can it be opened by its code any more.
  const token = await tokenFor(request, judge.email, judge.password);
  expect((await request.get(`/api/judging/entries/${code}`, { headers: bearer(token) })).status()).toBe(403);

  const admin = accountOf('admin');
  const { page: adminPage, close } = await demoPage(browser, admin.email, admin.password, '/admin-submissions');
  await expect(adminPage.getByTestId('recusals')).toContainText(`Jonah Marsh stepped back from ${code}: I heard this at an open mic.`);
  await expect(adminPage.getByTestId('assignments').getByRole('row', { name: new RegExp(code) })).toContainText('more needed');
  await expectNoAxeViolations(adminPage);
  await close();
});

test('judges score blind; two judges’ mean is the score', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const poet = await newPoet(request, 'judged', { name: 'Tomas Berg' });
  const entry = await enterByApi(request, poet, 'Kettle', 'The kettle sings\nof a house asleep\n\nby Tomas Berg');
  expect(entry.status(), await entry.text()).toBe(201);
  const { code } = await entry.json();

  // The judge: sees the code and the text, never the poet; scores on the five criteria.
  const judge = accountOf('judge');
  await signInAs(page, judge.email, judge.password, '/admin-submissions');
  await page.getByRole('button', { name: `Open ${code}` }).click();
  const desk = page.getByTestId('judging-entry');
  await expect(desk.getByRole('heading', { name: `Entry ${code}` })).toBeFocused();
  await expect(desk.getByTestId('judging-text')).toHaveText('The kettle sings\nof a house asleep\n\n[name removed]');
  await expect(page.locator('body')).not.toContainText(/Tomas|Berg|e2e-judged/);
  await expectNoAxeViolations(page);
  const scores = { Structure: '16', Creativity: '17', Language: '15', 'Emotional Impact': '18', Theme: '14' };
  // Every score field is read with its range from the start, and keeps it beside an error.
  for (const criterion of Object.keys(scores)) await expect(desk.getByLabel(criterion, { exact: true })).toHaveAccessibleDescription(/from 0 to 20/);
  await desk.getByLabel('Structure', { exact: true }).fill('21');
  await desk.getByRole('button', { name: /^Submit scores/ }).click();
  await expect(desk.getByLabel('Structure', { exact: true })).toHaveAccessibleDescription(/^Give a whole number from 0 to 20\. from 0 to 20 Each criterion/);
  for (const [criterion, value] of Object.entries(scores)) await desk.getByLabel(criterion, { exact: true }).fill(value);
  await expect(desk.getByTestId('score-total')).toHaveText('Total: 80 / 100');
  await desk.getByRole('button', { name: /^Submit scores/ }).click();
  await expect(desk.getByTestId('scores-after')).toContainText('Your scores: 80 / 100');
  await expect(desk.getByTestId('scores-after')).toContainText('No other judge has scored this entry yet.');

  // The second judge (an admin) cannot see the first judge's scores before giving their own.
  const admin = accountOf('admin');
  const { page: adminPage, close } = await demoPage(browser, admin.email, admin.password, '/admin-submissions');
  await expect(adminPage.getByTestId('judging-progress')).toBeVisible();
  await adminPage.getByRole('button', { name: `Open ${code}` }).click();
  const adminDesk = adminPage.getByTestId('judging-entry');
  await expect(adminDesk.getByTestId('score-form')).toBeVisible();
  await expect(adminPage.locator('body')).not.toContainText('Your scores: 80');
  const second = { Structure: '12', Creativity: '13', Language: '14', 'Emotional Impact': '15', Theme: '17' };
  for (const [criterion, value] of Object.entries(second)) await adminDesk.getByLabel(criterion, { exact: true }).fill(value);
  await adminDesk.getByRole('button', { name: /^Submit scores/ }).click();
  await expect(adminDesk.getByTestId('scores-after')).toContainText('Judge 2: 80 / 100');

  // The submission data: the poet, and the mean of the two totals (80 and 71).
  await open(adminPage, '/admin-submission-data');
  await adminPage.getByLabel('Search').fill(code);
  const row = adminPage.getByTestId('data-row').filter({ hasText: code });
  await expect(row).toContainText('Tomas Berg');
  await expect(row.getByTestId('data-score')).toContainText('75.5');
  await expect(row).toContainText('Scored');
  await expectNoAxeViolations(adminPage);
  const download = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let body = '';
    csv.on('data', (chunk) => (body += chunk));
    csv.on('end', () => resolve(body));
  });
  expect(text).toContain(code);
  expect(text).toMatch(/75\.5/);
  await close();
});

test('@phone an Arabic title in the judge’s queue keeps its own direction and stays beside its entry code', async ({ page, request }) => {
  test.setTimeout(120_000);
  const poet = await newPoet(request, 'arabic-title', { name: 'Salma Nour' });
  const title = 'رسالة إلى البحر';
  const entry = await enterByApi(request, poet, title, 'يا بحرُ، خذْ رسالتي\nواحملْها إلى الشاطئ البعيد');
  expect(entry.status(), await entry.text()).toBe(201);
  const { code } = await entry.json();

  const judge = accountOf('judge');
  await signInAs(page, judge.email, judge.password, '/admin-submissions');
  const item = page.getByTestId('queue-item').filter({ hasText: code });
  await expect(item).toHaveCount(1, { timeout: 15_000 });
  const codeBox = await inkOf(item.getByText(code, { exact: true }));
  const titleText = item.getByText(title, { exact: true });
  expect(await titleText.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const titleBox = await inkOf(titleText);
  // In the row's left-to-right order, the title begins one gap after the code, not at the far end of the row.
  expect(titleBox.x - (codeBox.x + codeBox.width)).toBeLessThanOrEqual(24);
  expect(titleBox.x).toBeGreaterThan(codeBox.x);
  await expectNoAxeViolations(page);
});
