import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationEvent, NotificationList } from '@writory/shared';
import { NOTIFICATION_STREAM_PATH as STREAM_PATH } from '../api/notifications';
import { FALLBACK_POLL_MS, startNotificationChannel, type ChannelHooks } from './notification-channel';

const frame = (event: NotificationEvent) => `event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;

/** A stream response whose frames the test pushes; `end()` closes it as the server would. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function hooks(overrides: Partial<ChannelHooks> = {}) {
  return {
    token: vi.fn(async () => 'token-1'),
    onEvent: vi.fn(),
    reload: vi.fn(),
    poll: vi.fn(async (): Promise<NotificationList | 'not-modified'> => 'not-modified'),
    onSnapshot: vi.fn(),
    ...overrides,
  } satisfies ChannelHooks;
}

describe('the notification channel (one tab, no Web Locks)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the stream with the bearer token, reloads on ready and passes changes on', async () => {
    const stream = streamResponse();
    fetchMock.mockResolvedValueOnce(stream.response);
    const h = hooks();
    const stop = startNotificationChannel('uid-1', h);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledWith(STREAM_PATH, expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer token-1' }) }));
    stream.push('retry: 2000\n\n');
    stream.push(frame({ kind: 'ready', unreadCount: 2 }));
    stream.push(
      ': keep-alive\n\nevent: created\ndata: {"kind":"created","notification":{"id":5,"title":"t","message":"m","link":null,"created_at":"2026-01-01T00:00:00.000Z","is_read":false},"unreadCount":3}\n',
    );
    stream.push('\n');
    stream.push('event: created\ndata: {"kind":"read"}\n\n'); // kind and event name disagree: ignored
    await vi.advanceTimersByTimeAsync(0);
    expect(h.reload).toHaveBeenCalledTimes(1);
    expect(h.onEvent).toHaveBeenCalledTimes(1);
    expect(vi.mocked(h.onEvent).mock.calls[0][0]).toMatchObject({ kind: 'created', notification: { id: 5 }, unreadCount: 3 });
    stop();
  });

  it('reconnects with back-off, polls with ETag after three failures, and stops polling once a stream is ready', async () => {
    fetchMock.mockResolvedValue(new Response('busy', { status: 503 }));
    const snapshot: NotificationList = { notifications: [], unreadCount: 4, nextBefore: null };
    const h = hooks({ poll: vi.fn().mockResolvedValueOnce(snapshot).mockResolvedValue('not-modified') });
    const stop = startNotificationChannel('uid-1', h);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000); // back-off after the 1st failure: 0.5–1 s
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(h.poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000); // 2nd: 1–2 s
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(h.poll).toHaveBeenCalledTimes(1); // three failures: the fallback poll starts
    expect(h.onSnapshot).toHaveBeenCalledWith(snapshot);
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS);
    expect(h.poll).toHaveBeenCalledTimes(2);
    expect(h.onSnapshot).toHaveBeenCalledTimes(1); // 304: nothing to apply

    const stream = streamResponse();
    fetchMock.mockResolvedValueOnce(stream.response);
    await vi.advanceTimersByTimeAsync(4_000); // 3rd back-off: 2–4 s
    stream.push(frame({ kind: 'ready', unreadCount: 4 }));
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 3);
    expect(h.poll).toHaveBeenCalledTimes(2);
    stop();
  });

  it('asks for a fresh token after a 401', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401 })).mockResolvedValue(streamResponse().response);
    const h = hooks();
    const stop = startNotificationChannel('uid-1', h);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vi.mocked(h.token).mock.calls.map(([force]) => force)).toEqual([false, true]);
    stop();
  });

  it('reconnects at once when the server ends a long-lived stream (its token expired)', async () => {
    const first = streamResponse();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValue(streamResponse().response);
    const h = hooks();
    const stop = startNotificationChannel('uid-1', h);
    await vi.advanceTimersByTimeAsync(0);
    first.push(frame({ kind: 'ready', unreadCount: 0 }));
    await vi.advanceTimersByTimeAsync(60_000);
    first.end();
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops for good when stopped', async () => {
    fetchMock.mockResolvedValue(new Response('busy', { status: 503 }));
    const stop = startNotificationChannel('uid-1', hooks());
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
