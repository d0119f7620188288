// Comments and critique on wall poems, and blocking (issue 40), against the real cms and the real Firebase Auth
// emulator: a first comment held for a moderator, critique, replies one level deep, comments turned off, blocking,
// reports and moderation, the bell, per-poet limits, bad input refused with nothing stored.
import type { AddressInfo } from 'node:net';
import demo from '@writory/shared/demo-accounts.json';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEmulator } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';
import { DEMO_UID_OF as ACCOUNT_OF } from './helpers/demo-callers';

const COMMENT = 'api::comment.comment';
const REPORT = 'api::comment.comment-report';
const CLOSURE = 'api::comment.comment-closure';
const BLOCK = 'api::block.block';
const NOTIFICATION = 'api::notification.notification';
const USER = 'plugin::users-permissions.user';
const COMMENTS_PER_HOUR = 6;

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let moderator: string;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const db = (uid: string) => cms.strapi.db.query(uid as any);
let seq = 0;

interface Poet {
  token: string;
  id: number;
}

async function newPoet(label = 'poet', emailVerified = true): Promise<Poet> {
  const user = await emulator.createUser({ email: `${label}-${++seq}-${Date.now()}@writory.test`, emailVerified, displayName: `${label} ${seq}` });
  const me = await api.get('/api/users/me').set(bearer(user.idToken)).expect(200);
  const row = await db(USER).findOne({ where: { firebaseUid: me.body.uid } });
  return { token: user.idToken, id: row.id };
}

async function approvedPost(poet: Poet, title = `Poem ${++seq}`): Promise<number> {
  const res = await api.post('/api/wall/posts').set(bearer(poet.token)).send({ title, text: 'the river\nand the lane', language: 'en' }).expect(201);
  await api.post(`/api/admin/wall/posts/${res.body.id}/decisions`).set(bearer(moderator)).send({ action: 'approve', seen: 'pending' }).expect(200);
  return res.body.id;
}

const comment = (poet: Poet, postId: number, body: object) => api.post(`/api/wall/posts/${postId}/comments`).set(bearer(poet.token)).send(body);
const decide = (id: number, body: object, token = moderator) => api.post(`/api/admin/wall/comments/${id}/decisions`).set(bearer(token)).send(body);
const thread = (postId: number, token?: string, query = '') => {
  const request = api.get(`/api/wall/posts/${postId}/comments${query}`);
  return token ? request.set(bearer(token)) : request;
};
const notices = async (userId: number) => db(NOTIFICATION).findMany({ where: { userId }, orderBy: { id: 'asc' } });

/** A poet whose first comment a moderator let through: their next ones show at once. */
async function trustedPoet(label = 'trusted'): Promise<Poet> {
  const poet = await newPoet(label);
  const post = await approvedPost(await newPoet('host'));
  const first = await comment(poet, post, { text: 'hello' }).expect(201);
  await decide(first.body.id, { action: 'approve', seen: 'pending' }).expect(200);
  return poet;
}

/** Everything a refused request must leave as it was. */
async function stored() {
  return {
    comments: await db(COMMENT).findMany({ orderBy: { id: 'asc' }, select: ['id', 'moderationStatus', 'openReports', 'text'] }),
    reports: await db(REPORT).count(),
    closures: await db(CLOSURE).count(),
    blocks: await db(BLOCK).count(),
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

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: '', WALL_COMMENTS_PER_HOUR: String(COMMENTS_PER_HOUR), WALL_REPORTS_TO_HOLD: '2', WALL_POSTS_PER_DAY: '50' });
  ({ emulator, cms } = stack);
  const server = cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const account = demo.accounts.find((a) => a.uid === ACCOUNT_OF.moderator)!;
  moderator = (await emulator.createUser({ uid: account.uid, email: account.email, password: account.password })).idToken;
});

afterAll(async () => {
  await stack?.stop();
});

