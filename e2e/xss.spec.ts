// The XSS corpus (e2e/corpus/xss-payloads.json) written through the real API into every place a user or an editor
// can write — profile name, wall post and comment, contest entry, contact message, feedback, an article written on the site, an
// article and a testimonial made in the panel — then rendered in Chromium where people read them. Every payload sets
// window.__xss or opens a dialog when it runs: the test fails if either happens, and checks that the text is shown
// as the characters it is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adminApi, adminToken } from './cms-admin';
import { accountOf } from './demo';
import { bearer, DOCX, newPoet, type Poet } from './entrants';
import { tokenFor } from './outside-services';
import { expect, test, untilServed, withSavedConsent } from './fixtures';
import { open, signIn, signInAs } from './session';
import { makeDocx } from '../cms/tests/helpers/poem-files';

const { payloads } = JSON.parse(readFileSync(path.join(__dirname, 'corpus', 'xss-payloads.json'), 'utf8')) as { payloads: string[] };
const admin = accountOf('admin');
const moderator = accountOf('moderator');
const MARK = `xss${Date.now().toString(36)}`;

/** As many payloads as fit in `max` characters after the marker, one per line (or separated by spaces). */
function fitting(max: number, separator = ' ', from = 0): string {
  let text = MARK;
  for (const payload of [...payloads.slice(from), ...payloads.slice(0, from)]) {
    if (text.length + separator.length + payload.length > max) continue;
    text += separator + payload;
  }
  return text;
}
const everything = () => [MARK, ...payloads].join('\n');

/** A page that records dialogs and any script of the corpus that runs; pages load signed out unless told. */
async function watchedPage(browser: Browser): Promise<{ page: Page; dialogs: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await withSavedConsent(page);
  return { page, dialogs };
}

async function expectNothingRan(page: Page, dialogs: string[], where: string) {
  // Give event handlers (onload, onerror, ontoggle, autofocus) a moment to fire if any element was made.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 250))));
  const ran = await page.evaluate(() => {
    const frames = [...document.querySelectorAll('iframe')].map((f) => f.getAttribute('srcdoc') ?? f.getAttribute('src'));
    return {
      marker: (window as unknown as { __xss?: unknown }).__xss ?? null,
      frames,
      svgHandlers: document.querySelectorAll('[onload],[onerror],[ontoggle],[onfocus],[onbegin],[onstart]').length,
    };
  });
  expect(ran, `a payload ran on ${where}`).toEqual({ marker: null, frames: [], svgHandlers: 0 });
  expect(dialogs, `a dialog opened on ${where}`).toEqual([]);
}

