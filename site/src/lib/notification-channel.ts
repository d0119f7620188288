// The live channel of the header bell: one server-sent-event stream per browser, shared by its tabs.
//  - One tab (the holder of a Web Lock named after the poet) reads GET /api/notifications/stream with fetch, so it
//    can send `Authorization: Bearer`, and passes every event to the other tabs on a BroadcastChannel.
//  - When the leader tab closes, the lock passes to another tab, which opens the stream.
//  - A dropped stream reconnects with exponential back-off (with jitter); a stream the server ends normally (its
//    token expired) reconnects at once with a fresh token.
//  - After three failed attempts in a row the leader also polls GET /api/notifications every 30 s with ETag/304,
//    until a stream works again.
// Browsers without Web Locks or BroadcastChannel run one stream per tab.
import { createParser } from 'eventsource-parser';
import { NOTIFICATION_EVENT_KINDS, type NotificationEvent, type NotificationList } from '@writory/shared';
import { openNotificationStream } from '../api/notifications';

export const FALLBACK_POLL_MS = 30_000;
/** A stream that has not said "ready" by then is stuck behind a buffering proxy: it counts as failed. */
export const READY_TIMEOUT_MS = 15_000;
const FAILURES_BEFORE_POLLING = 3;

/** Wait before reconnect attempt n (1, 2, …): 1 s, 2 s, 4 s … up to 60 s, each between 50 % and 100 % of that. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface ChannelHooks {
  /** Bearer token of the signed-in poet (forceRefresh after a 401), or null when signed out. */
  token(forceRefresh: boolean): Promise<string | null>;
  /** A change to apply to the list. */
  onEvent(event: NotificationEvent): void;
  /** The stream (re)opened or asks to resync: load the list again. */
  reload(): void;
  /** The fallback poll: the first page, or 'not-modified' for a 304. */
  poll(): Promise<NotificationList | 'not-modified'>;
  /** A first page that the leader's poll brought. */
  onSnapshot(list: NotificationList): void;
}

type Message = { uid: string; event: NotificationEvent } | { uid: string; snapshot: NotificationList };

const isEvent = (kind: string, data: unknown): data is NotificationEvent =>
  (NOTIFICATION_EVENT_KINDS as readonly string[]).includes(kind) && !!data && typeof data === 'object' && (data as { kind?: unknown }).kind === kind;

function sleep(ms: number, signal: AbortSignal, wake: EventTarget): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      wake.removeEventListener('wake', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    wake.addEventListener('wake', done);
  });
}

type StreamOutcome = 'ended' | 'unauthorized' | 'failed';

/** Reads one stream until it ends, fails or is aborted; `onEvent` gets every well-formed event. */
async function readStream(
  signal: AbortSignal,
  token: string,
  onEvent: (event: NotificationEvent) => void,
): Promise<{ outcome: StreamOutcome; ready: boolean }> {
  const local = new AbortController();
  const abort = () => local.abort();
  signal.addEventListener('abort', abort);
  let ready = false;
  const readyTimer = setTimeout(() => ready || local.abort(), READY_TIMEOUT_MS);
  try {
    const res = await openNotificationStream(token, local.signal);
    if (res.status === 401) return { outcome: 'unauthorized', ready };
    if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return { outcome: 'failed', ready };
    const parser = createParser({
      maxBufferSize: 1 << 20,
      onEvent(message) {
        try {
          const data: unknown = JSON.parse(message.data);
          if (!message.event || !isEvent(message.event, data)) return;
          if (data.kind === 'ready') ready = true;
          onEvent(data);
        } catch (error) {
          console.error('Notifications: unreadable stream event', error);
        }
      },
    });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    return { outcome: 'ended', ready };
  } catch (error) {
    if (!signal.aborted && !local.signal.aborted) console.error('Notifications: the live stream failed', error);
    return { outcome: 'failed', ready };
  } finally {
    clearTimeout(readyTimer);
    signal.removeEventListener('abort', abort);
  }
}

/**
 * Starts the live channel for one poet in this tab; the returned function stops it (sign-out, unmount).
 * `uid` names the Web Lock and the messages, so a tab of another account in the same browser is not mixed in.
 */
export function startNotificationChannel(uid: string, hooks: ChannelHooks): () => void {
  const stop = new AbortController();
  const { signal } = stop;
  const wake = new EventTarget();
  const onOnline = () => wake.dispatchEvent(new Event('wake'));
  window.addEventListener('online', onOnline);

  const shared = typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && 'locks' in navigator;
  const channel = shared ? new BroadcastChannel('writory-notifications') : null;
  const post = (message: Message) => channel?.postMessage(message);

  const handle = (event: NotificationEvent) => {
    if (event.kind === 'ready' || event.kind === 'resync') hooks.reload();
    else hooks.onEvent(event);
  };

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<Message>) => {
      if (!data || data.uid !== uid) return;
      if ('event' in data) handle(data.event);
      else if ('snapshot' in data) hooks.onSnapshot(data.snapshot);
    };
  }

  /** The fallback poll, while streams keep failing. */
  let polling: AbortController | null = null;
  function startPolling() {
    if (polling) return;
    const mine = (polling = new AbortController());
    void (async () => {
      while (!mine.signal.aborted && !signal.aborted) {
        try {
          const list = await hooks.poll();
          if (list !== 'not-modified' && !mine.signal.aborted) {
            hooks.onSnapshot(list);
            post({ uid, snapshot: list });
          }
        } catch (error) {
          console.error('Notifications: the fallback poll failed', error);
        }
        await sleep(FALLBACK_POLL_MS, mine.signal, new EventTarget());
      }
    })();
  }
  const stopPolling = () => {
    polling?.abort();
    polling = null;
  };

  async function lead() {
    let failures = 0;
    let refreshToken = false;
    while (!signal.aborted) {
      const opened = Date.now();
      const token = await hooks.token(refreshToken).catch(() => null);
      if (signal.aborted) break;
      let result: { outcome: StreamOutcome; ready: boolean } = { outcome: 'failed', ready: false };
      if (token) {
        result = await readStream(signal, token, (event) => {
          if (event.kind === 'ready') {
            failures = 0;
            stopPolling();
          }
          handle(event);
          post({ uid, event });
        });
      }
      if (signal.aborted) break;
      refreshToken = result.outcome === 'unauthorized';
      const livedLong = result.ready && Date.now() - opened > 10_000;
      if (!livedLong) failures++;
      if (failures >= FAILURES_BEFORE_POLLING) startPolling();
      await sleep(livedLong && result.outcome === 'ended' ? 250 : backoffDelay(failures), signal, wake);
    }
    stopPolling();
  }

  if (shared) {
    navigator.locks.request(`writory-notifications:${uid}`, { signal }, lead).catch((error: unknown) => {
      if (!signal.aborted) console.error('Notifications: could not share the live stream', error);
    });
  } else {
    void lead();
  }

  return () => {
    stop.abort();
    stopPolling();
    channel?.close();
    window.removeEventListener('online', onOnline);
  };
}
