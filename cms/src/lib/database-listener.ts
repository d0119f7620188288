// PostgreSQL LISTEN/NOTIFY for every cms instance on one database: what one instance publishes on a channel, each
// instance (itself included) hears on its listening connection. One connection per instance, shared by every
// channel (live notifications, public cache drops); it opens with the first channel listened to, closes with the
// last, and reconnects by itself, telling each channel's listener to resync (whatever was published meanwhile is
// lost). Payloads stay small: PostgreSQL refuses 8000 bytes or more.
import type { Core } from '@strapi/strapi';
import { Client } from 'pg';

/** The bits of pg's client this file uses (pg ships no types here). */
interface ListenerClient {
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'end', listener: () => void): void;
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

export interface ChannelListener {
  message(payload: string): void;
  /** Called after the connection came back: what was published while it was down was not heard. */
  resync(): void;
}

export interface DatabaseListener {
  listen(channel: string, listener: ChannelListener): Promise<void>;
  unlisten(channel: string): Promise<void>;
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Resolves true once every notification committed before the call has been heard (handed to its channel's
   * listener), false when this instance is not listening right now or its listening connection has not answered
   * within CAUGHT_UP_WAIT_MS (what it missed is unknown).
   */
  caughtUp(): Promise<boolean>;
}

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'writory-listener';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * How long caughtUp() waits for the listening connection's answer: a backend that never answers (stopped, or a
 * connection lost without a reset) must not hold every signed-in request. Far above a round trip on a busy machine.
 */
export const CAUGHT_UP_WAIT_MS = 1_000;

export function isPostgres(strapi: Core.Strapi): boolean {
  return ['postgres', 'pg', 'postgresql'].includes(strapi.config.get('database.connection.client') as string);
}

const listeners = new WeakMap<Core.Strapi, DatabaseListener>();

/** This instance's listener on its PostgreSQL database (one per Strapi instance). */
export function databaseListener(strapi: Core.Strapi): DatabaseListener {
  let listener = listeners.get(strapi);
  if (!listener) listeners.set(strapi, (listener = createDatabaseListener(strapi)));
  return listener;
}

function createDatabaseListener(strapi: Core.Strapi): DatabaseListener {
  const config = strapi.config.get('database.connection.connection') as Record<string, unknown>;
  const channels = new Map<string, ChannelListener>();
  let client: ListenerClient | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let everConnected = false;
  /** Callers waiting for the next round trip on the listening connection, and whether one is on its way. */
  let waiting: Array<(heard: boolean) => void> = [];
  let roundTripOut = false;
  /** Said once per round trip that stays unanswered, not once per request waiting for it. */
  let saidLate = false;
  /** listen, unlisten and reconnects run one at a time, so a channel is never half set up. */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step, step);
    queue = run.catch(() => undefined);
    return run;
  };

  async function connect() {
    const next: ListenerClient = new Client({ ...config, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      if (message.payload) channels.get(message.channel)?.message(message.payload);
    });
    next.on('error', (error) => strapi.log.warn(`database listener: connection failed (${error.message})`));
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      if (channels.size) reconnectSoon();
    });
    try {
      await next.connect();
      await next.query([...channels.keys()].map((channel) => `LISTEN ${channel}`).join('; '));
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    failures = 0;
    if (everConnected) for (const listener of channels.values()) listener.resync();
    everConnected = true;
  }

  function reconnectSoon() {
    if (retryTimer || !channels.size) return;
    const delay = Math.min(30_000, 500 * 2 ** failures++);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      serially(async () => {
        if (client || !channels.size) return;
        await connect();
      }).catch((error) => {
        strapi.log.warn(`database listener: cannot listen (${(error as Error).message}); retrying`);
        reconnectSoon();
      });
    }, delay);
    retryTimer.unref();
  }

  async function disconnect() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = client;
    client = null;
    everConnected = false;
    await current?.end().catch(() => undefined);
  }

  /**
   * PostgreSQL delivers on a listening connection every notification committed before a query arrives, ahead of that
   * query's answer, and pg hands them to their listeners in that order. One round trip at a time serves everyone who
   * asked before it was sent; those who ask meanwhile share the next.
   */
  function sendRoundTrip() {
    const current = client;
    const answered = waiting;
    waiting = [];
    if (!current) return answered.forEach((resolve) => resolve(false));
    roundTripOut = true;
    current
      .query('select 1')
      .then(
        () => answered.forEach((resolve) => resolve(client === current)),
        () => answered.forEach((resolve) => resolve(false)),
      )
      .finally(() => {
        roundTripOut = false;
        saidLate = false;
        if (waiting.length) sendRoundTrip();
      });
  }

  return {
    caughtUp() {
      return new Promise<boolean>((resolve) => {
        const late = setTimeout(() => {
          if (!saidLate) strapi.log.warn(`database listener: no answer within ${CAUGHT_UP_WAIT_MS} ms; signed-in requests read their user afresh meanwhile`);
          saidLate = true;
          resolve(false);
        }, CAUGHT_UP_WAIT_MS);
        waiting.push((heard) => {
          clearTimeout(late);
          resolve(heard);
        });
        if (!roundTripOut) sendRoundTrip();
      });
    },

    listen(channel, listener) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      return serially(async () => {
        channels.set(channel, listener);
        if (client) return void (await client.query(`LISTEN ${channel}`));
        if (retryTimer) return;
        try {
          await connect();
        } catch (error) {
          strapi.log.error(`database listener: cannot listen (${(error as Error).message}); retrying`);
          reconnectSoon();
        }
      });
    },

    unlisten(channel) {
      return serially(async () => {
        if (!channels.delete(channel)) return;
        if (!channels.size) return disconnect();
        await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      });
    },

    async publish(channel, payload) {
      await strapi.db.connection.raw('select pg_notify(?, ?)', [channel, payload]);
    },
  };
}
