// The Writory Wall against the real cms and the real Firebase Auth emulator: posting, the public wall, moderation
// (site and Strapi panel), likes, reports, per-poet limits counted in the database, and nothing stored on refusal.
import type { AddressInfo } from 'node:net';
import demo from '@writory/shared/demo-accounts.json';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEmulator } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';
import { DEMO_UID_OF as ACCOUNT_OF } from './helpers/demo-callers';
import { plansOf, scansATable } from './helpers/query-plan';

const POST = 'api::wall-post.wall-post';
const LIKE = 'api::wall-post.wall-like';
const REPORT = 'api::wall-post.wall-report';
const NOTIFICATION = 'api::notification.notification';
const USER = 'plugin::users-permissions.user';

const ROLES = ['poet', 'otherPoet', 'judge', 'moderator', 'admin'] as const;
type Role = (typeof ROLES)[number];

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
const tokens = {} as Record<Role, string>;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const db = (uid: string) => cms.strapi.db.query(uid as any);
let seq = 0;

/** A new verified poet (its own limits), known to the cms. */
async function newPoet(label = 'poet', emailVerified = true): Promise<{ token: string; id: number }> {
  const user = await emulator.createUser({ email: `${label}-${++seq}-${Date.now()}@writory.test`, emailVerified, displayName: `${label} ${seq}` });
  const me = await api.get('/api/users/me').set(bearer(user.idToken)).expect(200);
  const row = await db(USER).findOne({ where: { firebaseUid: me.body.uid } });
  return { token: user.idToken, id: row.id };
}

const poem = (title = `Poem ${++seq}`, extra: object = {}) => ({
  title,
  text: 'first line\n  second line, indented\n\nafter a blank line',
  language: 'en',
  ...extra,
});
const share = (token: string, body: unknown) =>
  api
    .post('/api/wall/posts')
    .set(bearer(token))
    .send(body as object);
const decide = (token: string, id: number, body: object) => api.post(`/api/admin/wall/posts/${id}/decisions`).set(bearer(token)).send(body);

async function sharedPost(token: string, body = poem()): Promise<number> {
  const res = await share(token, body).expect(201);
  return res.body.id;
}

async function approvedPost(token: string, body = poem()): Promise<number> {
  const id = await sharedPost(token, body);
  await decide(tokens.moderator, id, { action: 'approve', seen: 'pending' }).expect(200);
  return id;
}

/** Everything a refused request must leave as it was. */
async function stored() {
  return {
    posts: await db(POST).findMany({ orderBy: { id: 'asc' }, select: ['id', 'title', 'moderationStatus', 'likesCount', 'openReports', 'moderationReason'] }),
    likes: await db(LIKE).count(),
    reports: await db(REPORT).count(),
    notifications: await db(NOTIFICATION).count(),
  };
}

async function expectRefused(
  request: () => Promise<{ status: number; body: any; headers: Record<string, string> }>,
  status: number,
  message?: string | RegExp,
) {
  const before = await stored();
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ status, name: expect.any(String), message: expect.any(String) });
  if (message) expect(res.body.error.message).toMatch(message);
  if (status === 429) expect(res.headers['retry-after']).toBe(String(res.body.error.details.retryAfterSeconds));
  expect(await stored()).toEqual(before);
  return res;
}

const publicIds = async (query = '') => (await api.get(`/api/wall/posts?pageSize=50${query}`).expect(200)).body.posts.map((p: { id: number }) => p.id);

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: '', WALL_REPORTS_PER_DAY: '3', WALL_REPORTS_TO_HOLD: '3' });
  ({ emulator, cms } = stack);
  const server = cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  for (const role of ROLES) {
    const account = demo.accounts.find((a) => a.uid === ACCOUNT_OF[role])!;
    tokens[role] = (await emulator.createUser({ uid: account.uid, email: account.email, password: account.password })).idToken;
  }
});

afterAll(async () => {
  await stack?.stop();
});

