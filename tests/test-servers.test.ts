// The cms tests' own servers can run side by side: the cms files run two at a time, and this repository suite runs
// beside the cms suite in `npm test`, each starting s3rver (cms/tests/helpers/s3-server.ts).
import { describe, expect, it } from 'vitest';
import { startS3Server } from '../cms/tests/helpers/s3-server';

describe('test servers side by side', () => {
  it('starts two s3rver at once, each on a port of its own with its own bucket', async () => {
    const started = await Promise.allSettled([startS3Server(), startS3Server()]);
    try {
      expect(started.map((one) => one.status)).toEqual(['fulfilled', 'fulfilled']);
      const [a, b] = started.map((one) => (one as PromiseFulfilledResult<Awaited<ReturnType<typeof startS3Server>>>).value);
      expect(a.endpoint).not.toBe(b.endpoint);
      expect(await a.objects()).toEqual([]);
      expect(await b.objects()).toEqual([]);
    } finally {
      await Promise.all(started.map((one) => (one.status === 'fulfilled' ? one.value.stop() : undefined)));
    }
    // Each start waits up to 30 s for s3rver to listen (slow on a busy machine).
  }, 60_000);
});
