// How a change gets from the instance that made it to every instance that holds streams.
//  - SQLite (one instance by nature): straight to this process's hub.
//  - PostgreSQL: NOTIFY on one channel; every instance LISTENs on a connection of its own and delivers to its
//    streams, so two or more cms instances behind one proxy all deliver. NOTIFY payloads are small (user and
//    notification ids, never the text): the instance that holds a poet's stream reads the rows itself.
import type { Core } from '@strapi/strapi';
import { Client } from 'pg';
import type { Change, Hub } from './hub';

/** The bits of pg's client this file uses (pg ships no types here). */
interface ListenerClient {
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'end', listener: () => void): void;
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

export const CHANNEL = 'writory_notifications';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ids are at most ~20 bytes a pair. */
const IDS_PER_PAYLOAD = 300;

export interface Transport {
  readonly kind: 'local' | 'postgres';
  start(): Promise<void>;
  publish(change: Change): Promise<void>;
  stop(): Promise<void>;
}

/** One change as one or more NOTIFY payloads, each under PostgreSQL's size limit. */
export function encodeChange(change: Change): string[] {
  const chunks = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
  if (change.kind === 'created') return chunks(change.pairs, IDS_PER_PAYLOAD * 2).map((pairs) => JSON.stringify({ kind: 'created', pairs }));
  if (change.kind === 'read' || change.kind === 'deleted') return chunks(change.ids, IDS_PER_PAYLOAD).map((ids) => JSON.stringify({ ...change, ids }));
  return [JSON.stringify(change)];
}

const isIntList = (value: unknown): value is number[] => Array.isArray(value) && value.every(Number.isSafeInteger);

export function decodeChange(payload: string): Change | null {
  try {
    const value = JSON.parse(payload);
    if (value?.kind === 'created' && isIntList(value.pairs)) return { kind: 'created', pairs: value.pairs };
    if (!Number.isSafeInteger(value?.userId)) return null;
    if ((value.kind === 'read' || value.kind === 'deleted') && isIntList(value.ids)) return { kind: value.kind, userId: value.userId, ids: value.ids };
    if (value.kind === 'read-all' || value.kind === 'cleared') return { kind: value.kind, userId: value.userId };
  } catch {
    // not ours
  }
  return null;
}

export function localTransport(hub: Hub): Transport {
  return {
    kind: 'local',
    async start() {},
    async publish(change) {
      // Not awaited: the caller (notify, a poet's click) does not wait for the streams to be written.
      void hub.deliver(change);
    },
    async stop() {},
  };
}

export function postgresTransport(strapi: Core.Strapi, hub: Hub): Transport {
  const config = strapi.config.get('database.connection.connection') as Record<string, unknown>;
  let client: ListenerClient | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let everConnected = false;

  async function listen() {
    const next: ListenerClient = new Client(config);
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const change = decodeChange(message.payload);
      if (change) void hub.deliver(change);
    });
    next.on('error', (error) => strapi.log.warn(`notifications: database listener failed (${error.message})`));
    next.on('end', () => {
      if (client === next) client = null;
      if (!stopped) reconnectSoon();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    failures = 0;
    // Whatever was published while we were not listening is lost: the open streams reload their lists.
    if (everConnected) hub.resyncAll();
    everConnected = true;
  }

  function reconnectSoon() {
    if (stopped || retryTimer) return;
    const delay = Math.min(30_000, 500 * 2 ** failures++);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listen().catch((error) => {
        strapi.log.warn(`notifications: cannot listen for changes (${error.message}); retrying`);
        reconnectSoon();
      });
    }, delay);
    retryTimer.unref();
  }

  return {
    kind: 'postgres',
    async start() {
      try {
        await listen();
      } catch (error) {
        strapi.log.error(`notifications: cannot listen for changes (${(error as Error).message}); retrying`);
        reconnectSoon();
      }
    },
    async publish(change) {
      for (const payload of encodeChange(change)) {
        await strapi.db.connection.raw('select pg_notify(?, ?)', [CHANNEL, payload]);
      }
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