describe('sharing a poem', () => {
  it('stores it as written, waiting for a moderator, seen only by its poet', async () => {
    const { token } = await newPoet();
    const text = '  يا بحرُ، خذْ رسالتي\r\n\r\n\tनदी के किनारे\r\n<script>alert(1)</script>';
    const res = await share(token, { title: ' <img src=x onerror=alert(1)> ', text, language: 'AR' }).expect(201);
    expect(res.body).toMatchObject({ title: '<img src=x onerror=alert(1)>', language: 'ar', status: 'pending', reason: null, likes: 0 });
    const row = await db(POST).findOne({ where: { id: res.body.id } });
    expect(row.text).toBe('  يا بحرُ، خذْ رسالتي\n\n\tनदी के किनारे\n<script>alert(1)</script>');
    expect(await publicIds()).not.toContain(res.body.id);
    await api.get(`/api/wall/posts/${res.body.id}`).expect(404);
    const mine = await api.get('/api/wall/my-posts').set(bearer(token)).expect(200);
    expect(mine.body.posts).toEqual([res.body]);
  });

  it('takes the bidi controls out of a title (one text cannot pose as another) and keeps the poem and right-to-left titles whole', async () => {
    const { token } = await newPoet();
    const text = 'سطر\u202Eأول\n\u2067line\u2069 two';
    const res = await share(token, { title: 'poem\u202Efdp.exe', text, language: 'ar' }).expect(201);
    expect(res.body.title).toBe('poemfdp.exe');
    expect((await db(POST).findOne({ where: { id: res.body.id } })).text).toBe(text);
    const arabic = await share(token, { title: '\u2067قصيدة البحر\u2069\u200F', text: 'يا بحر', language: 'ar' }).expect(201);
    expect(arabic.body.title).toBe('قصيدة البحر\u200F');
  });

  it('lets the word-list prefilter mark a post for moderators without deciding anything', async () => {
    const { token } = await newPoet();
    const id = await sharedPost(token, poem('Bad day', { text: 'this shit again' }));
    expect(await db(POST).findOne({ where: { id } })).toMatchObject({ moderationStatus: 'pending', flagged: true, prefilterFlags: ['shit'] });
    const queue = await api.get('/api/admin/wall/posts?filter=pending&pageSize=50').set(bearer(tokens.moderator)).expect(200);
    expect(queue.body.items.find((item: { id: number }) => item.id === id)).toMatchObject({ flags: ['shit'], status: 'pending' });
  });

  it('flags much the same words as a contest entry or an earlier post for the moderators, and forgets deleted posts', async () => {
    const words = 'I kept the lamp on for the rain,\nas if the rain could lose its way\nbetween the river and the lane\nand knock, and ask if it could stay.';
    await cms.strapi.service('api::originality.originality').register('entry', 424242, words);
    const first = await newPoet();
    const copy = await sharedPost(first.token, poem('Lamp', { text: words.replace('lamp', 'light') }));
    const again = await sharedPost((await newPoet()).token, poem('Lamp again', { text: words }));
    const queue = await api.get('/api/admin/wall/posts?filter=pending&pageSize=50').set(bearer(tokens.moderator)).expect(200);
    const similar = (id: number) => queue.body.items.find((item: { id: number }) => item.id === id).similar;
    expect(similar(copy)).toEqual([{ kind: 'entry', refId: 424242, similarity: expect.any(Number) }]);
    expect(
      similar(again)
        .map((s: { kind: string; refId: number }) => `${s.kind}:${s.refId}`)
        .sort(),
    ).toEqual(['entry:424242', `wall-post:${copy}`]);
    expect(similar(again).every((s: { similarity: number }) => s.similarity >= 0.6)).toBe(true);
    const original = await sharedPost((await newPoet()).token, poem('Mine', { text: 'Salt on the windowsill, the gulls\narguing over a loaf of sky' }));
    expect((await db(POST).findOne({ where: { id: original } })).similarity).toBeNull();
    await api.delete(`/api/wall/posts/${copy}`).set(bearer(first.token)).expect(204);
    expect(await cms.strapi.service('api::originality.originality').findSimilar(words, { excludeKind: 'entry', excludeRefId: 424242 })).toEqual([
      expect.objectContaining({ kind: 'wall-post', refId: again }),
    ]);
  });

  it.each([
    ['an empty title', poem(''), /^title: is required$/],
    ['a title over 120 characters', poem('t'.repeat(121)), /^title: must be at most 120 characters$/],
    ['a title with a line break', poem('one\ntwo'), /^title: cannot contain/],
    ['an empty poem', poem('Empty', { text: '  \n ' }), /^text: is required$/],
    ['a poem over 20,000 characters', poem('Long', { text: 'x'.repeat(20_001) }), /^text: must be at most 20,000 characters$/],
    ['control characters', poem('Ctrl', { text: 'bell \u0007 and NUL \u0000' }), /^text: cannot contain control characters$/],
    ['no language', poem('No language', { language: undefined }), /^language: is required$/],
    ['a made-up language', poem('Made up', { language: 'elvish!' }), /^language: must be a language tag/],
    ['a status of its own', poem('Sneaky', { status: 'approved' }), /^These fields are not accepted: status\.$/],
    ['no JSON object', 'just text', /./],
  ])('refuses %s with 422 and stores nothing', async (_name, body, message) => {
    await expectRefused(() => share(tokens.judge, body), 422, message);
  });

  it('accepts the longest title and poem', async () => {
    const { token } = await newPoet();
    const res = await share(token, poem('t'.repeat(120), { text: 'p'.repeat(20_000) })).expect(201);
    expect((await db(POST).findOne({ where: { id: res.body.id } })).text).toHaveLength(20_000);
  });

  it('is for signed-in poets with a verified email', async () => {
    await expectRefused(() => api.post('/api/wall/posts').send(poem()), 401);
    const unverified = await newPoet('unverified', false);
    await expectRefused(() => share(unverified.token, poem()), 403, /verify your email/);
  });

  it('allows 5 poems a day per poet, counted in the database, then answers 429 and stores nothing', async () => {
    const { token, id } = await newPoet('prolific');
    await expectRefused(() => share(token, poem('')), 422); // refused input uses none of the day's poems
    for (let i = 0; i < 5; i++) await share(token, poem()).expect(201);
    const refused = await expectRefused(() => share(token, poem()), 429, /as many poems on the wall as a day allows\. Try again in 24 hours\./);
    expect(refused.body.error.details.retryAfterSeconds).toBeGreaterThan(86_000);
    expect(refused.body.error.details.limit).toMatch(/as many poems on the wall as a day allows\.$/);
    // A fresh limiter over the same table (as after a restart, or on a second instance) sees the same count.
    const { createDbLimit } = await import('../src/lib/db-rate-limit');
    const afterRestart = createDbLimit(cms.strapi, { name: 'wall-post', points: 5, durationSeconds: 86_400, message: 'Limit.' });
    expect(await afterRestart.remaining(id)).toBe(0);
    // Another poet is not affected.
    await share(tokens.judge, poem()).expect(201);
  });
});

