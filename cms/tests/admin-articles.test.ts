// Admins write and publish articles from the site: POST /api/admin/articles (Markdown → blocks, cover checked
// like profile pictures, tags found or made), the draft/publish choice, the rebuild hook, and every refusal.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';

const ADMIN_EMAIL = 'article-admin@writory.test';
const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const FILE = 'plugin::upload.file';
const REBUILD_TOKEN = 'test-rebuild-token';

let stack: CmsWithAuth;
let cms: TestCms;
let admin: EmulatorUser;
let poet: EmulatorUser;
let uploadsDir: string;
let hook: Server;
const rebuildCalls: { token: string | undefined }[] = [];

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 80, b: 160 } } })
    .png()
    .toBuffer();
const bearer = (user: EmulatorUser) => ({ Authorization: `Bearer ${user.idToken}` });
const post = (user: EmulatorUser, body: unknown) =>
  cms.api
    .post('/api/admin/articles')
    .set(bearer(user))
    .send(body as object);
const postWithCover = (user: EmulatorUser, data: string, cover: Buffer, field = 'cover', name = 'cover.png') =>
  cms.api.post('/api/admin/articles').set(bearer(user)).field('data', data).attach(field, cover, name);

/** Everything a refused request must leave as it was. */
async function storedState() {
  return {
    articles: await cms.strapi.db.query(ARTICLE).count(),
    tags: await cms.strapi.db.query(TAG).count(),
    files: await cms.strapi.db.query(FILE).count(),
    onDisk: readdirSync(uploadsDir)
      .filter((name) => name !== '.gitkeep')
      .sort(),
  };
}

const valid = { title: 'A letter to young poets', body: 'Read your poem **aloud**.\n\nThen read it [again](/articles).', tags: ['Craft'] };

