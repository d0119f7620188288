// A notification stream client for tests: fetch with the Authorization header, frames parsed as they arrive.
import type { NotificationEvent } from '@writory/shared';

export interface TestStream {
  status: number;
  contentType: string | null;
  events: NotificationEvent[];
  /** The next event (after those already taken) that matches, within timeoutMs. */
  next(match?: (event: NotificationEvent) => boolean, timeoutMs?: number): Promise<NotificationEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(baseUrl: string, token: string): Promise<TestStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/notifications/stream`, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal });
  const events: NotificationEvent[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      // Node's web streams are async iterable; the fetch types do not say so.
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) events.push(JSON.parse(data.slice(6)));
        }
        waiters.forEach((wake) => wake());
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    ended,
    close: () => abort.abort(),
    next(match = () => true, timeoutMs = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (let i = taken; i < events.length; i++) {
            if (match(events[i])) {
              taken = i + 1;
              waiters.delete(check);
              clearTimeout(timer);
              resolve(events[i]);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(taken))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