describe('the public wall', () => {
  it('lists approved posts only, newest first, with the poet’s name and never their email', async () => {
    const res = await api.get('/api/wall/posts').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(res.body).toMatchObject({ sort: 'newest', pagination: { page: 1, pageSize: 20 } });
    const rows = await db(POST).findMany({ where: { moderationStatus: 'approved' }, orderBy: [{ approvedAt: 'desc' }, { id: 'desc' }], select: ['id'] });
    expect(res.body.posts.map((p: { id: number }) => p.id)).toEqual(rows.slice(0, 20).map((r: { id: number }) => r.id));
    expect(res.body.pagination.nextCursor === null).toBe(rows.length <= 20);
    // The demo's Arabic poem, on whichever page the posts approved by other cases pushed it to.
    let arabic: { title: string; excerpt: string } | undefined;
    for (let cursor = ''; !arabic; ) {
      const page = (await api.get(`/api/wall/posts?pageSize=50${cursor}`).expect(200)).body;
      arabic = page.posts.find((p: { title: string }) => p.title === 'رسالة إلى البحر');
      if (!page.pagination.nextCursor) break;
      cursor = `&cursor=${encodeURIComponent(page.pagination.nextCursor)}`;
    }
    expect(arabic).toMatchObject({ title: 'رسالة إلى البحر', language: 'ar', poet: { name: 'Layla Haddad', pictureUrl: null }, truncated: false });
    expect(arabic!.excerpt.split('\n')).toHaveLength(6);
    expect(JSON.stringify(res.body)).not.toMatch(/@writory\.local/);
    const hidden = await db(POST).findMany({ where: { moderationStatus: { $ne: 'approved' } }, select: ['id'] });
    const shown = await publicIds();
    expect(hidden.some((row: { id: number }) => shown.includes(row.id))).toBe(false);
  });

  it('sorts by likes in the most-liked view', async () => {
    const res = await api.get('/api/wall/posts?sort=most-liked&pageSize=50').expect(200);
    const likes = res.body.posts.map((p: { likes: number }) => p.likes);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(res.body.posts[0].title).toBe('Kitchen Window at Six');
  });

  it('shows a whole approved poem on its page, and 404 or 422 for anything else', async () => {
    const kitchen = await db(POST).findOne({ where: { title: 'Kitchen Window at Six' } });
    const res = await api.get(`/api/wall/posts/${kitchen.id}`).expect(200);
    expect(res.body).toMatchObject({ id: kitchen.id, text: kitchen.text, likes: 3, poet: { name: 'Asha Verse' } });
    for (const status of ['pending', 'rejected']) {
      const row = await db(POST).findOne({ where: { moderationStatus: status } });
      expect((await api.get(`/api/wall/posts/${row.id}`).expect(404)).body.error.message).toBe(`No poem number ${row.id} is on the wall.`);
    }
    await api.get('/api/wall/posts/999999').expect(404);
    expect((await api.get('/api/wall/posts/abc').expect(422)).body.error.message).toBe('id: must be a post number such as 42');
    await api.get('/api/wall/posts?sort=oldest').expect(422);
    await api.get('/api/wall/posts?pageSize=500').expect(422);
  });

  /** Every page of an order through its cursors; `between` runs after each page read. */
  async function allPages(sort: string, pageSize: number, between: () => Promise<unknown> = async () => undefined): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const res: supertest.Response = await api.get(`/api/wall/posts?sort=${sort}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      expect(res.body.pagination).toMatchObject({ page: cursor ? null : 1, pageSize });
      expect(res.body.posts.length).toBeLessThanOrEqual(pageSize);
      ids.push(...res.body.posts.map((p: { id: number }) => p.id));
      cursor = res.body.pagination.nextCursor;
      await between();
    } while (cursor);
    return ids;
  }

  it('pages with keys: every approved post exactly once, even when poems are approved between page reads', async () => {
    const before = (
      await db(POST).findMany({ where: { moderationStatus: 'approved' }, orderBy: [{ approvedAt: 'desc' }, { id: 'desc' }], select: ['id'] })
    ).map((r: { id: number }) => r.id);
    expect(before.length).toBeGreaterThanOrEqual(6);
    const { token } = await newPoet('keyset');
    let added = 0;
    const ids = await allPages('newest', 2, async () => {
      if (added < 3) await approvedPost(token, poem(`Keyset ${++added}`));
    });
    // Newer poems go on top, before the cursor: the pages read on from where they were, none twice, none missed.
    expect(ids).toEqual(before);
    const liked = await allPages('most-liked', 3);
    expect(new Set(liked).size).toBe(liked.length);
    const now = (await db(POST).findMany({ where: { moderationStatus: 'approved' }, select: ['id'] })).map((r: { id: number }) => r.id);
    expect(now).toHaveLength(before.length + 3);
    expect([...liked].sort((a, b) => a - b)).toEqual(now.sort((a: number, b: number) => a - b));
    // Poems approved in the same millisecond are told apart by their ids, also across a page boundary.
    const { approvedAt } = await db(POST).findOne({ where: { id: before[3] }, select: ['approvedAt'] });
    for (const id of before.slice(1, 4)) await db(POST).update({ where: { id }, data: { approvedAt } });
    cms.strapi.service('api::wall-post.posts').changed({ rebuild: false }); // written behind the service's back
    const order = (await db(POST).findMany({ where: { moderationStatus: 'approved' }, orderBy: [{ approvedAt: 'desc' }, { id: 'desc' }], select: ['id'] })).map(
      (r: { id: number }) => r.id,
    );
    expect(await allPages('newest', 2)).toEqual(order);
  });

  it.each([
    ['something made up', '?cursor=abc', /^cursor: is not a page key the wall gave out/],
    ['a key of another order', '?sort=most-liked&cursor=n.1700000000000.5', /^cursor: belongs to the newest order, not most-liked$/],
    ['a key of the most-liked order for the newest', '?cursor=l.3.1700000000000.5', /^cursor: belongs to the most-liked order, not newest$/],
    ['a key and a page number', '?cursor=n.1700000000000.5&page=2', /^cursor: send a cursor or a page number, not both$/],
  ])('refuses %s with 400 naming the cursor', async (_name, query, message) => {
    const res = await api.get(`/api/wall/posts${query}`).expect(400);
    expect(res.body.error).toMatchObject({ status: 400, name: 'BadRequestError', message: expect.stringMatching(message) });
  });
});

describe('indexed reads (EXPLAIN QUERY PLAN on SQLite)', () => {
  it('serves a wall page after a cursor and its poets from indexes, never scanning a table', async () => {
    for (const sort of ['newest', 'most-liked']) {
      const cursor = (await api.get(`/api/wall/posts?sort=${sort}&pageSize=2`).expect(200)).body.pagination.nextCursor;
      expect(cursor).toEqual(expect.any(String));
      const query = { sort, page: 1, pageSize: 7, cursor };
      const plans = await plansOf(cms.strapi, () => cms.strapi.service('api::wall-post.posts').page(query));
      expect(plans.length).toBeGreaterThanOrEqual(2);
      expect(plans.filter(scansATable)).toEqual([]);
      const index = sort === 'newest' ? 'wall_posts_public_newest' : 'wall_posts_public_liked';
      expect(plans.find((p) => /from [`"]?wall_posts\b/.test(p.sql))!.plan).toMatch(new RegExp(`SEARCH \\S+ USING (COVERING )?INDEX ${index}`));
      // The poets' public handles by poet, not a walk of every public page by the (public, handle) index.
      expect(plans.find((p) => /from [`"]?poet_pages\b/.test(p.sql))!.plan).toMatch(/USING INDEX poet_pages_user_unique/);
    }
  });

  it('counts the bell’s unread notifications from the (user, read) index', async () => {
    const { id } = await newPoet('bell');
    const plans = await plansOf(cms.strapi, () => cms.strapi.service('api::notification.notification').list(id, { limit: 20 }));
    expect(plans.filter(scansATable)).toEqual([]);
    expect(plans.find((p) => /count\(/.test(p.sql))!.plan).toMatch(/USING COVERING INDEX notifications_user_id_read_at/);
    expect(plans.find((p) => /order by/.test(p.sql))!.plan).toMatch(/USING INDEX notifications_user_id_id/);
  });
});

describe('moderation', () => {
  it.each([
    ['nobody signed in', 401, undefined],
    ['a poet', 403, 'poet'],
    ['a judge', 403, 'judge'],
    ['a moderator', 200, 'moderator'],
    ['an admin', 200, 'admin'],
  ] as const)('the queue and decisions are for moderators and admins: %s gets %i', async (_name, status, role) => {
    const id = await sharedPost((await newPoet()).token);
    const auth = role ? bearer(tokens[role]) : {};
    expect((await api.get('/api/admin/wall/posts').set(auth)).status).toBe(status);
    if (status === 200) {
      await api.post(`/api/admin/wall/posts/${id}/decisions`).set(auth).send({ action: 'approve', seen: 'pending' }).expect(200);
      expect((await db(POST).findOne({ where: { id } })).moderationStatus).toBe('approved');
    } else {
      await expectRefused(() => api.post(`/api/admin/wall/posts/${id}/decisions`).set(auth).send({ action: 'approve', seen: 'pending' }), status);
    }
  });

  it('approves: the poem appears on the wall and its poet is notified', async () => {
    const poet = await newPoet();
    const id = await sharedPost(poet.token, poem('Approved soon'));
    const res = await decide(tokens.moderator, id, { action: 'approve', seen: 'pending' }).expect(200);
    expect(res.body).toMatchObject({ id, status: 'approved', reason: null, own: false, openReports: 0 });
    expect((await publicIds())[0]).toBe(id);
    await api.get(`/api/wall/posts/${id}`).expect(200);
    const notes = await db(NOTIFICATION).findMany({ where: { userId: poet.id } });
    expect(notes).toEqual([expect.objectContaining({ title: 'Your poem is on the Writory Wall', link: `/writory-wall/post?id=${id}` })]);
    expect((await api.get('/api/wall/my-posts').set(bearer(poet.token))).body.posts[0]).toMatchObject({ id, status: 'approved' });
  });

  it('rejects only with a reason, which the poet reads in their list and their notification', async () => {
    const poet = await newPoet();
    const id = await sharedPost(poet.token);
    await expectRefused(() => decide(tokens.moderator, id, { action: 'reject', seen: 'pending' }), 422, /^reason: is required/);
    await decide(tokens.moderator, id, { action: 'reject', seen: 'pending', reason: 'Please share your own words only.' }).expect(200);
    expect((await api.get('/api/wall/my-posts').set(bearer(poet.token))).body.posts[0]).toMatchObject({
      id,
      status: 'rejected',
      reason: 'Please share your own words only.',
    });
    const [note] = await db(NOTIFICATION).findMany({ where: { userId: poet.id } });
    expect(note.message).toMatch(/Reason: Please share your own words only\.$/);
    expect(await publicIds()).not.toContain(id);
  });

  it('hides and restores a poem, keeping its place on the wall, and tells the poet each time', async () => {
    const poet = await newPoet();
    const id = await approvedPost(poet.token);
    const approvedAt = (await db(POST).findOne({ where: { id } })).approvedAt;
    await decide(tokens.admin, id, { action: 'hide', seen: 'approved', reason: 'Taken down while we check a copyright claim.' }).expect(200);
    expect(await publicIds()).not.toContain(id);
    await api.get(`/api/wall/posts/${id}`).expect(404);
    await decide(tokens.moderator, id, { action: 'restore', seen: 'hidden' }).expect(200);
    expect(await publicIds()).toContain(id);
    expect((await db(POST).findOne({ where: { id } })).approvedAt).toEqual(approvedAt);
    const titles = (await db(NOTIFICATION).findMany({ where: { userId: poet.id }, orderBy: { id: 'asc' } })).map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Your poem is on the Writory Wall', 'Your poem was taken off the wall', 'Your poem is back on the Writory Wall']);
  });

  it.each([
    ['approve an approved poem', 'approve', {}],
    ['reject an approved poem', 'reject', { reason: 'No.' }],
    ['restore an approved poem', 'restore', {}],
  ])('refuses to %s with 409', async (_name, action, extra) => {
    const id = await approvedPost((await newPoet()).token);
    await expectRefused(() => decide(tokens.moderator, id, { action, seen: 'approved', ...extra }), 409, /already on the wall/);
  });

  it('refuses unknown posts, unknown actions and extra fields', async () => {
    await expectRefused(() => decide(tokens.moderator, 999_999, { action: 'approve', seen: 'pending' }), 404, 'No wall post number 999999.');
    await expectRefused(() => decide(tokens.moderator, 1, { action: 'publish', seen: 'pending' }), 422, /^action: must be one of/);
    await expectRefused(() => decide(tokens.moderator, 1, { action: 'approve', seen: 'pending', status: 'approved' }), 422, /not accepted: status/);
    await expectRefused(() => decide(tokens.moderator, 1, { action: 'approve' }), 422, /^seen: must be one of/);
    await expectRefused(() => decide(tokens.moderator, 1, { action: 'approve', seen: 'gone' }), 422, /^seen: must be one of/);
    await expectRefused(
      () => api.post('/api/admin/wall/posts/x/decisions').set(bearer(tokens.moderator)).send({ action: 'approve', seen: 'pending' }),
      422,
      /^id:/,
    );
  });

  it('never lets anyone decide on their own poem', async () => {
    const id = await sharedPost(tokens.moderator, poem('By the moderator'));
    await expectRefused(
      () => decide(tokens.moderator, id, { action: 'approve', seen: 'pending' }),
      403,
      'You cannot moderate your own poem: another moderator will decide.',
    );
    const queue = await api.get('/api/admin/wall/posts?pageSize=50').set(bearer(tokens.moderator)).expect(200);
    expect(queue.body.items.find((item: { id: number }) => item.id === id)).toMatchObject({ own: true });
    await decide(tokens.admin, id, { action: 'approve', seen: 'pending' }).expect(200);
  });

  it('lets only the first of two simultaneous decisions through, with one notification', async () => {
    const poet = await newPoet();
    const id = await sharedPost(poet.token);
    const answers = await Promise.all([
      decide(tokens.moderator, id, { action: 'approve', seen: 'pending' }),
      decide(tokens.admin, id, { action: 'reject', seen: 'pending', reason: 'No.' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db(NOTIFICATION).count({ where: { userId: poet.id } })).toBe(1);
  });

  it('decides on the poem as the moderator saw it: one rejected meanwhile is not approved from a queue that still showed it waiting', async () => {
    const poet = await newPoet();
    const id = await sharedPost(poet.token);
    await decide(tokens.admin, id, { action: 'reject', seen: 'pending', reason: 'Not your own words.' }).expect(200);
    const stale = await expectRefused(
      () => decide(tokens.moderator, id, { action: 'approve', seen: 'pending' }),
      409,
      'Another moderator decided on this poem a moment ago. Reload the queue.',
    );
    expect(stale.body.error.details).toMatchObject({ id, status: 'rejected', seen: 'pending' });
    expect(await db(POST).findOne({ where: { id } })).toMatchObject({ moderationStatus: 'rejected', moderationReason: 'Not your own words.' });
    expect(await db(NOTIFICATION).count({ where: { userId: poet.id } })).toBe(1);
    // Seen as it now is, the same decision is the moderator's to make.
    await decide(tokens.moderator, id, { action: 'approve', seen: 'rejected' }).expect(200);
    expect(await publicIds()).toContain(id);
  });

  it('counts each queue for the moderators’ tabs', async () => {
    const res = await api.get('/api/admin/wall/posts?filter=rejected').set(bearer(tokens.admin)).expect(200);
    expect(res.body.counts.rejected).toBe(await db(POST).count({ where: { moderationStatus: 'rejected' } }));
    expect(res.body.items.every((item: { status: string }) => item.status === 'rejected')).toBe(true);
    await api.get('/api/admin/wall/posts?filter=everything').set(bearer(tokens.admin)).expect(422);
  });
});

describe('likes', () => {
  it('counts one like per poet: liking again changes nothing, unliking takes it back', async () => {
    const id = await approvedPost((await newPoet()).token);
    const like = (role: Role) => api.put(`/api/wall/posts/${id}/like`).set(bearer(tokens[role]));
    expect((await like('poet').expect(200)).body).toEqual({ liked: true, likes: 1 });
    expect((await like('poet').expect(200)).body).toEqual({ liked: true, likes: 1 });
    expect((await like('otherPoet').expect(200)).body).toEqual({ liked: true, likes: 2 });
    expect((await api.get(`/api/wall/likes?ids=${id},1`).set(bearer(tokens.poet)).expect(200)).body.liked).toContain(id);
    expect((await api.delete(`/api/wall/posts/${id}/like`).set(bearer(tokens.poet)).expect(200)).body).toEqual({ liked: false, likes: 1 });
    expect((await api.delete(`/api/wall/posts/${id}/like`).set(bearer(tokens.poet)).expect(200)).body).toEqual({ liked: false, likes: 1 });
    expect(await db(LIKE).count({ where: { postId: id } })).toBe(1);
  });

  it('keeps one like when the same poet likes five times at once', async () => {
    const id = await approvedPost((await newPoet()).token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.put(`/api/wall/posts/${id}/like`).set(bearer(tokens.judge))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await db(LIKE).count({ where: { postId: id } })).toBe(1);
    expect((await db(POST).findOne({ where: { id } })).likesCount).toBe(1);
  });

  it('refuses posts that are not on the wall, visitors and unverified poets', async () => {
    const pending = await sharedPost((await newPoet()).token);
    await expectRefused(() => api.put(`/api/wall/posts/${pending}/like`).set(bearer(tokens.poet)), 404);
    await expectRefused(() => api.put('/api/wall/posts/999999/like').set(bearer(tokens.poet)), 404);
    await expectRefused(() => api.put(`/api/wall/posts/${pending}/like`), 401);
    const unverified = await newPoet('unverified', false);
    const kitchen = await db(POST).findOne({ where: { title: 'Kitchen Window at Six' } });
    await expectRefused(() => api.put(`/api/wall/posts/${kitchen.id}/like`).set(bearer(unverified.token)), 403);
    await api.get('/api/wall/likes?ids=a,b').set(bearer(tokens.poet)).expect(422);
  });

  it('allows 60 likes and unlikes an hour per poet, then 429 and nothing changes', async () => {
    const { token } = await newPoet('liker');
    const id = await approvedPost((await newPoet()).token);
    for (let i = 0; i < 60; i++) await api[i % 2 ? 'delete' : 'put'](`/api/wall/posts/${id}/like`).set(bearer(token)).expect(200);
    await expectRefused(() => api.put(`/api/wall/posts/${id}/like`).set(bearer(token)), 429, /liked and unliked as many poems as an hour allows/);
  });
});

describe('reports', () => {
  it('takes one report per poet, never from the poem’s own poet, with a known reason', async () => {
    const poet = await newPoet();
    const id = await approvedPost(poet.token);
    const reporter = await newPoet('reporter');
    await expectRefused(() => api.post(`/api/wall/posts/${id}/reports`).set(bearer(reporter.token)).send({ reason: 'boring' }), 422, /^reason: must be one of/);
    await expectRefused(() => api.post(`/api/wall/posts/${id}/reports`).set(bearer(reporter.token)).send({ reason: 'other' }), 422, /^note: is required/);
    await expectRefused(
      () => api.post(`/api/wall/posts/${id}/reports`).set(bearer(poet.token)).send({ reason: 'spam' }),
      403,
      'You cannot report your own poem.',
    );
    await expectRefused(() => api.post('/api/wall/posts/999999/reports').set(bearer(reporter.token)).send({ reason: 'spam' }), 404);
    const res = await api
      .post(`/api/wall/posts/${id}/reports`)
      .set(bearer(reporter.token))
      .send({ reason: 'plagiarism', note: 'From a 1990 anthology.' })
      .expect(201);
    expect(res.body).toEqual({ held: false });
    await expectRefused(() => api.post(`/api/wall/posts/${id}/reports`).set(bearer(reporter.token)).send({ reason: 'spam' }), 409, /already reported/);
    expect(await db(REPORT).findMany({ where: { postId: id } })).toEqual([
      expect.objectContaining({ reason: 'plagiarism', note: 'From a 1990 anthology.', reportStatus: 'open', reporterId: reporter.id }),
    ]);
    expect(await publicIds()).toContain(id);
    expect(await db(NOTIFICATION).count({ where: { userId: poet.id } })).toBe(1); // the approval only: reporters stay unknown
  });

  it('holds a poem after 3 open reports until a moderator restores it', async () => {
    const poet = await newPoet();
    const id = await approvedPost(poet.token);
    const answers = [];
    for (const reason of ['spam', 'hate', 'inappropriate']) {
      answers.push(
        (
          await api
            .post(`/api/wall/posts/${id}/reports`)
            .set(bearer((await newPoet('reporter')).token))
            .send({ reason })
            .expect(201)
        ).body.held,
      );
    }
    expect(answers).toEqual([false, false, true]);
    expect(await publicIds()).not.toContain(id);
    await api.get(`/api/wall/posts/${id}`).expect(404);
    expect((await api.get('/api/wall/my-posts').set(bearer(poet.token))).body.posts[0]).toMatchObject({ id, status: 'held', reason: null });
    const queue = await api.get('/api/admin/wall/posts?filter=reported').set(bearer(tokens.moderator)).expect(200);
    const item = queue.body.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({ status: 'held', openReports: 3 });
    expect(item.reports.map((r: { reason: string }) => r.reason).sort()).toEqual(['hate', 'inappropriate', 'spam']);
    await decide(tokens.moderator, id, { action: 'restore', seen: 'held' }).expect(200);
    expect(await publicIds()).toContain(id);
    expect(await db(REPORT).count({ where: { postId: id, reportStatus: 'open' } })).toBe(0);
    expect((await db(POST).findOne({ where: { id } })).openReports).toBe(0);
  });

  it('lets a moderator keep a reported poem on the wall and close its reports, without telling the poet', async () => {
    const poet = await newPoet();
    const id = await approvedPost(poet.token);
    await expectRefused(() => decide(tokens.moderator, id, { action: 'dismiss', seen: 'approved' }), 409, 'This poem has no open reports to dismiss.');
    await api.post(`/api/wall/posts/${id}/reports`).set(bearer(tokens.judge)).send({ reason: 'hate' }).expect(201);
    await decide(tokens.moderator, id, { action: 'dismiss', seen: 'approved' }).expect(200);
    expect(await db(POST).findOne({ where: { id } })).toMatchObject({ moderationStatus: 'approved', openReports: 0 });
    expect(await db(REPORT).count({ where: { postId: id, reportStatus: 'open' } })).toBe(0);
    expect(await db(NOTIFICATION).count({ where: { userId: poet.id } })).toBe(1); // the approval only
    expect(await publicIds()).toContain(id);
  });

  it('allows WALL_REPORTS_PER_DAY reports per poet (3 in this test), then 429', async () => {
    const reporter = await newPoet('busy-reporter');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await approvedPost((await newPoet()).token));
    for (const id of ids.slice(0, 3)) await api.post(`/api/wall/posts/${id}/reports`).set(bearer(reporter.token)).send({ reason: 'spam' }).expect(201);
    await expectRefused(
      () => api.post(`/api/wall/posts/${ids[3]}/reports`).set(bearer(reporter.token)).send({ reason: 'spam' }),
      429,
      /as many reports as a day allows/,
    );
  });
});

describe('the Strapi panel', () => {
  const documents = () => cms.strapi.documents(POST as any);

  it('notifies the poet of a status set by an editor, and keeps the counters the cms owns', async () => {
    const poet = await newPoet();
    const id = await sharedPost(poet.token);
    const { documentId } = await db(POST).findOne({ where: { id } });
    await expect(documents().update({ documentId, data: { moderationStatus: 'rejected' } as any })).rejects.toThrow(/Moderation reason/);
    expect((await db(POST).findOne({ where: { id } })).moderationStatus).toBe('pending');
    await documents().update({ documentId, data: { moderationStatus: 'approved', likesCount: 999, openReports: 5 } as any });
    expect(await db(POST).findOne({ where: { id } })).toMatchObject({
      moderationStatus: 'approved',
      likesCount: 0,
      openReports: 0,
      moderatedBy: 'Strapi panel',
    });
    expect(await publicIds()).toContain(id);
    await documents().update({ documentId, data: { moderationStatus: 'hidden', moderationReason: 'Off-topic for the wall.' } as any });
    const titles = (await db(NOTIFICATION).findMany({ where: { userId: poet.id }, orderBy: { id: 'asc' } })).map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Your poem is on the Writory Wall', 'Your poem was taken off the wall']);
    expect(await publicIds()).not.toContain(id);
  });

  it('lays out the edit view with the decision first and the counters read-only', async () => {
    const config = await cms.strapi.plugin('content-manager').service('content-types').findConfiguration({ uid: POST });
    expect(config.layouts.edit[1].map((field: { name: string }) => field.name)).toEqual(['moderationStatus', 'moderationReason']);
    expect(config.metadatas.moderationStatus.edit.description).toMatch(/The poet is notified when you save\./);
    expect(['likesCount', 'openReports', 'approvedAt'].map((field) => config.metadatas[field].edit.editable)).toEqual([false, false, false]);
    expect(config.metadatas.poet.edit.mainField).toBe('email');
  });

  it('deletes a post with its likes and reports', async () => {
    const id = await approvedPost((await newPoet()).token);
    await api.put(`/api/wall/posts/${id}/like`).set(bearer(tokens.admin)).expect(200);
    await api.post(`/api/wall/posts/${id}/reports`).set(bearer(tokens.admin)).send({ reason: 'spam' }).expect(201);
    const { documentId } = await db(POST).findOne({ where: { id } });
    await documents().delete({ documentId });
    expect([await db(LIKE).count({ where: { postId: id } }), await db(REPORT).count({ where: { postId: id } })]).toEqual([0, 0]);
  });
});

describe('a poet deletes their own poem', () => {
  it('removes it with its likes; nobody else may', async () => {
    const poet = await newPoet();
    const id = await approvedPost(poet.token);
    await api.put(`/api/wall/posts/${id}/like`).set(bearer(tokens.otherPoet)).expect(200);
    await expectRefused(() => api.delete(`/api/wall/posts/${id}`).set(bearer(tokens.moderator)), 403, 'Only the poet who shared this poem can delete it.');
    await api.delete(`/api/wall/posts/${id}`).set(bearer(poet.token)).expect(204);
    expect([await db(POST).count({ where: { id } }), await db(LIKE).count({ where: { postId: id } })]).toEqual([0, 0]);
    expect(await publicIds()).not.toContain(id);
    await expectRefused(() => api.delete(`/api/wall/posts/${id}`).set(bearer(poet.token)), 404);
  });
});