async function post(request: APIRequestContext, token: string | null, path: string, data: unknown, status = 201) {
  const res = await request.post(path, { headers: token ? bearer(token) : {}, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res.json();
}

/** An entry made over the API with payloads in its title and poem text. */
async function hostileEntry(request: APIRequestContext, poet: Poet, title: string) {
  const poem = { name: 'poem.docx', mimeType: DOCX, buffer: await makeDocx(everything(), { author: poet.name }) };
  const preview = await request.post('/api/entries/preview', {
    headers: bearer(poet.token),
    multipart: { poem, fullName: poet.name, phone: '+46 70 123 45 67' },
  });
  expect(preview.ok(), await preview.text()).toBe(true);
  const res = await request.post('/api/entries', {
    headers: { ...bearer(poet.token), 'Idempotency-Key': `xss-${MARK}` },
    multipart: {
      poem,
      title,
      language: 'English',
      fullName: poet.name,
      phone: '+46 70 123 45 67',
      country: 'SE',
      declarations: 'original,individual,appropriate,final',
      confirmedTextSha256: (await preview.json()).textSha256,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('no payload of the XSS corpus runs where people read what others wrote @alone', async ({ browser, request }) => {
  test.setTimeout(600_000);
  expect(payloads.length).toBeGreaterThanOrEqual(30);

  // A poet whose name is a payload writes a wall poem, enters the contest and sends feedback; a visitor writes to us.
  const poet = await newPoet(request, 'xss', { name: fitting(80, ' ', 7) });
  const wallTitle = fitting(120, ' ', 10);
  const { id: wallId } = await post(request, poet.token, '/api/wall/posts', { title: wallTitle, text: everything(), language: 'en' });
  await post(
    request,
    await tokenFor(request, moderator.email, moderator.password),
    `/api/admin/wall/posts/${wallId}/decisions`,
    { action: 'approve', seen: 'pending' },
    200,
  );
  // …and comments on it with a critique (a first comment: the moderator lets it through).
  const critique = { works: fitting(600, '\n', 5), stronger: fitting(600, '\n', 15) };
  const comment = await post(request, poet.token, `/api/wall/posts/${wallId}/comments`, { text: fitting(2000, '\n', 25), critique });
  await post(
    request,
    await tokenFor(request, moderator.email, moderator.password),
    `/api/admin/wall/comments/${comment.id}/decisions`,
    { action: 'approve', seen: 'pending' },
    200,
  );
  const entryTitle = fitting(160, ' ', 20);
  await hostileEntry(request, poet, entryTitle);
  await post(request, poet.token, '/api/feedback', { rating: 2, comment: fitting(2000, '\n'), page: '/writory-wall' });
  await post(request, null, '/api/contact', { name: fitting(80, ' ', 3), email: 'xss@writory.test', subject: fitting(120, ' ', 30), message: everything() });

  // An admin writes an article on the site (Markdown: raw HTML and template syntax stay text; unsafe links are
  // refused, so those payloads go in as code).
  const adminBearer = await tokenFor(request, admin.email, admin.password);
  const markdown = payloads.map((p) => (p.includes('](') ? `\`${p}\`` : p)).join('\n\n');
  const refused = await request.post('/api/admin/articles', {
    headers: bearer(adminBearer),
    data: { title: `Links ${MARK}`, body: payloads.filter((p) => p.includes('](')).join('\n\n'), publish: true },
  });
  expect(refused.status()).toBe(422);
  const { article } = await post(request, adminBearer, '/api/admin/articles', { title: fitting(160, ' ', 0), body: `${MARK}\n\n${markdown}`, publish: true });

  // An editor makes an article with dangerous links and a testimonial in the panel (blocks go to the site as they are).
  const panel = await adminToken(request);
  const slug = `xss-panel-${Date.now()}`;
  const linkTo = (url: string) => ({ type: 'link', url, children: [{ type: 'text', text: `link ${url}` }] });
  const created = await adminApi(request, panel, 'POST', '/content-manager/collection-types/api::article.article', {
    title: `Panel ${MARK}`,
    slug,
    excerpt: fitting(200, ' ', 5),
    author: fitting(60, ' ', 8),
    body: [
      { type: 'paragraph', children: [{ type: 'text', text: MARK }] },
      ...payloads.map((p) => ({ type: 'paragraph', children: [{ type: 'text', text: p }] })),
      {
        type: 'paragraph',
        // The panel itself refuses javascript:, data: and vbscript: links; these it lets through, the site must not.
        children: ['/\\evil.example/x', '//evil.example', 'https://writory.example@evil.example'].map(linkTo),
      },
    ],
  });
  await adminApi(request, panel, 'POST', `/content-manager/collection-types/api::article.article/${created.data.documentId}/actions/publish`, {});
  const testimonial = await adminApi(request, panel, 'POST', '/content-manager/collection-types/api::testimonial.testimonial', {
    name: fitting(60, ' ', 12),
    title: fitting(60, ' ', 14),
    location: fitting(60, ' ', 16),
    message: fitting(600, '\n', 18),
    order: -1,
  });
  await adminApi(request, panel, 'POST', `/content-manager/collection-types/api::testimonial.testimonial/${testimonial.data.documentId}/actions/publish`, {});

  // Read as a visitor: the wall poem's page, the article pages once the site has rebuilt, the home page's testimonials.
  const visitor = await watchedPage(browser);
  await open(visitor.page, `/writory-wall/post?id=${wallId}`);
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(wallTitle);
  await expect(visitor.page.getByText('<script>window.__xss=1</script> <SCRIPT SRC=data:text/javascript').first()).toBeVisible();
  await expect(visitor.page.getByText(poet.name).first()).toBeVisible();
  const shownComment = visitor.page.getByTestId('comment');
  for (const part of ['comment-text', 'critique-works', 'critique-stronger']) await expect(shownComment.getByTestId(part)).toContainText(MARK);
  await expect(shownComment.getByTestId('comment-text')).toContainText(comment.text.split('\n')[1]);
  await expectNothingRan(visitor.page, visitor.dialogs, 'the wall poem page and its comments');

  for (const path of [article.url, `/articles/${slug}`]) {
    await untilServed(request, path, 200, 90_000);
    expect((await visitor.page.goto(path))?.status()).toBe(200);
    await expect(visitor.page.getByText(MARK).first()).toBeVisible();
    await expectNothingRan(visitor.page, visitor.dialogs, path);
  }
  // The panel article's unsafe links are plain text, not links.
  for (const url of ['/\\evil.example/x', '//evil.example', 'https://writory.example@evil.example']) {
    await expect(visitor.page.getByText(`link ${url}`, { exact: true })).toBeVisible();
    await expect(visitor.page.getByRole('link', { name: `link ${url}` })).toHaveCount(0);
  }

  // Each publication asks for a rebuild; they queue, so the home page can take a few of them to show the testimonial.
  // Asked by HTTP (the built home page's testimonials section, up to the next section), then opened once in the browser.
  const testimonialsHtml = async () => {
    const html = await (await request.get('/')).text();
    return html.slice(html.indexOf('id="testimonials"'), html.indexOf('id="rewards"'));
  };
  await expect
    .poll(async () => (await testimonialsHtml()).includes(MARK), {
      message: 'the built home page’s testimonials hold the new one',
      timeout: 240_000,
      intervals: [1_000],
    })
    .toBe(true);
  await visitor.page.goto('/');
  await expect(visitor.page.locator('#testimonials').getByText(MARK).first()).toBeAttached();
  await expectNothingRan(visitor.page, visitor.dialogs, 'the home page');

  // Read as the poet: their entries on the profile.
  const own = await watchedPage(browser);
  await signIn(own.page, poet.email, poet.password, '/profile');
  // On the profile's list of entries (the bell's hidden panel names it too).
  await expect(own.page.getByTestId('profile-entries').getByText(entryTitle).first()).toBeVisible({ timeout: 15_000 });
  await expectNothingRan(own.page, own.dialogs, '/profile');

  // Read as an admin: the submission data, contact messages and feedback.
  const staff = await watchedPage(browser);
  await signInAs(staff.page, admin.email, admin.password, '/admin-submission-data');
  await expect(staff.page.getByText(entryTitle).first()).toBeVisible({ timeout: 15_000 });
  await expectNothingRan(staff.page, staff.dialogs, '/admin-submission-data');
  for (const path of ['/admin-contacts', '/admin-feedback']) {
    await open(staff.page, path);
    await expect(staff.page.getByText(MARK).first()).toBeVisible({ timeout: 15_000 });
    await expectNothingRan(staff.page, staff.dialogs, path);
  }
});

test('no payload of the corpus in a poet’s name or bio runs on their page or wherever their name links to it', async ({ browser, request, consoleErrors }) => {
  test.setTimeout(300_000);
  consoleErrors.expectFailedRequest(404, /\/poets\/xss-[\w-]+/, 'the new poet page is asked for until the rebuild makes it');
  // A poet whose name is a payload makes a public page whose bio is the corpus, shares a poem and comments on it.
  const poet = await newPoet(request, 'xss-bio', { name: fitting(80, ' ', 11) });
  const handle = `xss-${Date.now().toString(36)}`;
  const saved = await request.put('/api/poets/me', { headers: bearer(poet.token), data: { handle, bio: fitting(500, '\n', 2), public: true } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { bio } = (await saved.json()) as { bio: string };
  expect(bio).toContain('<');
  const moderatorToken = await tokenFor(request, moderator.email, moderator.password);
  const { id: wallId } = await post(request, poet.token, '/api/wall/posts', { title: `Bio ${MARK}`, text: 'a line', language: 'en' });
  await post(request, moderatorToken, `/api/admin/wall/posts/${wallId}/decisions`, { action: 'approve', seen: 'pending' }, 200);
  const comment = await post(request, poet.token, `/api/wall/posts/${wallId}/comments`, { text: `Comment ${MARK}` });
  await post(request, moderatorToken, `/api/admin/wall/comments/${comment.id}/decisions`, { action: 'approve', seen: 'pending' }, 200);
  // A reader follows them.
  const reader = await newPoet(request, 'xss-reader', { name: 'Rana Reader' });
  expect((await request.put(`/api/follows/${handle}`, { headers: bearer(reader.token) })).ok()).toBe(true);

  // Their page, once the rebuild the save asked for has made it: the name and bio are the characters they are.
  const visitor = await watchedPage(browser);
  await expect(async () => {
    const res = await visitor.page.goto(`/poets/${handle}`);
    expect(res?.status()).toBe(200);
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(poet.name);
  await expect(visitor.page.getByTestId('poet-bio')).toHaveText(bio);
  await expectNothingRan(visitor.page, visitor.dialogs, 'the poet page');

  // The poem page: the byline and the comment's author link to the page, with the name as its text.
  await open(visitor.page, `/writory-wall/post?id=${wallId}`);
  await expect(visitor.page.getByTestId('poet-link').first()).toHaveText(poet.name);
  await expect(visitor.page.getByTestId('comment').getByTestId('poet-link')).toHaveAttribute('href', `/poets/${handle}`);
  await expectNothingRan(visitor.page, visitor.dialogs, 'the poem page of a poet with a public page');

  // The reader's list of followed poets on the profile and their Following tab.
  const follower = await watchedPage(browser);
  await signIn(follower.page, reader.email, reader.password, '/profile');
  await expect(follower.page.getByTestId('follow-settings').getByRole('link')).toHaveAttribute('href', `/poets/${handle}`);
  await expect(follower.page.getByTestId('follow-settings').getByRole('link')).toHaveText(poet.name);
  await expectNothingRan(follower.page, follower.dialogs, 'the profile’s followed poets');
  await open(follower.page, '/writory-wall?tab=following');
  // Their poem alone (the tab never shows the built page's newest poems of the whole wall), with their name.
  await expect(follower.page.getByTestId('wall-post')).toHaveCount(1);
  await expect(follower.page.getByTestId('wall-post').getByTestId('poet-link')).toHaveText(poet.name);
  await expectNothingRan(follower.page, follower.dialogs, 'the Following tab');
});
