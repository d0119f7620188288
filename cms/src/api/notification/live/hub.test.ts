import type { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationEvent, NotificationItem } from '@writory/shared';
import { type Change, createHub, type HubStore } from './hub';
import { decodeChange, encodeChange } from './transport';

const item = (id: number, userId: number): NotificationItem & { userId: number } => ({
  id,
  userId,
  title: `t${id}`,
  message: `m${id}`,
  link: null,
  created_at: new Date(0).toISOString(),
  is_read: false,
});

function fakeStore(rows: (NotificationItem & { userId: number })[] = []) {
  const store: HubStore & { rowsAsked: [number[], number[]][] } = {
    rowsAsked: [],
    async rows(ids, userIds) {
      store.rowsAsked.push([ids, userIds]);
      return rows.filter((row) => ids.includes(row.id) && userIds.includes(row.userId));
    },
    async unreadCounts(userIds) {
      return new Map(userIds.map((id) => [id, id * 10]));
    },
  };
  return store;
}

/** Everything written to a stream, as parsed events (comments and retry lines left out). */
function reader(stream: PassThrough) {
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return {
    raw: () => text,
    events: () =>
      text
        .split('\n\n')
        .map((frame) => frame.split('\n').find((line) => line.startsWith('data: ')))
        .filter((line): line is string => !!line)
        .map((line) => JSON.parse(line.slice(6)) as NotificationEvent),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the notification hub', () => {
  afterEach(() => vi.useRealTimers());

  it('starts each stream with a retry hint and a ready event carrying the unread count', async () => {
    const hub = createHub(fakeStore(), { retryMs: 1500 });
    const out = reader(hub.open(3));
    await flush();
    expect(out.raw().startsWith('retry: 1500\n\n')).toBe(true);
    expect(out.events()).toEqual([{ kind: 'ready', unreadCount: 30 }]);
    hub.closeAll();
  });

  it('delivers a created notification to every stream of its user and to no one else', async () => {
    const store = fakeStore([item(7, 1), item(8, 2), item(9, 5)]);
    const hub = createHub(store);
    const [a1, a2, b] = [reader(hub.open(1)), reader(hub.open(1)), reader(hub.open(2))];
    await hub.deliver({ kind: 'created', pairs: [1, 7, 2, 8, 5, 9] });
    await flush();
    const created = (out: ReturnType<typeof reader>) => out.events().filter((e) => e.kind === 'created');
    expect(created(a1)).toEqual([{ kind: 'created', notification: expect.objectContaining({ id: 7, title: 't7' }), unreadCount: 10 }]);
    expect(created(a2)).toEqual(created(a1));
    expect(created(b).map((e) => e.kind === 'created' && e.notification.id)).toEqual([8]);
    // user 5 has no stream here: only the rows of users 1 and 2 are read
    expect(store.rowsAsked).toEqual([
      [
        [7, 8, 9],
        [1, 2],
      ],
    ]);
    expect(JSON.stringify(created(a1)[0])).not.toContain('userId');
    hub.closeAll();
  });

  it('finds a poet’s notification by its owner in the database, even when the pairs had the ids the wrong way round', async () => {
    // Notification 8 is user 1's, 7 is user 5's (who has no stream); the pairs say the opposite.
    const hub = createHub(fakeStore([item(7, 5), item(8, 1)]));
    const one = reader(hub.open(1));
    await hub.deliver({ kind: 'created', pairs: [1, 7, 5, 8] });
    await flush();
    expect(one.events().flatMap((e) => (e.kind === 'created' ? [e.notification.id] : []))).toEqual([8]);
    hub.closeAll();
  });

  it('reads nothing from the database for changes of users without a stream', async () => {
    const store = fakeStore();
    const counts = vi.spyOn(store, 'unreadCounts');
    const hub = createHub(store);
    await hub.deliver({ kind: 'created', pairs: [4, 1, 5, 2] });
    await hub.deliver({ kind: 'read', userId: 4, ids: [1] });
    expect(store.rowsAsked).toEqual([]);
    expect(counts).not.toHaveBeenCalled();
  });

  it('passes read, deleted, read-all and cleared on in order, each with the unread count', async () => {
    const hub = createHub(fakeStore());
    const out = reader(hub.open(2));
    void hub.deliver({ kind: 'read', userId: 2, ids: [5] });
    void hub.deliver({ kind: 'deleted', userId: 2, ids: [6, 7] });
    void hub.deliver({ kind: 'read-all', userId: 2 });
    await hub.deliver({ kind: 'cleared', userId: 2 });
    await flush();
    expect(out.events().slice(1)).toEqual([
      { kind: 'read', ids: [5], unreadCount: 20 },
      { kind: 'deleted', ids: [6, 7], unreadCount: 20 },
      { kind: 'read-all', unreadCount: 20 },
      { kind: 'cleared', unreadCount: 20 },
    ]);
    hub.closeAll();
  });

  it('keeps at most maxStreamsPerUser streams of one user, closing the oldest', async () => {
    const hub = createHub(fakeStore(), { maxStreamsPerUser: 2 });
    const first = hub.open(1);
    hub.open(1);
    hub.open(1);
    expect(hub.count(1)).toBe(2);
    expect(first.writableEnded).toBe(true);
    hub.closeAll();
    expect(hub.count()).toBe(0);
  });

  it('ends a stream when its token expires, and forgets a stream its client closed', async () => {
    vi.useFakeTimers();
    const hub = createHub(fakeStore());
    const expiring = hub.open(1, { expiresAt: Date.now() + 5_000 });
    const closedByClient = hub.open(2);
    closedByClient.destroy();
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.count(2)).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(expiring.writableEnded).toBe(true);
    expect(hub.count()).toBe(0);
  });

  it('sends a keep-alive comment to quiet streams', async () => {
    vi.useFakeTimers();
    const hub = createHub(fakeStore(), { heartbeatMs: 1_000 });
    const out = reader(hub.open(1));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(out.raw()).toContain(': keep-alive\n\n');
    hub.closeAll();
  });

  it('drops a client that stops reading once its buffer is full', async () => {
    const log = vi.fn();
    const hub = createHub(fakeStore([item(1, 1)]), { maxBufferedBytes: 100_000, log });
    const stream = hub.open(1); // nobody reads it
    for (let i = 0; i < 5_000 && hub.count(1); i++) await hub.deliver({ kind: 'created', pairs: [1, 1] });
    expect(hub.count(1)).toBe(0);
    expect(stream.writableEnded).toBe(true);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('dropped'));
  });

  it('asks every open stream to reload after a gap', async () => {
    const hub = createHub(fakeStore());
    const out = reader(hub.open(3));
    hub.resyncAll();
    await flush();
    expect(out.events().at(-1)).toEqual({ kind: 'resync', unreadCount: 30 });
    hub.closeAll();
  });
});

describe('NOTIFY payloads', () => {
  it('split a bulk change into payloads under PostgreSQL’s 8000-byte limit that decode to the same pairs', () => {
    const pairs = Array.from({ length: 10_000 }, (_, i) => [1_000_000 + i, 9_000_000_000 + i]).flat();
    const payloads = encodeChange({ kind: 'created', pairs });
    expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeLessThan(8000);
    expect(payloads.flatMap((p) => (decodeChange(p) as { pairs: number[] }).pairs)).toEqual(pairs);
  });

  it.each([
    { kind: 'read', userId: 3, ids: [1, 2] },
    { kind: 'deleted', userId: 3, ids: [4] },
    { kind: 'read-all', userId: 3 },
    { kind: 'cleared', userId: 3 },
  ] satisfies Change[])('round-trip $kind', (change) => {
    expect(encodeChange(change).map(decodeChange)).toEqual([change]);
  });

  it.each(['', 'not json', '{"kind":"read","userId":"3","ids":[1]}', '{"kind":"created","pairs":["1"]}', '{"kind":"drop","userId":1}'])(
    'ignore foreign payload %j',
    (payload) => expect(decodeChange(payload)).toBeNull(),
  );
});
