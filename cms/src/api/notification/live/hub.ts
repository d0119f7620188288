// The open notification streams of this cms instance, and how a change reaches them.
// A change is published once (by notify, read, delete …) and delivered by every instance to the streams
// it holds: directly in this process with SQLite, through PostgreSQL LISTEN/NOTIFY otherwise (./transport.ts).
import { PassThrough } from 'node:stream';
import type { NotificationEvent, NotificationItem } from '@writory/shared';

/** What happened, as small as it can be said: created ones are (userId, id) pairs, flattened. */
export type Change =
  | { kind: 'created'; pairs: number[] }
  | { kind: 'read' | 'deleted'; userId: number; ids: number[] }
  | { kind: 'read-all' | 'cleared'; userId: number };

export interface HubStore {
  /** The notifications with these ids that still exist and belong to one of these users, oldest first. */
  rows(ids: number[], userIds: number[]): Promise<(NotificationItem & { userId: number })[]>;
  unreadCounts(userIds: number[]): Promise<Map<number, number>>;
}

export interface HubOptions {
  /** Streams one user may hold at once (one per browser is the norm); the oldest is closed beyond it. */
  maxStreamsPerUser?: number;
  /** A comment line this often keeps proxies from closing a quiet connection. */
  heartbeatMs?: number;
  /** A stream never lives longer than this (and never past its token's expiry): the client reconnects. */
  maxLifetimeMs?: number;
  /** A client that reads slower than this many buffered bytes is dropped; it reconnects and reloads. */
  maxBufferedBytes?: number;
  /** How long the browser waits before reconnecting after a drop (the SSE retry field). */
  retryMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface Subscriber {
  userId: number;
  stream: PassThrough;
  timer: NodeJS.Timeout;
  closed: boolean;
}

export const sseFrame = (event: NotificationEvent) => `event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;

export function createHub(store: HubStore, options: HubOptions = {}) {
  const {
    maxStreamsPerUser = 8,
    heartbeatMs = 25_000,
    maxLifetimeMs = 60 * 60_000,
    maxBufferedBytes = 1 << 20,
    retryMs = 2_000,
    log = () => undefined,
  } = options;
  const byUser = new Map<number, Subscriber[]>();
  let heartbeat: NodeJS.Timeout | null = null;
  // Changes are delivered one after another, so a poet's events arrive in the order they happened.
  let queue: Promise<void> = Promise.resolve();

  function close(sub: Subscriber) {
    if (sub.closed) return;
    sub.closed = true;
    clearTimeout(sub.timer);
    const list = byUser.get(sub.userId)?.filter((s) => s !== sub) ?? [];
    if (list.length) byUser.set(sub.userId, list);
    else byUser.delete(sub.userId);
    if (!sub.stream.destroyed) sub.stream.end();
    if (byUser.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  function write(sub: Subscriber, chunk: string) {
    if (sub.closed) return;
    if (!sub.stream.write(chunk) && sub.stream.writableLength > maxBufferedBytes) {
      log(`notification stream of user ${sub.userId} dropped: the client does not read`);
      close(sub);
    }
  }

  function send(userId: number, event: NotificationEvent) {
    for (const sub of byUser.get(userId) ?? []) write(sub, sseFrame(event));
  }

  function startHeartbeat() {
    heartbeat ??= setInterval(() => {
      for (const list of byUser.values()) for (const sub of list) write(sub, ': keep-alive\n\n');
    }, heartbeatMs);
    heartbeat.unref();
  }

  async function deliver(change: Change) {
    if (change.kind === 'created') {
      // The pairs only say whose streams to look at: each row's owner is read back from the database, so a
      // notification can never reach anyone else's stream, whatever order an insert returned its ids in.
      const ids: number[] = [];
      const users = new Set<number>();
      for (let i = 0; i + 1 < change.pairs.length; i += 2) {
        if (byUser.has(change.pairs[i])) users.add(change.pairs[i]);
        ids.push(change.pairs[i + 1]);
      }
      if (!users.size) return;
      const [rows, counts] = await Promise.all([store.rows(ids, [...users]), store.unreadCounts([...users])]);
      for (const { userId, ...notification } of rows) {
        send(userId, { kind: 'created', notification, unreadCount: counts.get(userId) ?? 0 });
      }
      return;
    }
    if (!byUser.has(change.userId)) return;
    const unreadCount = (await store.unreadCounts([change.userId])).get(change.userId) ?? 0;
    if (change.kind === 'read' || change.kind === 'deleted') send(change.userId, { kind: change.kind, ids: change.ids, unreadCount });
    else send(change.userId, { kind: change.kind, unreadCount });
  }

  return {
    /**
     * Opens a stream for a signed-in user; it ends at `expiresAt` (the token's expiry) at the latest.
     * The first frames tell the browser how long to wait before reconnecting and that the stream is live.
     */
    open(userId: number, { expiresAt = Infinity, onClose }: { expiresAt?: number; onClose?: () => void } = {}): PassThrough {
      const stream = new PassThrough();
      const lifetime = Math.max(1_000, Math.min(maxLifetimeMs, expiresAt - Date.now()));
      const sub: Subscriber = { userId, stream, closed: false, timer: setTimeout(() => close(sub), lifetime) };
      byUser.set(userId, [...(byUser.get(userId) ?? []), sub]);
      for (const old of byUser.get(userId)!.slice(0, -maxStreamsPerUser)) close(old);
      stream.on('close', () => {
        close(sub);
        onClose?.();
      });
      startHeartbeat();
      write(sub, `retry: ${retryMs}\n\n`);
      // Registered before the count is read: nothing that happens from now on can be missed.
      store.unreadCounts([userId]).then(
        (counts) => write(sub, sseFrame({ kind: 'ready', unreadCount: counts.get(userId) ?? 0 })),
        (error) => {
          log('could not start a notification stream', error);
          close(sub);
        },
      );
      return stream;
    },

    /** Queues a change for delivery to this instance's streams. */
    deliver(change: Change): Promise<void> {
      queue = queue.then(() => deliver(change)).catch((error) => log('could not deliver a notification change', error));
      return queue;
    },

    /** Tells every stream to reload its list (after this instance may have missed changes). */
    resyncAll() {
      const users = [...byUser.keys()];
      void store.unreadCounts(users).then(
        (counts) => users.forEach((userId) => send(userId, { kind: 'resync', unreadCount: counts.get(userId) ?? 0 })),
        (error) => log('could not resync notification streams', error),
      );
    },

    /** Open streams: in total and of one user. */
    count(userId?: number): number {
      if (userId !== undefined) return byUser.get(userId)?.length ?? 0;
      let total = 0;
      for (const list of byUser.values()) total += list.length;
      return total;
    },

    /** Ends every stream (shutdown). */
    closeAll() {
      for (const list of [...byUser.values()]) for (const sub of [...list]) close(sub);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
