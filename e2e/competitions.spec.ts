// Competitions (issue 37) through the pages: the footer leads to each competition's page (rules, dates, past
// winners), /submit asks which competition first, a story over its word limit gets the server's words and a story
// within it is entered, a Tamil poem is entered into Regional Languages; the profile names the competition.
// Desktop and 375 px, axe on every page. Files are the ones LibreOffice made (cms/tests/fixtures/scripts/).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDocx } from '../cms/tests/helpers/poem-files';
import { bearer, confirmEntry, DOCX, enterByApi, newPoet, type Poet } from './entrants';
import { accountOf } from './demo';
import { tokenFor } from './outside-services';
import { expect, test, expectNoAxeViolations, withSavedConsent } from './fixtures';
import { open, signIn, signInAs } from './session';

const fixture = (name: string) => readFile(path.resolve(__dirname, '../cms/tests/fixtures/scripts', name));

test.beforeEach(async ({ page }) => {
  await withSavedConsent(page);
});

test('@phone the footer leads to every competition’s page, with its rules, dates and past winners', async ({ page, request }) => {
  // Five pages and four axe scans: about 27 to 32 s on a machine at load 30 (failed twice at the default 30 s).
  test.setTimeout(60_000);
  const { data: competitions } = await (await request.get('/api/competitions')).json();
  expect(competitions.map((c: { slug: string }) => c.slug)).toEqual(expect.arrayContaining(['poetry', 'story', 'regional-languages']));

  // The home page's carousel hydrates only when scrolled to, so the page is opened without waiting for islands.
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).not.toContainText('Coming soon');
  await footer.getByRole('link', { name: 'Story Competition' }).click();
  await expect(page).toHaveURL(/\/competitions\/story\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Story');
  const rules = page.getByTestId('competition-rules');
  await expect(rules).toContainText('Short stories');
  await expect(rules.getByTestId('competition-criteria')).toContainText('Plot');
  await expect(rules.getByTestId('competition-criteria').locator('tfoot')).toContainText('100');
  await expect(rules).toContainText(/At most [\d,]+ words\./);
  await expect(page.getByTestId('contest-banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Past winners' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  await page.locator('footer').getByRole('link', { name: 'Regional Languages Competition' }).click();
  await expect(page).toHaveURL(/\/competitions\/regional-languages\/?$/);
  await expect(page.getByTestId('competition-languages')).toContainText('Tamil');
  await expect(page.getByTestId('competition-languages')).toContainText('Hindi');
  await expectNoAxeViolations(page);

  await page.locator('footer').getByRole('link', { name: 'All competitions' }).click();
  await expect(page.getByTestId('competition-card')).toHaveCount(competitions.length);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Poetry', exact: true }).click();
  await expect(page).toHaveURL(/\/competitions\/poetry\/?$/);
  // Poetry is today's contest: its page leads to today's results pages.
  await expect(page.getByRole('link', { name: 'This month’s winning poems' })).toHaveAttribute('href', '/winning-poems');
  await expectNoAxeViolations(page);
});

test('@phone results pages read per competition through tabs that are real links', async ({ page }) => {
  await open(page, '/winning-poems');
  const tabs = page.getByRole('navigation', { name: 'Competitions' });
  await expect(tabs.getByRole('link', { name: 'Poetry' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Story' }).click();
  await expect(page).toHaveURL(/\/winning-poems\/story\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results: Story');
  await expectNoAxeViolations(page);
  await open(page, '/leaderboard/regional-languages');
  await expect(page.getByRole('navigation', { name: 'Competitions' }).getByRole('link', { name: 'Regional Languages' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page);
});

test('a writer enters the Story competition from its page: over the word limit the server says so, a story within it is entered', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.expectFailedRequest(422, '/api/entries/preview', 'the test sends a story over the word limit, which the server refuses');
  test.setTimeout(120_000);
  const writer = await newPoet(request, 'story', { name: 'Tom Whitaker' });
  await signIn(page, writer.email, writer.password, '/competitions/story');
  await page.getByTestId('competition-enter').click();
  await expect(page).toHaveURL(/\/submit\/?\?competition=story$/);
  const choice = page.getByRole('group', { name: 'Which competition are you entering?' });
  await expect(choice.getByRole('radio', { name: /^Story/ })).toBeChecked();
  await expect(page.getByTestId('competition-rules-note')).toContainText(/At most [\d,]+ words\./);
  await expectNoAxeViolations(page);

  // A story far over the limit: the text check answers 422 and the form shows the server's words at the file.
  const paragraph = 'The tide came in over the stones and the gulls rose and settled again while the harbour slept. ';
  const long = await makeDocx(Array.from({ length: 400 }, () => paragraph).join('\n\n'));
  // The form says story, not poem.
  await expect(page.getByRole('group', { name: 'Your story' })).toBeVisible();
  await page.getByLabel('Story file').setInputFiles({ name: 'long-story.docx', mimeType: DOCX, buffer: long });
  await page.getByLabel('Title', { exact: true }).fill('The Long Tide');
  await page.getByLabel('Language of the story').fill('English');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'India' });
  await page.getByRole('button', { name: 'Check the text' }).click();
  const file = page.getByLabel('Story file');
  // The server reads the whole story in its worker pool first (seconds on a busy machine).
  await expect(file).toHaveAccessibleDescription(/Your story has [\d,]+ words; the Story competition takes at most [\d,]+/, { timeout: 20_000 });
  await expect(file).toBeFocused();
  await expect(page.getByTestId('entry-preview')).toHaveCount(0);

  // The story LibreOffice made: its words are counted against the limit at "Check the text", and it is entered.
  await file.setInputFiles({ name: 'story.docx', mimeType: DOCX, buffer: await fixture('story.libreoffice.docx') });
  await page.getByLabel('Title', { exact: true }).fill('The Lighthouse Clock');
  await page.getByRole('button', { name: 'Check the text' }).click();
  await expect(page.getByTestId('preview-text')).toContainText('Every evening at six, old Ruth climbed');
  await expect(page.getByTestId('preview-words')).toHaveText(/^\d+ words of at most [\d,]+$/);
  await expectNoAxeViolations(page);
  await expect(page.getByTestId('declarations')).toContainText('This story is my own original work');
  await confirmEntry(page, 'story');

  await open(page, '/profile');
  await expect(page.getByTestId('my-entry').filter({ hasText: 'The Lighthouse Clock' }).getByTestId('my-entry-contest')).toContainText('Story Competition');
});

test('@phone a poet enters a Tamil poem into Regional Languages; it keeps its script', async ({ page, request }) => {
  test.setTimeout(120_000);
  const poet = await newPoet(request, 'tamil', { name: 'Meera Krishnan' });
  await signIn(page, poet.email, poet.password, '/submit?competition=regional-languages');
  const choice = page.getByRole('group', { name: 'Which competition are you entering?' });
  await expect(choice.getByRole('radio', { name: /^Regional Languages/ })).toBeChecked();
  await expect(page.getByTestId('competition-rules-languages')).toContainText('Tamil');
  await page.getByLabel('Poem file').setInputFiles({ name: 'kadal.docx', mimeType: DOCX, buffer: await fixture('tamil.libreoffice.docx') });
  await page.getByLabel('Title', { exact: true }).fill('கடல்');
  await page.getByLabel('Language of the poem').fill('Tamil');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'India' });
  await page.getByRole('button', { name: 'Check the text' }).click();
  await expect(page.getByTestId('preview-text')).toContainText('அலைகள் கரையைத் தொட்டுத் திரும்புகின்றன,');
  await expect(page.getByTestId('preview-text')).not.toContainText('மீரா');
  await expectNoAxeViolations(page);
  await confirmEntry(page);
  await open(page, '/profile');
  const entry = page.getByTestId('my-entry').filter({ hasText: 'கடல்' });
  await expect(entry.getByTestId('my-entry-contest')).toContainText('Regional Languages Competition');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('choosing a competition is a keyboard choice: arrow keys move it, the URL and the rules follow', async ({ page, request }) => {
  const poet = await newPoet(request, 'keys', { name: 'Lena Holm' });
  await signIn(page, poet.email, poet.password, '/submit');
  const choice = page.getByRole('group', { name: 'Which competition are you entering?' });
  const poetry = choice.getByRole('radio', { name: /^Poetry/ });
  await expect(poetry).toBeChecked();
  await poetry.focus();
  await page.keyboard.press('ArrowRight');
  await expect(choice.getByRole('radio', { name: /^Story/ })).toBeChecked();
  await expect(page).toHaveURL(/\/submit\/?\?competition=story$/);
  await expect(page.getByTestId('competition-rules-note')).toContainText('per story');
});

/** A new judge (a poet account an admin makes a judge), with the uid admins address them by. */
async function newJudge(request: Parameters<typeof newPoet>[0], label: string, name: string): Promise<Poet & { uid: string }> {
  const judge = await newPoet(request, label, { name });
  const { uid } = await (await request.get('/api/users/me', { headers: bearer(judge.token) })).json();
  const admin = accountOf('admin');
  const adminToken = await tokenFor(request, admin.email, admin.password);
  const made = await request.put(`/api/admin/users/${encodeURIComponent(uid)}/role`, { headers: bearer(adminToken), data: { role: 'judge' } });
  expect(made.ok(), await made.text()).toBe(true);
  return { ...judge, token: await tokenFor(request, judge.email, judge.password), uid };
}

test('@phone a judge who reads Tamil gets a Tamil poem; a judge who does not never does; admins see judges per language', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  // One judge records Tamil on the judging page; an admin records Hindi for the other on the users page.
  const tamilReader = await newJudge(request, 'judge-ta', 'Kavya Raman');
  const hindiReader = await newJudge(request, 'judge-hi', 'Rohit Verma');
  await signIn(page, tamilReader.email, tamilReader.password, '/admin-submissions');
  const mine = page.getByTestId('my-judge-languages');
  await mine.locator('summary').click();
  await mine.getByRole('checkbox', { name: /^Tamil/ }).check();
  await mine.getByRole('button', { name: 'Save my languages' }).click();
  await expect(mine).toContainText('Saved: you read Tamil.');
  await expectNoAxeViolations(page);

  const admin = accountOf('admin');
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminPage = await adminContext.newPage();
  await withSavedConsent(adminPage);
  await signInAs(adminPage, admin.email, admin.password, '/admin-users');
  await adminPage.getByLabel('Search name, email or phone').fill(hindiReader.email);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const row = adminPage.locator(`[data-testid="user-row"][data-uid="${hindiReader.uid}"]`);
  await row.getByTestId('judge-languages').locator('summary').click();
  await row.getByRole('checkbox', { name: /^Hindi/ }).check();
  await row.getByRole('button', { name: 'Save languages' }).click();
  await expect(row.getByTestId('judge-languages')).toContainText('Reads: Hindi');

  // A Tamil poem (Poetry takes any language; it is judged as today's contest is).
  const poet = await newPoet(request, 'tamil-judged', { name: 'Meera Krishnan' });
  const poem = { name: 'kadal.docx', mimeType: DOCX, buffer: await fixture('tamil.libreoffice.docx') };
  const preview = await request.post('/api/entries/preview', {
    headers: bearer(poet.token),
    multipart: { poem, fullName: poet.name, phone: '+46 70 123 45 67' },
  });
  expect(preview.ok(), await preview.text()).toBe(true);
  const entered = await request.post('/api/entries', {
    headers: { ...bearer(poet.token), 'Idempotency-Key': `e2e-ta-${Date.now()}` },
    multipart: {
      poem,
      title: 'கடல்',
      language: 'Tamil',
      fullName: poet.name,
      phone: '+46 70 123 45 67',
      country: 'IN',
      declarations: 'original,individual,appropriate,final',
      confirmedTextSha256: (await preview.json()).textSha256,
    },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  const { code } = await entered.json();

  const queueOf = async (judge: Poet) =>
    (await (await request.get('/api/judging/queue', { headers: bearer(judge.token) })).json()).entries.map((e: { code: string }) => e.code);
  await open(page, '/admin-submissions');
  await expect(page.getByText(code)).toBeVisible();
  // Each competition has its own queue: the desk switches to Regional Languages and back.
  await page.getByLabel('Competition', { exact: true }).selectOption({ label: 'Regional Languages' });
  await expect(page.getByText(code)).toHaveCount(0);
  await page.getByLabel('Competition', { exact: true }).selectOption({ label: 'Poetry' });
  await expect(page.getByText(code)).toBeVisible();
  // A judge's first read of the month starts the assignments in the background (issue 38); the queue fills in.
  await expect.poll(() => queueOf(tamilReader)).toContain(code);
  expect(await queueOf(hindiReader)).not.toContain(code);
  const refused = await request.get(`/api/judging/entries/${code}`, { headers: bearer(hindiReader.token) });
  expect(refused.status()).toBe(403);

  // Admins see, per competition, month and language, how many judges read it.
  await open(adminPage, '/admin-competitions');
  const coverage = adminPage.getByTestId('judge-coverage');
  await expect(coverage.getByRole('row').filter({ hasText: 'Tamil' }).first()).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await adminContext.close();
});

test('@phone an admin edits a competition: the criteria total is live and must be 100 before saving', async ({ page }) => {
  const admin = accountOf('admin');
  await signInAs(page, admin.email, admin.password, '/admin-competitions');
  await page.getByRole('button', { name: 'Edit Story' }).click();
  const form = page.getByRole('form', { name: 'Edit Story' });
  await expect(form.getByLabel('Name')).toHaveValue('Story');
  await expect(form.getByTestId('criteria-total')).toHaveText('Total 100 of 100');
  const firstPoints = form.getByLabel('Points').first();
  await firstPoints.fill('30');
  await expect(form.getByTestId('criteria-total')).toHaveText('Total 110 of 100 (10 too many)');
  await form.getByRole('button', { name: 'Save competition' }).click();
  await expect(form.getByRole('alert')).toContainText('must total 100 (they total 110)');
  await expectNoAxeViolations(page);
  await firstPoints.fill('20');
  await form.getByRole('button', { name: 'Save competition' }).click();
  await expect(page.getByText('“Story” saved.')).toBeVisible();
});

test('a judge scores a story on the Story competition’s own criteria, reading its paragraphs', async ({ page, request }) => {
  test.setTimeout(120_000);
  const judge = await newJudge(request, 'judge-story', 'Anna Lind');
  const languages = await request.put('/api/judging/languages', { headers: bearer(judge.token), data: { languages: ['en'] } });
  expect(languages.ok(), await languages.text()).toBe(true);
  const writer = await newPoet(request, 'story-judged', { name: 'Clara Moss' });
  const text = 'The ferry left at dawn without its captain.\n\nNobody on the quay said a word.\n\nBy noon the gulls had the harbour to themselves.';
  const entry = await enterByApi(request, writer, 'The Empty Ferry', text, 'story');
  expect(entry.status(), await entry.text()).toBe(201);
  const { code } = await entry.json();
  // The admin makes this judge the entry's judge (automatic assignment would choose among every English reader).
  const admin = accountOf('admin');
  const adminToken = await tokenFor(request, admin.email, admin.password);
  const assigned = await request.put(`/api/judging/entries/${code}/judges`, { headers: bearer(adminToken), data: { judges: [judge.uid] } });
  expect(assigned.ok(), await assigned.text()).toBe(true);

  await signInAs(page, judge.email, judge.password, '/admin-submissions');
  await page.getByLabel('Competition', { exact: true }).selectOption({ label: 'Story' });
  await page.getByRole('button', { name: `Open ${code}` }).click();
  const desk = page.getByTestId('judging-entry');
  await expect(desk.getByTestId('judging-competition')).toHaveText('Story · a story');
  // The story's paragraphs, each its own block.
  await expect(desk.getByTestId('judging-text').locator('p')).toHaveText([
    'The ferry left at dawn without its captain.',
    'Nobody on the quay said a word.',
    'By noon the gulls had the harbour to themselves.',
  ]);
  await expect(desk.getByLabel('Structure', { exact: true })).toHaveCount(0);
  const marks = { Plot: '17', Character: '15', Language: '18', 'Emotional Impact': '12', Theme: '14' };
  for (const criterion of Object.keys(marks)) await expect(desk.getByLabel(criterion, { exact: true })).toHaveAccessibleDescription(/^from 0 to 20 /);
  await expectNoAxeViolations(page);
  for (const [criterion, value] of Object.entries(marks)) await desk.getByLabel(criterion, { exact: true }).fill(value);
  await expect(desk.getByTestId('score-total')).toHaveText('Total: 76 / 100');
  await desk.getByRole('button', { name: /^Submit scores/ }).click();
  const after = desk.getByTestId('scores-after');
  await expect(after).toContainText('Your scores: 76 / 100');
  await expect(after.getByTestId('score-card').first()).toContainText('Plot17 / 20');
  await expect(after.getByTestId('score-card').first()).toContainText('Emotional Impact12 / 20');
});