describe('a first comment', () => {
  it('waits for a moderator, seen only by its author; approved, it shows and the poem’s poet is told through the bell', async () => {
    const poetA = await newPoet('a');
    const poetB = await newPoet('b');
    const post = await approvedPost(poetA, 'Lamp');
    const res = await comment(poetB, post, { text: '  The second line\r\nturns so well. ' }).expect(201);
    expect(res.body).toMatchObject({ postId: post, parentId: null, text: 'The second line\nturns so well.', critique: null, own: true, status: 'pending' });
    expect((await thread(post).expect(200)).body.comments).toEqual([]);
    expect((await thread(post, poetB.token).expect(200)).body.comments.map((c: { id: number }) => c.id)).toEqual([res.body.id]);
    expect(await notices(poetA.id)).toHaveLength(1); // only the poem's approval

    await decide(res.body.id, { action: 'approve', seen: 'pending' }).expect(200);
    const shown = (await thread(post).expect(200)).body;
    expect(shown).toMatchObject({ postId: post, open: true, viewer: null, pagination: { nextCursor: null } });
    expect(shown.comments).toEqual([
      expect.objectContaining({
        id: res.body.id,
        status: 'approved',
        own: false,
        author: { name: expect.stringMatching(/^b /), pictureUrl: null, handle: null },
      }),
    ]);
    expect((await notices(poetA.id)).at(-1)).toMatchObject({ title: 'New comment on your poem', link: `/writory-wall/post?id=${post}#comment-${res.body.id}` });
    expect((await notices(poetB.id)).at(-1)).toMatchObject({ title: 'Your comment is on the wall' });

    const second = await comment(poetB, post, { text: 'And the end.' }).expect(201);
    expect(second.body.status).toBe('approved');
    expect((await thread(post).expect(200)).body.comments).toHaveLength(2);
  });
});

describe('writing a comment', () => {
  it('keeps a critique’s two fields and markup as the characters it is', async () => {
    const poetA = await newPoet('a');
    const poetB = await trustedPoet('b');
    const post = await approvedPost(poetA);
    const res = await comment(poetB, post, { critique: { works: '<b>the turn</b> at line 3', stronger: '<script>alert(1)</script>\nthe ending' } }).expect(201);
    expect(res.body).toMatchObject({
      text: '',
      status: 'approved',
      critique: { works: '<b>the turn</b> at line 3', stronger: '<script>alert(1)</script>\nthe ending' },
    });
    expect((await notices(poetA.id)).at(-1)).toMatchObject({ title: 'New critique on your poem' });
    const row = await db(COMMENT).findOne({ where: { id: res.body.id } });
    expect(row.critiqueStronger).toBe('<script>alert(1)</script>\nthe ending');
  });

  it('refuses bad input with a 422 naming the field, and stores nothing', async () => {
    const poetB = await trustedPoet('b');
    const post = await approvedPost(await newPoet('a'));
    await expectRefused(() => comment(poetB, post, {}), 422, /^text: is required/);
    await expectRefused(() => comment(poetB, post, { text: ' \n\t ' }), 422, /^text: is required/);
    await expectRefused(() => comment(poetB, post, { text: 'x'.repeat(2001) }), 422, /^text: must be at most 2,000 characters/);
    await expectRefused(() => comment(poetB, post, { critique: { works: 'the turn', stronger: '' } }), 422, /^critique\.stronger: is required/);
    await expectRefused(() => comment(poetB, post, { text: 'hi', html: '<b>' }), 422, /not accepted: html/);
    await expectRefused(() => comment(poetB, post, { text: 'a\u0000b' }), 422, /control characters/);
    await expectRefused(() => comment(poetB, post, { text: 'hi', parentId: 'one' }), 422, /^parentId:/);
    await expectRefused(() => api.post(`/api/wall/posts/abc/comments`).set(bearer(poetB.token)).send({ text: 'hi' }), 422, /^id: must be a post number/);
  });

  it('answers 404 for a poem that is not on the wall (unknown, or still waiting for a moderator)', async () => {
    const poetB = await trustedPoet('b');
    const waiting = await api
      .post('/api/wall/posts')
      .set(bearer((await newPoet('a')).token))
      .send({ title: 'W', text: 'w', language: 'en' })
      .expect(201);
    for (const id of [999_999, waiting.body.id]) {
      await expectRefused(() => comment(poetB, id, { text: 'hi' }), 404, new RegExp(`No poem number ${id} is on the wall`));
      await thread(id).expect(404);
    }
  });

  it('needs a verified email to comment', async () => {
    const unverified = await newPoet('unverified', false);
    const post = await approvedPost(await newPoet('a'));
    await expectRefused(() => comment(unverified, post, { text: 'hi' }), 403);
  });

  it('limits comments per poet per hour with a 429 saying when to try again', async () => {
    const poetB = await newPoet('b');
    const post = await approvedPost(await newPoet('a'));
    for (let i = 0; i < COMMENTS_PER_HOUR; i++) await comment(poetB, post, { text: `comment ${i}` }).expect(201);
    await expectRefused(() => comment(poetB, post, { text: 'one more' }), 429, /as many comments as an hour allows/);
  });

  it('pages top-level comments by key, each with its replies', async () => {
    const poetA = await newPoet('a');
    const poetB = await trustedPoet('b');
    const post = await approvedPost(poetA);
    const ids = [];
    for (const text of ['one', 'two', 'three']) ids.push((await comment(poetB, post, { text }).expect(201)).body.id);
    const first = (await thread(post, undefined, '?pageSize=2').expect(200)).body;
    expect(first.comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination.nextCursor).toBe(`c.${ids[1]}`);
    const second = (await thread(post, undefined, `?pageSize=2&cursor=${first.pagination.nextCursor}`).expect(200)).body;
    expect(second.comments.map((c: { id: number }) => c.id)).toEqual([ids[2]]);
    expect(second.pagination.nextCursor).toBeNull();
    const bad = await thread(post, undefined, '?cursor=n.1.2').expect(422);
    expect(bad.body.error.message).toMatch(/^cursor: must be the nextCursor of a previous page/);
  });
});

