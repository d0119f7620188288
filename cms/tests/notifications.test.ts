// Notifications against the real cms and Auth emulator: the owner-only API, bad ids and queries, the admin's
// send, the bulk writer and the live stream (SQLite: in-process fan-out).
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationItem } from '@writory/shared';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { openStream } from './helpers/sse';

const NOTIFICATION = 'api::notification.notification';
let stack: CmsWithAuth;
let api: ReturnType<typeof supertest>;
let baseUrl: string;
const tokens: Record<'owner' | 'other' | 'admin', string> = { owner: '', other: '', admin: '' };
const userIds: Record<'owner' | 'other', number> = { owner: 0, other: 0 };
let ownerUid = '';

const as = (who: keyof typeof tokens | 'anonymous') => (test: supertest.Test) =>
  who === 'anonymous' ? test : test.set('Authorization', `Bearer ${tokens[who]}`);
const service = () => stack.cms.strapi.service('api::notification.notification');
const rows = () => stack.cms.strapi.db.query(NOTIFICATION);

async function notifyOwner(count: number, prefix = 'n') {
  await service().notifyMany(
    Array.from({ length: count }, (_, i) => ({ userId: userIds.owner, notification: { title: `${prefix}${i + 1}`, message: `message ${i + 1}` } })),
  );
  const list = await as('owner')(api.get(`/api/notifications?limit=${Math.min(count, 50)}`)).expect(200);
  return list.body.notifications as NotificationItem[];
}

