// Who the client is, behind the site server's /api proxy (its real module) and directly: per-client limits count the
// address the proxy saw, forwarding headers count only from TRUSTED_PROXIES, and every 429 says when to retry.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProxy } from '../../site/server/api-proxy.mjs';
import { startTestCms, type TestCms } from './helpers/strapi';

let cms: TestCms;
let cmsPort: number;
let sitePort: number;
let site: Server;

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  // Only the site server's address is a trusted proxy; visitors connect from other loopback addresses.
  cms = await startTestCms({ TRUSTED_PROXIES: '127.0.0.1', CONTACT_MESSAGES_PER_MINUTE: '2', VISITS_PER_MINUTE: '2' });
  cmsPort = await listen(cms.strapi.server.httpServer);
  const proxy = createApiProxy(`http://127.0.0.1:${cmsPort}`);
  site = createServer((req, res) => proxy.web(req, res));
  sitePort = await listen(site);
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  await cms?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** One JSON request from the local address `from` to `port` (the site server's or the cms's own). */
function send(port: number, from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, localAddress: from, method, path, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text && /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(text) : text || null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const message = { name: 'Asha', email: 'asha@example.com', subject: 'Limits', message: 'Hello, a question about limits.' };
const contact = (port: number, from: string, headers?: Record<string, string>) => send(port, from, 'POST', '/api/contact', message, headers);
const forged = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i}`, 'X-Real-IP': `198.51.100.${i}`, Forwarded: `for=198.51.100.${i}` });

describe('the client address behind the site server', () => {
  it('gives two visitors separate limit buckets, and a header a visitor forges does not move theirs', async () => {
    expect((await contact(sitePort, '127.0.0.2')).status).toBe(201);
    expect((await contact(sitePort, '127.0.0.2', forged(1))).status).toBe(201);
    const refused = await contact(sitePort, '127.0.0.2', forged(2));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(refused.body.error.details.retryAfterSeconds));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor still has their own allowance.
    expect((await contact(sitePort, '127.0.0.3')).status).toBe(201);
  });

  it('ignores forwarding headers from a peer outside TRUSTED_PROXIES', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await contact(cmsPort, '127.0.0.4', forged(10 + i))).status);
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('reads X-Forwarded-For from a trusted proxy: the nearest address it does not trust is the client', async () => {
    const viaTrusted = (chain: string) => contact(cmsPort, '127.0.0.1', { 'X-Forwarded-For': chain });
    expect((await viaTrusted('203.0.113.50, 203.0.113.7')).status).toBe(201);
    expect((await viaTrusted('203.0.113.51, 203.0.113.7')).status).toBe(201);
    expect((await viaTrusted('203.0.113.52, 203.0.113.7')).status).toBe(429);
    expect((await viaTrusted('203.0.113.7, 203.0.113.8')).status).toBe(201);
  });
});

describe('the metrics of the local network (issue 35)', () => {
  it('are read by a caller on this machine directly', async () => {
    // A request of its own to count, whatever ran before (a shuffled run, seed 305, read the metrics first of all).
    expect((await send(cmsPort, '127.0.0.7', 'GET', '/api/health')).status).toBe(200);
    const res = await send(cmsPort, '127.0.0.7', 'GET', '/api/metrics');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/^writory_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/m);
  });

  it('are refused to a visitor a proxy relays, even from a private address (a load balancer, Docker’s gateway)', async () => {
    // Through the site server's proxy the visitor is still 127.0.0.7: relayed, so not "local".
    const viaSite = await send(sitePort, '127.0.0.7', 'GET', '/api/metrics');
    expect(viaSite.status).toBe(403);
    expect(viaSite.body.error.message).toMatch(/^Only the local network may read this/);
    // What nginx sends when a private load balancer in front of it is every visitor's address.
    for (const seen of ['10.0.0.5', '172.18.0.1', '127.0.0.9']) {
      expect((await send(cmsPort, '127.0.0.1', 'GET', '/api/metrics', undefined, { 'X-Forwarded-For': seen })).status, seen).toBe(403);
    }
  });
});

describe('every 429 carries Retry-After', () => {
  it("on the visits limit, which answers in the spec's own body", async () => {
    const visit = () =>
      send(sitePort, '127.0.0.5', 'POST', '/api/track-visit-realtime', {
        userID: 'anon-1',
        userType: 'anonymous',
        pageVisited: '/about',
        timestamp: new Date().toISOString(),
        device: 'desktop',
      });
    let res = await visit();
    for (let i = 0; i < 3 && res.status !== 429; i++) res = await visit();
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false });
    expect(res.headers['retry-after']).toBe(String(res.body.details.retryAfterSeconds));
  });

  it("on Strapi's own limit of the panel's login, with its window", async () => {
    const login = () => send(cmsPort, '127.0.0.6', 'POST', '/admin/login', { email: 'nobody@writory.test', password: 'Wrong-pass-1' });
    let res = await login();
    for (let i = 0; i < 10 && res.status !== 429; i++) res = await login();
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('300');
  });
});
