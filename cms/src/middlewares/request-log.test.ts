// The request log writes what an operator acts on (server errors, slow requests), not a line per request: nginx in
// front keeps the access log, and the per-request line cost a fifth of every request's time.
import { describe, expect, it } from 'vitest';
import requestLog from './request-log';

function logged(slowMs: number) {
  const lines: [string, string][] = [];
  const log = { error: (line: string) => lines.push(['error', line]), warn: (line: string) => lines.push(['warn', line]) };
  const middleware = requestLog({ slowMs }, { strapi: { log } as never });
  /** A request to `path` answered with `status` after `ms`. */
  const request = (status: number, ms = 0, path = '/api/notifications') => {
    const ctx = { method: 'GET', path, status: 404 };
    return middleware(ctx, async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      ctx.status = status;
    });
  };
  return { lines, request };
}

describe('request log', () => {
  it('writes nothing for a quick answer that is not a server error', async () => {
    const { lines, request } = logged(1000);
    await request(200);
    await request(404);
    await request(429);
    expect(lines).toEqual([]);
  });

  it('writes a server error at error level with method, path, time and status', async () => {
    const { lines, request } = logged(1000);
    await request(500, 0, '/api/entries');
    expect(lines).toEqual([['error', expect.stringMatching(/^GET \/api\/entries \(\d+ ms\) 500$/)]]);
  });

  it('writes a request slower than the threshold at warn level', async () => {
    const { lines, request } = logged(20);
    await request(200, 40);
    expect(lines).toEqual([['warn', expect.stringMatching(/^slow request: GET \/api\/notifications \(\d+ ms\) 200$/)]]);
  });

  it('writes every request when the threshold is 0', async () => {
    const { lines, request } = logged(0);
    await request(200);
    await request(304);
    expect(lines.map(([level]) => level)).toEqual(['warn', 'warn']);
  });
});
