// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { busyWaitSeconds, MAX_BUSY_ATTEMPTS, withBusyRetry, type BusyWait } from './busy-retry';

const busy = (details: Record<string, unknown> = { reason: 'busy', retryAfterSeconds: 3 }) =>
  new ApiError(
    503,
    JSON.stringify({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Many poems are being checked right now.', details } }),
  );

describe('busyWaitSeconds', () => {
  it.each([
    ['the seconds the server named', busy(), 3],
    ['whole seconds, rounded up', busy({ reason: 'busy', retryAfterSeconds: 1.2 }), 2],
    ['a fallback when the server named none', busy({ reason: 'busy' }), 5],
    ['at most a minute', busy({ reason: 'busy', retryAfterSeconds: 3600 }), 60],
    ['nothing for another 503', busy({ reason: 'maintenance', retryAfterSeconds: 3 }), null],
    ['nothing for a 429', new ApiError(429, JSON.stringify({ error: { message: 'Too many', details: { retryAfterSeconds: 3, reason: 'busy' } } })), null],
    ['nothing for a network failure', new TypeError('Failed to fetch'), null],
  ])('%s', (_, error, expected) => {
    expect(busyWaitSeconds(error)).toBe(expected);
  });
});

describe('withBusyRetry', () => {
  it('sends the same request again after each wait until it is answered', async () => {
    const sent: string[] = [];
    const waits: BusyWait[] = [];
    const waited: number[] = [];
    const answers = [busy(), busy({ reason: 'busy', retryAfterSeconds: 1 })];
    const receipt = await withBusyRetry(
      async () => {
        sent.push('key-1');
        const answer = answers.shift();
        if (answer) throw answer;
        return { code: 'WR-1' };
      },
      { onWait: (wait) => waits.push(wait), wait: async (seconds) => void waited.push(seconds) },
    );
    expect(receipt).toEqual({ code: 'WR-1' });
    expect(sent).toEqual(['key-1', 'key-1', 'key-1']);
    expect(waits).toEqual([
      { seconds: 3, attempt: 2 },
      { seconds: 1, attempt: 3 },
    ]);
    expect(waited).toEqual([3, 1]);
  });

  it('gives any other refusal back at once', async () => {
    const refusal = new ApiError(422, JSON.stringify({ error: { message: 'Give your poem a title.' } }));
    let tries = 0;
    await expect(
      withBusyRetry(
        async () => {
          tries += 1;
          throw refusal;
        },
        { onWait: () => {}, wait: async () => {} },
      ),
    ).rejects.toBe(refusal);
    expect(tries).toBe(1);
  });

  it(`gives the busy answer back after ${MAX_BUSY_ATTEMPTS} tries`, async () => {
    let tries = 0;
    const last = busy();
    await expect(
      withBusyRetry(
        async () => {
          tries += 1;
          throw last;
        },
        { onWait: () => {}, wait: async () => {} },
      ),
    ).rejects.toBe(last);
    expect(tries).toBe(MAX_BUSY_ATTEMPTS);
  });
});
