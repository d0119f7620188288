// Publishing per competition end to end: on /admin-upload the admin chooses the Story competition, publishes its
// last month's scores (the demo data has three Story entries waiting, codes ST-YYYYMM-000n) and its winners; they
// stay in Story (its own winner ids, leaderboard and months; nothing of Story under Poetry, nothing of Poetry under
// Story), and the poet's profile and certificate name the Story competition.
import type { Browser } from '@playwright/test';
import { accountOf } from './demo';
import { expect, test, expectNoAxeViolations, withSavedConsent } from './fixtures';
import { hydrated, signInAs } from './session';

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

/** The month `before` months before this one in the demo contest time zone (1: last month, waiting for results). */
function demoMonth(before: number) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const index = year * 12 + month - 1 - before;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Scores for the Story month's entries on Story's own criteria: the first scores best. */
function storyCsv(month: string, count: number) {
  const lines = ['entry_code,plot,character,language,emotional_impact,theme,comment'];
  for (let i = 0; i < count; i++) {
    const base = 18 - i;
    lines.push(`ST-${month.replace('-', '')}-${String(i + 1).padStart(4, '0')},${base},${base},${base},${base},${base},"A story's turn, ${i + 1}"`);
  }
  return lines.join('\r\n');
}

test('@alone a Story month publishes apart from Poetry: its scores, winners and leaderboard stay in Story; the certificate names it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const month = demoMonth(1);
  const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));
  const firstCode = `ST-${month.replace('-', '')}-0001`;

  // The admin switches the page to Story: its own months (three entries last month), its own timers.
  const adminPage = await signedIn(browser, admin, '/admin-upload');
  await adminPage.getByLabel('Competition', { exact: true }).selectOption('story');
  const scores = adminPage.getByRole('region', { name: 'Publish scores' });
  const monthSelect = scores.getByLabel('Contest month');
  await expect(monthSelect.locator('option', { hasText: `${monthName} · 3 entries` })).toHaveCount(1);
  await monthSelect.selectOption(month);
  await scores
    .getByLabel('Results CSV', { exact: true })
    .setInputFiles({ name: 'story-results.csv', mimeType: 'text/csv', buffer: Buffer.from(storyCsv(month, 3)) });
  await expect(scores.getByTestId('results-preview')).toContainText('3 of 3 entries scored');
  await expectNoAxeViolations(adminPage);
  await scores.getByRole('button', { name: 'Publish 3 scores now' }).click();
  await expect(scores.getByText(`The ${monthName} results are already published.`)).toBeVisible({ timeout: 15_000 });

  // Its winners: the best score is suggested for 1st place; publishing now.
  const winners = adminPage.getByRole('region', { name: 'Publish winners' });
  await winners.getByLabel('Contest month').selectOption(month);
  await expect(winners.getByTestId('winner-suggestions').getByRole('combobox').first()).toHaveValue('first');
  await winners.getByRole('button', { name: 'Publish the winners now' }).click();
  await expect
    .poll(async () => (await (await request.get('/api/winners?competition=story')).json()).months.map((m: { month: string }) => m.month))
    .toEqual([month]);
  await adminPage.context().close();

  // Story's winner has an id of its own; nothing of Story is under Poetry's winners, nor Poetry's under Story's.
  const storyIndex = await (await request.get('/api/winners?competition=story')).json();
  expect(storyIndex.months[0].winners[0]).toMatchObject({ id: `story-${month}-first`, competition: { slug: 'story', name: 'Story' } });
  const poetryIndex = await (await request.get('/api/winners')).json();
  const poetryIds = poetryIndex.months.flatMap((m: { winners: { id: string }[] }) => m.winners.map((w) => w.id));
  expect(poetryIds.length).toBeGreaterThan(0);
  expect(poetryIds.filter((id: string) => id.startsWith('story-'))).toEqual([]);
  // The Story leaderboard has its one month and its three writers; Poetry's published demo month is not in it.
  const storyBoard = await (await request.get('/api/leaderboard?competition=story')).json();
  expect(storyBoard).toMatchObject({ competition: { slug: 'story', name: 'Story' }, months: [month] });
  expect(storyBoard.rows).toHaveLength(3);
  const poetryBoard = await (await request.get('/api/leaderboard')).json();
  expect(poetryBoard.competition.slug).toBe('poetry');
  expect(poetryBoard.months).toContain(demoMonth(2));

  // The poet's profile names Story on the score card and on the winner certificate, and so does the certificate.
  const poetPage = await signedIn(browser, poet, '/profile');
  const card = poetPage.getByTestId('score-card').filter({ hasText: firstCode });
  await expect(card).toContainText(`Story Competition, ${monthName}`, { timeout: 20_000 });
  await expect(card.getByText('1st place')).toBeVisible();
  const label = `1st place · Story Competition, ${monthName}`;
  const certificates = poetPage.getByTestId('my-certificates');
  await expect(certificates.getByText(label)).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(poetPage);
  await certificates.getByRole('link', { name: `Open: ${label}` }).click();
  await expect(poetPage.getByTestId('certificate')).toContainText(`won 1st place in the Writory Story Competition, ${monthName}, for the entry`);
  await expect(poetPage.getByTestId('certificate-status')).toContainText('Genuine Writory certificate');
  await expectNoAxeViolations(poetPage);
});
