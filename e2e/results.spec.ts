// Results end to end: an admin schedules the results and the winners a few seconds ahead on /admin-upload and
// leaves; the server's timers publish them; the poet's score card and certificates appear on /profile without
// anyone on the admin page; the static winner pages and leaderboard are rebuilt; the certificate's PDF downloads
// and its QR code's address verifies it. The demo data has last month's entries scored and waiting; judges score
// the entries of three months ago in the app and the admin publishes their scores.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { accountOf } from './demo';
import { expect, test, expectNoAxeViolations, untilServed, withSavedConsent } from './fixtures';
import { hydrated, open, signIn, signInAs } from './session';

const admin = accountOf('admin');
const poet = accountOf('poet');

/** A demo account signed in, in a context of its own, on `next` (from the worker's saved session after its first sign-in). */
async function signedIn(browser: Browser, who: { email: string; password: string }, next: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withSavedConsent(page);
  await signInAs(page, who.email, who.password, next);
  await hydrated(page);
  return page;
}

/** A datetime-local value `seconds` from now, in the browser's own time zone. */
const localInSeconds = (page: Page, seconds: number) =>
  page.evaluate((s) => {
    const at = new Date(Date.now() + s * 1000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, seconds);

/** Scores for every entry of a month: entry n gets 95 - 3n, its first entry wins. */
function resultsCsv(month: string, count: number) {
  const lines = ['entry_code,structure,creativity,language,emotional_impact,theme,comment'];
  for (let i = 0; i < count; i++) {
    const base = 19 - i * 0.5;
    lines.push(`WR-${month.replace('-', '')}-${String(i + 1).padStart(4, '0')},${base},${base},${base},${base},${base - 1},"Bold line breaks, ${i + 1}"`);
  }
  return lines.join('\r\n');
}

/**
 * A demo month, `before` months before this one in the demo contest time zone: 1 has scored entries waiting for a
 * results CSV, 3 has entries waiting for the judges (this month's contest is open and holds other specs' entries).
 */
function demoMonth(before: number) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const index = year * 12 + month - 1 - before;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

test('results and winners publish on their timers; score card, winner pages, leaderboard and certificate follow @alone', async ({ browser }) => {
  test.setTimeout(300_000);

  // The admin schedules last month's scores 20 seconds ahead (room for a slow click on a busy machine) and sees the countdown.
  const adminPage = await signedIn(browser, admin, '/admin-upload');
  const scores = adminPage.getByRole('region', { name: 'Publish scores' });
  const month = demoMonth(1);
  await scores.getByLabel('Contest month').selectOption(month);
  const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));
  await scores
    .getByLabel('Results CSV', { exact: true })
    .setInputFiles({ name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from(resultsCsv(month, 8)) });
  await expect(scores.getByTestId('results-preview')).toContainText('8 of 8 entries scored');
  const firstTitle = (await scores.getByTestId('results-preview').locator('tbody tr').first().locator('td').nth(2).textContent())!.trim();
  await expectNoAxeViolations(adminPage);
  await scores.getByLabel('Publish at').check();
  await scores.getByLabel('Date and time of publication').fill(await localInSeconds(adminPage, 20));
  await scores.getByRole('button', { name: 'Schedule the publication' }).click();
  await expect(scores.getByTestId('results-countdown')).toHaveText(/^00:[0-2]\d$/);
  await adminPage.context().close();

  // Nobody is on the admin page: the server publishes, and the poet's score card appears.
  const poetPage = await signedIn(browser, poet, '/profile');
  const firstCode = `WR-${month.replace('-', '')}-0001`;
  const card = poetPage.getByTestId('score-card').filter({ hasText: firstCode });
  await expect(card).toBeVisible({ timeout: 40_000 });
  await expect(card.getByTestId('score-total')).toHaveText('94/100');
  await expect(card.getByRole('row', { name: /Structure/ })).toContainText('19/20');
  await expect(card).toContainText('Ranked 1st of 8 entries');
  await expect(card).toContainText('Bold line breaks, 1');
  await expectNoAxeViolations(poetPage);

  // The admin picks the winners (the best three are suggested) and schedules them 15 seconds ahead.
  const adminAgain = await signedIn(browser, admin, '/admin-upload');
  const winners = adminAgain.getByRole('region', { name: 'Publish winners' });
  await winners.getByLabel('Contest month').selectOption(month);
  const suggestions = winners.getByTestId('winner-suggestions');
  await expect(suggestions.getByRole('combobox').first()).toHaveValue('first');
  await suggestions.getByRole('combobox').nth(3).selectOption('honourable');
  await winners.getByLabel('Publish at').check();
  await winners.getByLabel('Date and time of publication').fill(await localInSeconds(adminAgain, 15));
  await winners.getByRole('button', { name: 'Schedule the winners' }).click();
  await expect(winners.getByTestId('winners-countdown')).toBeVisible();
  await adminAgain.context().close();

  // The poet's card shows the place, and a winner certificate appears.
  await expect(card.getByText('1st place')).toBeVisible({ timeout: 40_000 });
  const certificates = poetPage.getByTestId('my-certificates');
  const winnerLabel = `1st place · Poetry Competition, ${monthName}`;
  await expect(certificates.getByText(winnerLabel)).toBeVisible({ timeout: 15_000 });

  // The certificate page says it is genuine; the PDF downloads; the QR code's address verifies it.
  await certificates.getByRole('link', { name: `Open: ${winnerLabel}` }).click();
  await expect(poetPage.getByTestId('certificate-status')).toContainText('Genuine Writory certificate');
  await expect(poetPage.getByTestId('certificate-name')).toHaveText(poet.name);
  await expect(poetPage.getByRole('banner')).toHaveCount(0);
  await expectNoAxeViolations(poetPage);
  const [download] = await Promise.all([poetPage.waitForEvent('download'), poetPage.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const qrUrl = (await poetPage.getByTestId('certificate-qr').getAttribute('data-url'))!;
  const code = (await poetPage.getByTestId('verification-code').textContent())!;
  expect(new URL(qrUrl).origin).toBe(new URL(poetPage.url()).origin);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(qrUrl);
  await expect(visitor.getByTestId('certificate-status')).toContainText('Genuine Writory certificate');
  await expect(visitor.getByTestId('verification-code')).toHaveText(code);
  // …and so does the code typed from the paper certificate.
  await open(visitor, '/certificate/');
  await visitor.getByLabel('Verification code').fill(code.toLowerCase());
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/certificate/${new URL(qrUrl).pathname.split('/').pop()}$`), { timeout: 15_000 });
  await expect(visitor.getByTestId('certificate-status')).toContainText('Genuine Writory certificate');

  // The static pages are rebuilt after publication: the new winners, their poem pages, the leaderboard.
  // Asked by HTTP until the rebuilt page names the month (a browser load at each try costs a renderer), then opened.
  const latest = `The winners of the ${monthName} contest`;
  await expect
    .poll(async () => (await (await visitor.request.get('/winning-poems')).text()).includes(latest), {
      message: `/winning-poems says “${latest}” once the site has rebuilt`,
      timeout: 180_000,
      intervals: [1_000],
    })
    .toBe(true);
  await visitor.goto('/winning-poems');
  await expect(visitor.getByText(latest).first()).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByTestId('latest-winners').getByRole('link', { name: firstTitle }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await expect(visitor.getByText(poet.name)).toBeVisible();
  await expect(visitor.getByText('Score 94/100')).toBeVisible();
  await expectNoAxeViolations(visitor);

  await open(visitor, '/leaderboard');
  const board = visitor.getByTestId('leaderboard');
  await board.getByLabel('Search by name').fill(poet.name.split(' ')[0]);
  await board.getByRole('button', { name: 'Search' }).click();
  await expect(board.getByRole('row', { name: new RegExp(poet.name) })).toBeVisible();
  await board.getByLabel('Show').selectOption(month);
  await expect(board.getByRole('row', { name: new RegExp(`1 ${poet.name} 94`) })).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.goto('/past-winners');
  await expect(visitor.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectNoAxeViolations(visitor);
});

test('judges score in the app, the admin publishes their scores, and the winner page shows the poem and photo @alone', async ({ browser }) => {
  test.setTimeout(300_000);
  const month = demoMonth(3);
  const [first, second] = [1, 2].map((n) => `WR-${month.replace('-', '')}-000${n}`);

  // The judge scores both entries of the month on the judging desk.
  const judge = accountOf('judge');
  const judgePage = await signedIn(browser, judge, '/admin-submissions');
  await judgePage.getByLabel('Contest', { exact: true }).selectOption(month);
  const scoreEntry = async (code: string, marks: string[], comment: string) => {
    await judgePage.getByRole('button', { name: `Open ${code}` }).click();
    const desk = judgePage.getByTestId('judging-entry');
    await expect(desk.getByRole('heading', { name: `Entry ${code}` })).toBeFocused();
    for (const [i, criterion] of ['Structure', 'Creativity', 'Language', 'Emotional Impact', 'Theme'].entries()) {
      await desk.getByLabel(criterion, { exact: true }).fill(marks[i]);
    }
    await desk.getByLabel('Comment (optional)').fill(comment);
    await desk.getByRole('button', { name: /^Submit scores/ }).click();
    await expect(desk.getByTestId('scores-after')).toContainText('Your scores:');
  };
  await scoreEntry(first, ['18', '17', '16', '19', '15'], 'A luminous close.');
  await scoreEntry(second, ['14', '14', '14', '14', '14'], 'Steady images.');
  await judgePage.context().close();

  // The admin previews the judges' scores and publishes them now, then the winners.
  const adminPage = await signedIn(browser, admin, '/admin-upload');
  const scores = adminPage.getByRole('region', { name: 'Publish scores' });
  await scores.getByLabel('Contest month').selectOption(month);
  await scores.getByLabel('The judges’ scores in the app').check();
  await scores.getByRole('button', { name: 'Preview the judges’ scores' }).click();
  const preview = scores.getByTestId('results-preview');
  await expect(preview).toContainText('2 of 2 entries scored');
  await expect(preview.getByTestId('judging-summary')).toContainText('the mean of the judges’ totals');
  await expect(preview.getByTestId('judging-summary')).toContainText('2 of them had fewer than 2 judges');
  await expect(preview.getByRole('row', { name: new RegExp(first) })).toContainText('85');
  await expectNoAxeViolations(adminPage);
  await scores.getByRole('button', { name: 'Publish 2 scores now' }).click();
  await expect(scores.getByText(/already published/)).toBeVisible({ timeout: 15_000 });

  const winners = adminPage.getByRole('region', { name: 'Publish winners' });
  await winners.getByLabel('Contest month').selectOption(month);
  await expect(winners.getByTestId('winner-suggestions').getByRole('combobox').first()).toHaveValue('first');
  await winners.getByRole('button', { name: 'Publish the winners now' }).click();
  await expect(winners.getByLabel('Contest month').locator('option:checked')).toHaveText(/winners published/, { timeout: 15_000 });
  await adminPage.context().close();

  // The rebuilt winner page: the poem's text and the author photo (served only because the poem won).
  const visitor = await (await browser.newContext()).newPage();
  await untilServed(visitor.request, `/winning-poem/${month}-first`, 200, 180_000);
  expect((await visitor.goto(`/winning-poem/${month}-first`))?.status()).toBe(200);
  await expect(visitor.getByTestId('poem')).toContainText('The morning keeps its salt');
  await expect(visitor.getByText('Score 85/100')).toBeVisible();
  const photo = visitor.locator(`img[src="/api/winners/${month}-first/photo"]`);
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(visitor);
  expect((await visitor.request.get(`/api/winners/${month}-second/photo`)).status()).toBe(404);
  // The month's winners come with a report of how it was judged (an earlier month than the demo's latest).
  await visitor.goto('/past-winners');
  const report = visitor.getByRole('region', { name: /Harbours/ }).getByTestId('public-judging-report');
  await expect(report.getByRole('heading', { name: 'How this month was judged' })).toBeVisible();
  await expect(report).toContainText('Entries2');
  await expect(report).toContainText('the mean of the judges’ totals');
  await expect(report).toContainText('Too few entries were read by more than one judge');
  // The measure is named once and said in a poet's words.
  await expect(report.getByTestId('agreement-explained')).toContainText('how much your poem’s score depended on which judges happened to read it');
  await expectNoAxeViolations(visitor);
  await visitor.context().close();
});

test('an admin imports leaderboard history: an error per bad row first, then the fixed file @alone', async ({ page }) => {
  test.setTimeout(90_000);
  await withSavedConsent(page);
  await signInAs(page, admin.email, admin.password, '/admin-leaderboard-upload');
  await hydrated(page);
  const file = page.getByLabel('Leaderboard CSV');
  await file.setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from('month,name,points\n2021-01,Ida Berg,70\n2021-13,Ida Berg,x\n') });
  await expect(page.getByTestId('row-errors')).toContainText('Row 3 (month): month must look like 2024-07');
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await file.setInputFiles({
    name: 'history.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('month,name,points\n2021-01,Ida Berg,70\n2021-02,"Berg, Ida",12\n'),
  });
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Imported 2 rows');
  const board = await page.request.get('/api/leaderboard?q=ida');
  expect((await board.json()).rows.map((r: { poetName: string }) => r.poetName)).toEqual(expect.arrayContaining(['Ida Berg', 'Berg, Ida']));
});

test('an admin previews the certificate template with real data @phone', async ({ page }) => {
  test.setTimeout(90_000);
  await withSavedConsent(page);
  await signInAs(page, admin.email, admin.password, '/admin-participation-certificate');
  const preview = page.getByTestId('certificate-preview');
  await expect(preview.getByRole('heading', { name: 'Certificate of Participation' })).toBeVisible();
  await expect(preview.getByTestId('verification-code')).toHaveText('SAMP-LE00-0000');
  await expect(page.getByTestId('issued-certificates').getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('winners, leaderboard and a certificate read well on a phone @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await withSavedConsent(page);
  const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  await open(page, '/winning-poems');
  const first = page.getByTestId('winner-card').first();
  await expect(first).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await expectNoAxeViolations(page);
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await expectNoAxeViolations(page);

  await open(page, '/leaderboard');
  await expect(page.getByTestId('leaderboard').getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, poet.email, poet.password, '/profile');
  await expect(page.getByTestId('score-card').first()).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await page
    .getByTestId('my-certificates')
    .getByRole('link', { name: /^Open: Participation/ })
    .first()
    .click();
  await expect(page.getByTestId('certificate')).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await expectNoAxeViolations(page);
});
