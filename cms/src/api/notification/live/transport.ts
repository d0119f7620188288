// How a change gets from the instance that made it to every instance that holds streams.
//  - SQLite (one instance by nature): straight to this process's hub.
//  - PostgreSQL: NOTIFY on one channel; every instance LISTENs (../../../lib/database-listener.ts) and delivers to
//    its streams, so two or more cms instances behind one proxy all deliver. NOTIFY payloads are small (user and
//    notification ids, never the text): the instance that holds a poet's stream reads the rows itself.
import type { Core } from '@strapi/strapi';
import { databaseListener } from '../../../lib/database-listener';
import type { Change, Hub } from './hub';

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
  const listener = databaseListener(strapi);
  return {
    kind: 'postgres',
    async start() {
      await listener.listen(CHANNEL, {
        message(payload) {
          const change = decodeChange(payload);
          if (change) void hub.deliver(change);
        },
        // Whatever was published while we were not listening is lost: the open streams reload their lists.
        resync: () => hub.resyncAll(),
      });
    },
    async publish(change) {
      for (const payload of encodeChange(change)) await listener.publish(CHANNEL, payload);
    },
    async stop() {
      await listener.unlisten(CHANNEL);
    },
  };
}