async function reset() {
  await rows().deleteMany({ where: { userId: { $in: Object.values(userIds) } } });
}

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: 'boss@writory.test' });
  const server = stack.cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = supertest(baseUrl);
  const owner = await stack.emulator.createUser({ email: 'owner@writory.test' });
  const other = await stack.emulator.createUser({ email: 'other@writory.test' });
  const admin = await stack.emulator.createUser({ email: 'boss@writory.test' });
  Object.assign(tokens, { owner: owner.idToken, other: other.idToken, admin: admin.idToken });
  ownerUid = owner.uid;
  for (const who of ['owner', 'other', 'admin'] as const) await as(who)(api.get('/api/users/me')).expect(200);
  const user = (uid: string) => stack.cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: uid } });
  userIds.owner = (await user(owner.uid)).id;
  userIds.other = (await user(other.uid)).id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/notifications', () => {
  beforeEach(reset);

  it('answers the spec’s shape, newest first, in pages that follow nextBefore to the end', async () => {
    await notifyOwner(25);
    const first = await as('owner')(api.get('/api/notifications?limit=10')).expect(200);
    expect(first.body.unreadCount).toBe(25);
    expect(first.body.notifications.map((n: NotificationItem) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `n${25 - i}`));
    expect(Object.keys(first.body.notifications[0]).sort()).toEqual(['created_at', 'id', 'is_read', 'link', 'message', 'title']);
    expect(first.body.notifications[0]).toMatchObject({ message: 'message 25', link: null, is_read: false });
    expect(new Date(first.body.notifications[0].created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const second = await as('owner')(api.get(`/api/notifications?limit=10&before=${first.body.nextBefore}`)).expect(200);
    expect(second.body.notifications.map((n: NotificationItem) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `n${15 - i}`));
    const last = await as('owner')(api.get(`/api/notifications?limit=10&before=${second.body.nextBefore}`)).expect(200);
    expect(last.body.notifications.map((n: NotificationItem) => n.title)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    expect(last.body.nextBefore).toBeNull();
    // 20 by default
    expect((await as('owner')(api.get('/api/notifications')).expect(200)).body.notifications).toHaveLength(20);
  });

  it('shows nobody else’s notifications', async () => {
    const res = await as('other')(api.get('/api/notifications')).expect(200);
    expect(res.body).toEqual({ notifications: [], unreadCount: 0, nextBefore: null });
  });

  it('answers 304 to a poll whose ETag still matches, and 200 once something changed', async () => {
    const first = await as('owner')(api.get('/api/notifications')).expect(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag;
    await as('owner')(api.get('/api/notifications').set('If-None-Match', etag)).expect(304);
    await service().notify(userIds.owner, { title: 'fresh', message: 'news' });
    const changed = await as('owner')(api.get('/api/notifications').set('If-None-Match', etag)).expect(200);
    expect(changed.body.notifications[0].title).toBe('fresh');
  });

  it.each(['limit=0', 'limit=51', 'limit=abc', 'limit=-1', 'before=x', 'before=0', 'before=1.5', 'limit=1&limit=2'])('refuses ?%s with 422', async (query) => {
    const res = await as('owner')(api.get(`/api/notifications?${query}`)).expect(422);
    expect(res.body.error).toMatchObject({ status: 422, name: 'ValidationError', message: expect.stringMatching(/limit|before/) });
  });

  it('answers with the security and CORS headers every answer has, and no session cookie (a hot read: src/middlewares/hot-reads.ts)', async () => {
    const res = await as('owner')(api.get('/api/notifications').set('Origin', 'http://localhost:4321')).expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4321');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('reads a transaction’s own notifications inside it (the prepared reads step aside there)', async () => {
    const seen = await stack.cms.strapi.db.transaction(async () => {
      await rows().create({ data: { userId: userIds.owner, title: 'inside', message: 'written in the transaction' } });
      return service().list(userIds.owner, { limit: 5 });
    });
    expect(seen.unreadCount).toBe(1);
    expect(seen.notifications.map((n: NotificationItem) => n.title)).toEqual(['inside']);
  });

  it('needs a signed-in caller', async () => {
    await api.get('/api/notifications').expect(401);
  });
});

describe('owner-only changes', () => {
  let mine: NotificationItem[];
  // Each test starts from the same three notifications of the owner and one of the other poet.
  beforeEach(async () => {
    await reset();
    mine = await notifyOwner(3);
    await service().notify(userIds.other, { title: 'theirs', message: 'for the other poet' });
  });

  const ownerState = async () => (await as('owner')(api.get('/api/notifications')).expect(200)).body;

  it.each([
    ['POST /api/notifications/:id/read', (id: number) => api.post(`/api/notifications/${id}/read`)],
    ['DELETE /api/notifications/:id/delete', (id: number) => api.delete(`/api/notifications/${id}/delete`)],
  ])('%s: 401 anonymous, 404 for another poet (nothing changes), 404 for an unknown id', async (_route, send) => {
    const before = await ownerState();
    await as('anonymous')(send(mine[0].id)).expect(401);
    const refused = await as('other')(send(mine[0].id)).expect(404);
    expect(refused.body.error).toMatchObject({ status: 404, name: 'NotFoundError', message: 'No such notification.' });
    await as('admin')(send(mine[0].id)).expect(404);
    await as('owner')(send(mine[0].id + 10_000)).expect(404);
    expect(await ownerState()).toEqual(before);
  });

  it.each(['abc', '0', '-1', '1.5', '01', '1e3', '99999999999999999999', '%20'])('refuses the id %j with 422', async (id) => {
    const before = await ownerState();
    const read = await as('owner')(api.post(`/api/notifications/${id}/read`)).expect(422);
    expect(read.body.error.message).toMatch(/^id: /);
    await as('owner')(api.delete(`/api/notifications/${id}/delete`)).expect(422);
    expect(await ownerState()).toEqual(before);
  });

  it('marks the owner’s notification read, once, and answers the new unread count', async () => {
    const res = await as('owner')(api.post(`/api/notifications/${mine[1].id}/read`)).expect(200);
    expect(res.body).toMatchObject({ changed: 1, unreadCount: 2, notification: { id: mine[1].id, is_read: true } });
    const again = await as('owner')(api.post(`/api/notifications/${mine[1].id}/read`)).expect(200);
    expect(again.body).toMatchObject({ changed: 0, unreadCount: 2 });
    const state = await ownerState();
    expect(state.notifications.find((n: NotificationItem) => n.id === mine[1].id).is_read).toBe(true);
  });

  it('deletes the owner’s notification', async () => {
    const res = await as('owner')(api.delete(`/api/notifications/${mine[2].id}/delete`)).expect(200);
    expect(res.body).toEqual({ changed: 1, unreadCount: 2 });
    expect((await ownerState()).notifications.map((n: NotificationItem) => n.id)).toEqual([mine[0].id, mine[1].id]);
    await as('owner')(api.delete(`/api/notifications/${mine[2].id}/delete`)).expect(404);
  });

  it('marks all read and clears all for the caller only', async () => {
    await as('anonymous')(api.post('/api/notifications/read-all')).expect(401);
    await as('anonymous')(api.post('/api/notifications/clear-all')).expect(401);
    expect((await as('owner')(api.post('/api/notifications/read-all')).expect(200)).body).toEqual({ changed: 3, unreadCount: 0 });
    expect((await ownerState()).notifications.every((n: NotificationItem) => n.is_read)).toBe(true);
    expect((await as('owner')(api.post('/api/notifications/clear-all')).expect(200)).body).toEqual({ changed: 3, unreadCount: 0 });
    expect((await ownerState()).notifications).toEqual([]);
    const theirs = (await as('other')(api.get('/api/notifications')).expect(200)).body;
    expect(theirs).toMatchObject({ unreadCount: 1, notifications: [{ title: 'theirs', is_read: false }] });
  });
});

describe('POST /api/admin/notifications', () => {
  const body = { recipient: 'OWNER@writory.test', title: 'A note from the editors', message: 'Your poem was shortlisted.', link: '/profile#entries' };

  it('is for admins only', async () => {
    await as('anonymous')(api.post('/api/admin/notifications').send(body)).expect(401);
    await as('owner')(api.post('/api/admin/notifications').send(body)).expect(403);
  });

  it('sends to a user found by email or uid, and the poet sees it', async () => {
    await reset();
    const res = await as('admin')(api.post('/api/admin/notifications').send(body)).expect(201);
    expect(res.body).toEqual({ sent: true, recipient: { uid: ownerUid, email: 'owner@writory.test', name: null } });
    await as('admin')(api.post('/api/admin/notifications').send({ ...body, recipient: ownerUid, link: '' })).expect(201);
    const list = (await as('owner')(api.get('/api/notifications')).expect(200)).body;
    expect(list.notifications.map((n: NotificationItem) => [n.title, n.link])).toEqual([
      [body.title, null],
      [body.title, '/profile#entries'],
    ]);
  });

  it.each([
    [{ ...body, title: '' }, /^title: title is required/],
    [{ ...body, title: 'x'.repeat(121) }, /at most 120/],
    [{ ...body, message: undefined }, /^message: /],
    [{ ...body, message: 'bell\u0007' }, /control characters/],
    [{ ...body, recipient: '' }, /^recipient: /],
    [{ ...body, link: 'https://evil.example/' }, /path on this site/],
    [{ ...body, link: '//evil.example/' }, /path on this site/],
    [{ ...body, link: 'javascript:alert(1)' }, /path on this site/],
  ])('refuses %j with 422 and sends nothing', async (bad, message) => {
    const before = await rows().count({ where: { userId: userIds.owner } });
    const res = await as('admin')(api.post('/api/admin/notifications').send(bad)).expect(422);
    expect(res.body.error.message).toMatch(message);
    expect(await rows().count({ where: { userId: userIds.owner } })).toBe(before);
  });

  it('answers 404 for an unknown recipient', async () => {
    const res = await as('admin')(api.post('/api/admin/notifications').send({ ...body, recipient: 'nobody@writory.test' })).expect(404);
    expect(res.body.error.message).toBe('No user has that uid or email.');
  });
});

describe('notify and notifyMany', () => {
  it('clip long text to the column limits', async () => {
    await reset();
    await service().notify(userIds.owner, { title: 't'.repeat(500), message: 'm'.repeat(5000) });
    const [item] = (await as('owner')(api.get('/api/notifications')).expect(200)).body.notifications;
    expect(item.title).toHaveLength(120);
    expect(item.title.endsWith('…')).toBe(true);
    expect(item.message).toHaveLength(1000);
  });

  it('store 10,000 notifications in bulk inserts, quickly', async () => {
    await reset();
    const started = performance.now();
    await service().notifyMany(
      Array.from({ length: 10_000 }, (_, i) => ({
        userId: i % 2 ? userIds.owner : userIds.other,
        notification: { title: `bulk ${i}`, message: 'results are out' },
      })),
    );
    const ms = performance.now() - started;
    console.info(`notifyMany: 10,000 notifications in ${ms.toFixed(0)} ms`);
    expect(await rows().count({ where: { userId: userIds.owner } })).toBe(5_000);
    expect(await rows().count({ where: { userId: userIds.other } })).toBe(5_000);
    expect(ms).toBeLessThan(20_000);
    await reset();
  });
});

describe('GET /api/notifications/stream', () => {
  it('needs a signed-in caller', async () => {
    await api.get('/api/notifications/stream').expect(401);
  });

  it('delivers a new notification to every stream of its poet within a second, and to nobody else', async () => {
    await reset();
    await service().notify(userIds.owner, { title: 'before', message: 'already there' });
    const [tab1, tab2, stranger] = await Promise.all([openStream(baseUrl, tokens.owner), openStream(baseUrl, tokens.owner), openStream(baseUrl, tokens.other)]);
    try {
      expect(tab1.status).toBe(200);
      expect(tab1.contentType).toBe('text/event-stream; charset=utf-8');
      expect(await tab1.next()).toEqual({ kind: 'ready', unreadCount: 1 });
      await tab2.next((e) => e.kind === 'ready');
      await stranger.next((e) => e.kind === 'ready');

      const sentAt = performance.now();
      await as('admin')(api.post('/api/admin/notifications').send({ recipient: 'owner@writory.test', title: 'Live', message: 'Right now' })).expect(201);
      const [live1, live2] = await Promise.all([tab1.next((e) => e.kind === 'created', 1_000), tab2.next((e) => e.kind === 'created', 1_000)]);
      console.info(`stream: created event after ${(performance.now() - sentAt).toFixed(0)} ms`);
      expect(live1).toMatchObject({ kind: 'created', unreadCount: 2, notification: { title: 'Live', message: 'Right now', is_read: false, link: null } });
      expect(live2).toEqual(live1);
      const id = (live1 as { notification: NotificationItem }).notification.id;

      await as('owner')(api.post(`/api/notifications/${id}/read`)).expect(200);
      expect(await tab2.next((e) => e.kind !== 'created')).toEqual({ kind: 'read', ids: [id], unreadCount: 1 });
      await as('owner')(api.delete(`/api/notifications/${id}/delete`)).expect(200);
      expect(await tab2.next()).toEqual({ kind: 'deleted', ids: [id], unreadCount: 1 });
      await as('owner')(api.post('/api/notifications/read-all')).expect(200);
      expect(await tab2.next()).toEqual({ kind: 'read-all', unreadCount: 0 });
      await as('owner')(api.post('/api/notifications/clear-all')).expect(200);
      expect(await tab2.next()).toEqual({ kind: 'cleared', unreadCount: 0 });

      // The other poet heard nothing of all that: changes reach streams in order, so once one of their own has
      // arrived, anything of the owner's would have arrived before it.
      await service().notify(userIds.other, { title: 'yours', message: 'only yours' });
      await stranger.next((e) => e.kind === 'created');
      expect(stranger.events).toMatchObject([
        { kind: 'ready', unreadCount: 0 },
        { kind: 'created', unreadCount: 1, notification: { title: 'yours' } },
      ]);
    } finally {
      [tab1, tab2, stranger].forEach((s) => s.close());
    }
  });

  it('tells nobody about a notification whose transaction rolled back, and tells after a commit', async () => {
    await reset();
    const tab = await openStream(baseUrl, tokens.owner);
    try {
      await tab.next((e) => e.kind === 'ready');
      const { strapi } = stack.cms;
      await expect(
        strapi.db.transaction(async () => {
          await service().notify(userIds.owner, { title: 'rolled back', message: 'never happened' });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      await strapi.db.transaction(async () => {
        await service().notify(userIds.owner, { title: 'committed', message: 'happened' });
      });
      const created = await tab.next((e) => e.kind === 'created');
      expect(created).toMatchObject({ notification: { title: 'committed' }, unreadCount: 1 });
      expect(tab.events.filter((e) => e.kind === 'created')).toHaveLength(1);
      expect(await rows().count({ where: { userId: userIds.owner } })).toBe(1);
    } finally {
      tab.close();
    }
  });

  it('forgets a stream when its browser goes away', async () => {
    const live = stack.cms.strapi.service('api::notification.live');
    const tab = await openStream(baseUrl, tokens.other);
    await tab.next((e) => e.kind === 'ready');
    expect(live.count(userIds.other)).toBe(1);
    tab.close();
    await expect.poll(() => live.count(userIds.other)).toBe(0);
  });
});