describe('replies', () => {
  it('go one level deep and tell the comment’s author', async () => {
    const poetA = await trustedPoet('a');
    const poetB = await trustedPoet('b');
    const post = await approvedPost(poetA);
    const top = (await comment(poetB, post, { text: 'Lovely.' }).expect(201)).body;
    const reply = (await comment(poetA, post, { text: 'Thank you!', parentId: top.id }).expect(201)).body;
    expect(reply).toMatchObject({ parentId: top.id, status: 'approved' });
    expect((await notices(poetB.id)).at(-1)).toMatchObject({ title: 'A reply to your comment', link: `/writory-wall/post?id=${post}#comment-${reply.id}` });
    const page = (await thread(post, poetA.token).expect(200)).body;
    expect(page.viewer).toEqual({ isPoemPoet: true, blockedByPoet: false });
    expect(page.comments).toEqual([
      expect.objectContaining({ id: top.id, own: false, replies: [expect.objectContaining({ id: reply.id, own: true, replies: [] })] }),
    ]);

    await expectRefused(() => comment(poetB, post, { text: 'deeper', parentId: reply.id }), 422, /one level deep/);
    await expectRefused(() => comment(poetB, post, { text: 'nowhere', parentId: 999_999 }), 404, /No comment number 999999/);
    await expectRefused(() => comment(poetB, post, { critique: { works: 'a', stronger: 'b' }, parentId: top.id }), 422, /^critique: goes on the poem/);
  });
});

describe('comments off', () => {
  it('lets only the poem’s poet turn them off: existing comments stay, read-only, until turned on again', async () => {
    const poetA = await newPoet('a');
    const poetB = await trustedPoet('b');
    const post = await approvedPost(poetA);
    const kept = (await comment(poetB, post, { text: 'kept' }).expect(201)).body;
    await expectRefused(
      () => api.put(`/api/wall/posts/${post}/comments-open`).set(bearer(poetB.token)).send({ open: false }),
      403,
      /Only the poet who shared this poem/,
    );
    await expectRefused(
      () => api.put(`/api/wall/posts/${post}/comments-open`).set(bearer(poetA.token)).send({ open: 'no' }),
      422,
      /^open: must be true or false/,
    );
    await api.put(`/api/wall/posts/${post}/comments-open`).set(bearer(poetA.token)).send({ open: false }).expect(200, { open: false });
    await api.put(`/api/wall/posts/${post}/comments-open`).set(bearer(poetA.token)).send({ open: false }).expect(200, { open: false });
    const page = (await thread(post).expect(200)).body;
    expect(page).toMatchObject({ open: false, comments: [expect.objectContaining({ id: kept.id })] });
    await expectRefused(() => comment(poetB, post, { text: 'more' }), 403, /turned comments off for this poem/);
    await expectRefused(() => comment(poetA, post, { text: 'reply', parentId: kept.id }), 403, /turned comments off/);
    await api.put(`/api/wall/posts/${post}/comments-open`).set(bearer(poetA.token)).send({ open: true }).expect(200, { open: true });
    await comment(poetB, post, { text: 'more' }).expect(201);
  });
});