beforeAll(async () => {
  hook = createServer((req, res) => {
    rebuildCalls.push({ token: req.headers['x-rebuild-token'] as string | undefined });
    res.writeHead(202).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  stack = await startCmsWithAuth({
    ADMIN_EMAILS: ADMIN_EMAIL,
    SITE_REBUILD_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/__rebuild`,
    SITE_REBUILD_TOKEN: REBUILD_TOKEN,
  });
  cms = stack.cms;
  uploadsDir = path.join(cms.strapi.dirs.static.public, 'uploads');
  admin = await stack.emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true, displayName: 'Ada Admin' });
  poet = await stack.emulator.createUser({ email: 'article-poet@writory.test', emailVerified: true });
  await cms.api.post('/api/users').set(bearer(admin)).send({ uid: admin.uid, name: 'Ada Admin' }).expect(200);
});

afterAll(async () => {
  if (cms) {
    for (const file of await cms.strapi.db.query(FILE).findMany()) await cms.strapi.plugin('upload').service('upload').remove(file);
  }
  await stack?.stop();
  hook?.close();
});

describe('publishing from the site', () => {
  it('stores the Markdown body as blocks, makes the cover a WebP, finds or makes tags, and publishes', async () => {
    const calls = rebuildCalls.length;
    const data = JSON.stringify({ ...valid, tags: ['craft', 'Letters  to poets', 'CRAFT'], coverAlt: 'A desk with an open notebook' });
    const res = await postWithCover(admin, data, await png(2400, 1200)).expect(201);
    expect(res.body.article).toMatchObject({
      slug: 'a-letter-to-young-poets',
      title: valid.title,
      status: 'published',
      url: '/articles/a-letter-to-young-poets',
    });

    const shown = await cms.api.get('/api/articles/a-letter-to-young-poets').expect(200);
    expect(shown.body).toMatchObject({
      title: valid.title,
      author: 'Ada Admin',
      excerpt: 'Read your poem aloud. Then read it again.',
      readingMinutes: 1,
      cover: { alt: 'A desk with an open notebook', width: 1600, height: 800 },
    });
    expect(shown.body.cover.url).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await sharp(path.join(cms.strapi.dirs.static.public, shown.body.cover.url)).metadata()).format).toBe('webp');
    // "craft" is the seeded tag (matched without case, so "CRAFT" is the same tag); "Letters to poets" is new; the repeat is dropped.
    expect(shown.body.tags.map((t: { name: string }) => t.name).sort()).toEqual(['Letters to poets', 'craft']);
    expect(shown.body.body).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Read your poem ' },
          { type: 'text', text: 'aloud', bold: true },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Then read it ' },
          { type: 'link', url: '/articles', children: [{ type: 'text', text: 'again' }] },
          { type: 'text', text: '.' },
        ],
      },
    ]);
    const list = await cms.api.get('/api/articles').expect(200);
    expect(list.body.articles[0].slug).toBe('a-letter-to-young-poets');

    // The site is asked to rebuild, with its token, as for an edit in the Strapi panel.
    await vi.waitFor(() => expect(rebuildCalls.length).toBeGreaterThan(calls), { timeout: 5_000 });
    expect(rebuildCalls.at(-1)).toEqual({ token: REBUILD_TOKEN });
  });

  it('keeps a draft out of the public API and shows it as a draft to admins', async () => {
    await post(admin, { title: 'Finished thoughts', body: 'Done.', publish: true, tags: ['Drafts and finished'] }).expect(201);
    const res = await post(admin, { title: 'Unfinished thoughts', body: 'Not yet.', publish: false, author: 'Guest Writer' }).expect(201);
    expect(res.body.article).toMatchObject({ status: 'draft', slug: 'unfinished-thoughts' });
    await cms.api.get('/api/articles/unfinished-thoughts').expect(404);
    const overview = await cms.api.get('/api/admin/articles').set(bearer(admin)).expect(200);
    expect(overview.body.articles[0]).toMatchObject({ slug: 'unfinished-thoughts', status: 'draft' });
    expect(overview.body.articles.find((a: { slug: string }) => a.slug === 'finished-thoughts')).toMatchObject({ status: 'published' });
    expect(overview.body.tags.map((t: { name: string }) => t.name)).toContain('Drafts and finished');
  });

  it('gives every article its own slug, in any script', async () => {
    const first = await post(admin, { ...valid, title: 'Two poets, one title', tags: [] }).expect(201);
    const again = await post(admin, { ...valid, title: 'Two poets, one title', tags: [] }).expect(201);
    expect([first.body.article.slug, again.body.article.slug]).toEqual(['two-poets-one-title', 'two-poets-one-title-1']);
    const arabic = await post(admin, { title: 'قصيدة الليل', body: 'نص المقال' }).expect(201);
    expect(arabic.body.article.slug).toMatch(/^[a-z0-9-]+$/);
    const chinese = await post(admin, { title: '你好世界', body: '文章' }).expect(201);
    expect(chinese.body.article.slug).toMatch(/^article(-\d+)?$/);
    const shown = await cms.api.get(`/api/articles/${chinese.body.article.slug}`).expect(200);
    expect(shown.body.title).toBe('你好世界');
  });

  it('takes bidi controls out of the title (not out of a right-to-left title) and keeps links in their normal form', async () => {
    const res = await post(admin, { title: '\u2067قصيدة\u2069 \u202Efdp.exe', body: 'See [rules](HTTPS://Writory.example/rules) and [home](/).' }).expect(201);
    const shown = await cms.api.get(`/api/articles/${res.body.article.slug}`).expect(200);
    expect(shown.body.title).toBe('قصيدة fdp.exe');
    const urls = JSON.stringify(shown.body).match(/"url":"[^"]*"/g);
    expect(urls).toEqual(expect.arrayContaining(['"url":"https://writory.example/rules"', '"url":"/"']));
  });

  it('previews the blocks a body would be stored as', async () => {
    const res = await cms.api.post('/api/admin/articles/preview').set(bearer(admin)).send({ body: '## Hello\n\n- one\n- two' }).expect(200);
    expect(res.body).toEqual({
      blocks: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Hello' }] },
        {
          type: 'list',
          format: 'unordered',
          children: [
            { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
            { type: 'list-item', children: [{ type: 'text', text: 'two' }] },
          ],
        },
      ],
      readingMinutes: 1,
    });
    const bad = await cms.api.post('/api/admin/articles/preview').set(bearer(admin)).send({ body: 'x\n\n[y](javascript:alert(1))' }).expect(422);
    expect(bad.body.error.message).toMatch(/^body: line 3: links must start with/);
  });
});

describe('refusals store nothing', () => {
  it.each([
    ['no title', { ...valid, title: undefined }, 'title', /^title: is required/],
    ['a blank title', { ...valid, title: '   ' }, 'title', /^title: is required/],
    ['a title over 160 characters', { ...valid, title: 't'.repeat(161) }, 'title', /at most 160/],
    ['no body', { ...valid, body: undefined }, 'body', /^body: is required/],
    ['a body of spaces', { ...valid, body: ' \n ' }, 'body', /^body: is required/],
    ['a body over 100,000 characters', { ...valid, body: 'x'.repeat(100_001) }, 'body', /at most 100,000/],
    ['a javascript: link', { ...valid, body: 'Hi [there](javascript:alert(1))' }, 'body', /^body: line 1: links must start with/],
    [
      'a link browsers send to another host (/\\)',
      { ...valid, body: 'Fine.\n\nRead [this](/\\evil.example/path)' },
      'body',
      /^body: line 3: links must start with/,
    ],
    ['a protocol-relative link', { ...valid, body: '[x](//evil.example)' }, 'body', /^body: line 1: links must start with/],
    ['a link with a tab in it', { ...valid, body: '[x](</\t/evil.example>)' }, 'body', /^body: line 1: links must start with/],
    ['an image in the body', { ...valid, body: 'Look\n\n![cat](https://example.com/cat.png)' }, 'body', /^body: line 3: images cannot go in the text/],
    ['eleven tags', { ...valid, tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) }, 'tags', /at most 10 tags/],
    ['a tag over 40 characters', { ...valid, tags: ['x'.repeat(41)] }, 'tags', /at most 40 characters/],
    ['an empty tag', { ...valid, tags: [' '] }, 'tags', /cannot be empty/],
    ['tags that are not a list', { ...valid, tags: 'craft' }, 'tags', /list of tag names/],
    ['an unknown field', { ...valid, slug: 'mine' }, '', /Unknown fields: slug/],
    ['publish that is not a boolean', { ...valid, publish: 'yes' }, 'publish', /true or false/],
    ['an excerpt over 300 characters', { ...valid, excerpt: 'e'.repeat(301) }, 'excerpt', /at most 300/],
    ['a control character in the title', { ...valid, title: 'Bell\u0007' }, 'title', /control characters/],
  ])('%s → 422 naming the field', async (_name, body, field, message) => {
    const before = await storedState();
    const res = await post(admin, body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.name).toBe('ValidationError');
    expect(res.body.error.message).toMatch(message);
    if (field) expect(res.body.error.details.errors.map((e: { path: string[] }) => e.path[0])).toContain(field);
    expect(await storedState()).toEqual(before);
  });

  it.each([
    ['a cover without a description', async () => postWithCover(admin, JSON.stringify(valid), await png(20, 20)), 422, /^coverAlt: describe the cover/],
    [
      'a cover over 5 MB',
      async () => postWithCover(admin, JSON.stringify({ ...valid, coverAlt: 'big' }), Buffer.concat([await png(8, 8), Buffer.alloc(5 * 1024 * 1024)])),
      413,
      /at most 5 MB/,
    ],
    [
      'text named .png',
      async () => postWithCover(admin, JSON.stringify({ ...valid, coverAlt: 'fake' }), Buffer.from('not an image at all')),
      415,
      /JPEG, PNG or WebP/,
    ],
    [
      'a truncated PNG',
      async () => postWithCover(admin, JSON.stringify({ ...valid, coverAlt: 'cut' }), (await png(400, 400)).subarray(0, 60)),
      422,
      /could not be read/,
    ],
    [
      'the picture in another field',
      async () => postWithCover(admin, JSON.stringify({ ...valid, coverAlt: 'x' }), await png(10, 10), 'image'),
      422,
      /field "cover"/,
    ],
    ['data that is not JSON', async () => postWithCover(admin, '{title:', await png(10, 10)), 422, /^data: is not valid JSON/],
    [
      'multipart without data',
      async () =>
        cms.api
          .post('/api/admin/articles')
          .set(bearer(admin))
          .attach('cover', await png(10, 10), 'c.png'),
      422,
      /^data: send the article as JSON/,
    ],
  ] as [string, () => Promise<any>, number, RegExp][])('%s', async (_name, send, status, message) => {
    const before = await storedState();
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect(await storedState()).toEqual(before);
  });

  it('removes the stored cover and any new tag when saving the article fails', async () => {
    const before = await storedState();
    // The article itself fails to save, after its cover and its new tag were stored.
    const documents = cms.strapi.documents;
    const failing = Object.assign((uid: string) => {
      const service = documents(uid as any);
      return uid === ARTICLE ? { ...service, create: async () => Promise.reject(new Error('database went away')) } : service;
    }, documents);
    const spy = vi.spyOn(cms.strapi as unknown as { documents: unknown }, 'documents', 'get').mockReturnValue(failing as any);
    cms.strapi.log.silent = true; // the 500 is expected
    try {
      const data = JSON.stringify({ ...valid, tags: ['Brand new tag'], coverAlt: 'desk' });
      const res = await postWithCover(admin, data, await png(300, 200));
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
      cms.strapi.log.silent = false;
    }
    expect(await storedState()).toEqual(before);
  });
});

describe('who may write', () => {
  it('refuses a poet (403) and a visitor (401), storing nothing', async () => {
    const before = await storedState();
    expect((await post(poet, valid)).status).toBe(403);
    expect((await cms.api.post('/api/admin/articles').send(valid)).status).toBe(401);
    expect((await cms.api.get('/api/admin/articles').set(bearer(poet))).status).toBe(403);
    expect(await storedState()).toEqual(before);
  });

  it('refuses an admin whose email is not verified, saying why', async () => {
    const unverified = await stack.emulator.createUser({ email: 'panel-admin@writory.test', emailVerified: false });
    await cms.api.get('/api/users/me').set(bearer(unverified)).expect(200);
    const adminRole = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'admin' } });
    await cms.strapi.db.query('plugin::users-permissions.user').update({ where: { firebaseUid: unverified.uid }, data: { role: adminRole.id } });
    const before = await storedState();
    for (const res of [await post(unverified, valid), await cms.api.get('/api/admin/articles').set(bearer(unverified))]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/verify your email/i);
    }
    expect(await storedState()).toEqual(before);
  });
});