describe('blocking', () => {
  it('keeps a blocked poet from commenting on the blocker’s poems and replying to their comments, until unblocked', async () => {
    const poetA = await trustedPoet('a');
    const poetB = await trustedPoet('b');
    const poetC = await newPoet('c');
    const postA = await approvedPost(poetA);
    const postC = await approvedPost(poetC);
    const byB = (await comment(poetB, postA, { text: 'first' }).expect(201)).body;
    const byA = (await comment(poetA, postC, { text: 'on C’s poem' }).expect(201)).body;

    await api.post(`/api/wall/comments/${byB.id}/block-author`).set(bearer(poetA.token)).expect(200, { blocked: true });
    await api.post(`/api/wall/comments/${byB.id}/block-author`).set(bearer(poetA.token)).expect(200, { blocked: true });
    expect(await db(BLOCK).count({ where: { ownerId: poetA.id, blockedId: poetB.id } })).toBe(1);
    expect((await thread(postA, poetB.token).expect(200)).body.viewer).toEqual({ isPoemPoet: false, blockedByPoet: true });

    await expectRefused(() => comment(poetB, postA, { text: 'again' }), 403, /does not take comments from you/);
    await expectRefused(() => comment(poetB, postC, { text: 'reply', parentId: byA.id }), 403, /does not take replies from you/);
    await comment(poetB, postC, { text: 'on C’s poem is fine' }).expect(201);
    await expectRefused(() => api.post(`/api/wall/comments/${byA.id}/block-author`).set(bearer(poetA.token)), 422, /cannot block yourself/);

    const list = (await api.get('/api/blocks').set(bearer(poetA.token)).expect(200)).body.blocked;
    expect(list).toEqual([{ id: expect.any(Number), poet: { name: expect.stringMatching(/^b /), pictureUrl: null }, createdAt: expect.any(String) }]);
    expect(JSON.stringify(list)).not.toContain('@');
    await expectRefused(() => api.delete(`/api/blocks/${list[0].id}`).set(bearer(poetB.token)), 404, /no block number/);
    await api.delete(`/api/blocks/${list[0].id}`).set(bearer(poetA.token)).expect(204);
    await comment(poetB, postA, { text: 'again' }).expect(201);
  });
});

describe('reports and moderation', () => {
  it('holds a comment after enough reports; a moderator hides it (its author is told) or restores it', async () => {
    const poetA = await newPoet('a');
    const poetB = await trustedPoet('b');
    const post = await approvedPost(poetA);
    const target = (await comment(poetB, post, { text: 'rude words' }).expect(201)).body;
    await expectRefused(() => api.post(`/api/wall/comments/${target.id}/reports`).set(bearer(poetB.token)).send({ reason: 'spam' }), 403, /your own comment/);
    await expectRefused(
      () => api.post(`/api/wall/comments/${target.id}/reports`).set(bearer(poetA.token)).send({ reason: 'other' }),
      422,
      /^note: is required/,
    );
    await api.post(`/api/wall/comments/${target.id}/reports`).set(bearer(poetA.token)).send({ reason: 'hate' }).expect(201, { held: false });
    await expectRefused(() => api.post(`/api/wall/comments/${target.id}/reports`).set(bearer(poetA.token)).send({ reason: 'hate' }), 409, /already reported/);
    const reported = (await api.get('/api/admin/wall/comments?filter=reported&pageSize=50').set(bearer(moderator)).expect(200)).body;
    expect(reported.items.find((item: { id: number }) => item.id === target.id)).toMatchObject({
      status: 'approved',
      openReports: 1,
      postTitle: expect.any(String),
      reports: [{ reason: 'hate' }],
    });

    await api
      .post(`/api/wall/comments/${target.id}/reports`)
      .set(bearer((await newPoet('c')).token))
      .send({ reason: 'spam' })
      .expect(201, { held: true });
    expect((await thread(post).expect(200)).body.comments).toEqual([]);

    await expectRefused(() => decide(target.id, { action: 'hide', seen: 'held' }), 422, /^reason: is required to hide/);
    await expectRefused(() => decide(target.id, { action: 'approve', seen: 'held' }), 409, /held after reports/);
    const hidden = (await decide(target.id, { action: 'hide', seen: 'held', reason: 'Be kind to other poets.' }).expect(200)).body;
    expect(hidden).toMatchObject({
      status: 'hidden',
      openReports: 0,
      reports: [expect.objectContaining({ status: 'resolved' }), expect.objectContaining({ status: 'resolved' })],
    });
    expect((await notices(poetB.id)).at(-1)).toMatchObject({
      title: 'Your comment was taken down',
      message: expect.stringContaining('Be kind to other poets.'),
    });
    const hiddenList = (await api.get('/api/admin/wall/comments?filter=hidden&pageSize=50').set(bearer(moderator)).expect(200)).body;
    expect(hiddenList.items.map((item: { id: number }) => item.id)).toContain(target.id);

    await decide(target.id, { action: 'restore', seen: 'hidden' }).expect(200);
    expect((await thread(post).expect(200)).body.comments.map((c: { id: number }) => c.id)).toEqual([target.id]);
    await expectRefused(() => decide(target.id, { action: 'restore', seen: 'approved' }), 409, /is shown/);
  });

  it('decides on the comment as the moderator saw it: one taken down meanwhile is not approved from a list that still showed it waiting', async () => {
    const [poetA, poetB] = [await newPoet('a'), await newPoet('b')];
    const post = await approvedPost(poetA);
    const waiting = (await comment(poetB, post, { text: 'A line that another moderator reads first.' }).expect(201)).body;
    // Decided meanwhile from another moderator's list (or the same moderator's other tab): let through, then taken down.
    await decide(waiting.id, { action: 'approve', seen: 'pending' }).expect(200);
    await decide(waiting.id, { action: 'hide', seen: 'approved', reason: 'Be kind to other poets.' }).expect(200);
    const stale = await expectRefused(
      () => decide(waiting.id, { action: 'approve', seen: 'pending' }),
      409,
      'Another moderator decided on this comment a moment ago. Reload the list.',
    );
    expect(stale.body.error.details).toMatchObject({ id: waiting.id, status: 'hidden', seen: 'pending', code: 'comment.decided-meanwhile' });
    expect((await thread(post).expect(200)).body.comments).toEqual([]);
    await expectRefused(() => decide(waiting.id, { action: 'restore' }), 422, /^seen: must be one of/);
    // Seen as it now is, the decision is the moderator's to make.
    await decide(waiting.id, { action: 'restore', seen: 'hidden' }).expect(200);
    expect((await thread(post).expect(200)).body.comments.map((c: { id: number }) => c.id)).toEqual([waiting.id]);
  });

  it('lists first comments waiting, and nobody decides on their own comment', async () => {
    const account = demo.accounts.find((a) => a.uid === ACCOUNT_OF.moderator)!;
    const modRow = await db(USER).findOne({ where: { firebaseUid: account.uid } });
    const post = await approvedPost(await newPoet('a'));
    const own = (await comment({ token: moderator, id: modRow.id }, post, { text: 'a moderator comments' }).expect(201)).body;
    const waiting = (await api.get('/api/admin/wall/comments?filter=pending&pageSize=50').set(bearer(moderator)).expect(200)).body;
    expect(waiting.items.find((item: { id: number }) => item.id === own.id)).toMatchObject({ own: true, status: 'pending', author: { id: modRow.id } });
    expect(waiting.counts.pending).toBeGreaterThan(0);
    await expectRefused(() => decide(own.id, { action: 'approve', seen: 'pending' }), 403, /your own comment/);
    await expectRefused(() => decide(999_999, { action: 'approve', seen: 'pending' }), 404);
    await expectRefused(
      () => api.get('/api/admin/wall/comments?filter=everything').set(bearer(moderator)),
      422,
      /^filter: must be one of pending, reported, hidden/,
    );
  });
});

describe('a deleted poem', () => {
  it('takes its comments, their reports and its comments-off mark with it', async () => {
    const poetA = await newPoet('a');
    const poetB = await trustedPoet('b');
    const post = await approvedPost(poetA);
    const kept = await approvedPost(poetA);
    const gone = (await comment(poetB, post, { text: 'on a poem about to go' }).expect(201)).body;
    const stays = (await comment(poetB, kept, { text: 'on a poem that stays' }).expect(201)).body;
    await api.post(`/api/wall/comments/${gone.id}/reports`).set(bearer(poetA.token)).send({ reason: 'spam' }).expect(201);
    await api.put(`/api/wall/posts/${post}/comments-open`).set(bearer(poetA.token)).send({ open: false }).expect(200);
    await api.delete(`/api/wall/posts/${post}`).set(bearer(poetA.token)).expect(204);
    expect(await db(COMMENT).count({ where: { postId: post } })).toBe(0);
    expect(await db(REPORT).count({ where: { commentId: gone.id } })).toBe(0);
    expect(await db(CLOSURE).count({ where: { postId: post } })).toBe(0);
    expect(await db(COMMENT).count({ where: { id: stays.id } })).toBe(1);
  });
});
