import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicCache } from './public-cache';

// The Koa and @koa/cors that Strapi itself runs on.
const strapiCore = createRequire(import.meta.url).resolve('@strapi/core');
const requireFromStrapi = createRequire(strapiCore);
const Koa = requireFromStrapi('koa');
const cors = requireFromStrapi('@koa/cors');

const ALLOWED = 'http://site.test';
let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A small Koa app in Strapi's order: the cache first, then headers from "security" and CORS, then the route. */
async function app(options: { status?: number; cookie?: boolean } = {}) {
  let clock = 1_000;
  let calls = 0;
  let count = 7;
  const cache = createPublicCache(
    [
      { path: '/api/count', ttlSeconds: 10 },
      { path: '/api/quotes', ttlSeconds: 60, invalidatedBy: ['api::quote.quote'], byLocale: true },
    ],
    () => clock,
  );
  const koa = new Koa();
  koa.use(cache.middleware);
  koa.use(async (ctx: any, next: () => Promise<void>) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  koa.use(cors({ origin: (ctx: any) => (ctx.get('Origin') === ALLOWED ? ALLOWED : ''), credentials: true }));
  // A slow request waits in the handler until released; `slowArrived` resolves once it is there (a fixed sleep was
  // shorter than a loaded machine's request: the release came first and the request waited for ever).
  let release: (() => void) | null = null;
  let arrived: () => void = () => {};
  const slowArrived = new Promise<void>((r) => (arrived = r));
  koa.use(async (ctx: any) => {
    calls += 1;
    if (ctx.get('x-slow') === '1') {
      const released = new Promise<void>((r) => (release = r));
      arrived();
      await released;
    }
    ctx.status = options.status ?? 200;
    ctx.set('Cache-Control', 'public, max-age=10');
    if (options.cookie) ctx.cookies.set('session', 'x');
    ctx.body = { count, path: ctx.path, locale: ctx.query.locale ?? 'en' };
  });
  server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const base = () => `http://127.0.0.1:${(server!.address() as { port: number }).port}`;
  return {
    cache,
    get: (path: string, init: RequestInit = {}) => fetch(`${base()}${path}`, init),
    calls: () => calls,
    advance: (ms: number) => (clock += ms),
    setCount: (value: number) => (count = value),
    slowArrived: () => slowArrived,
    release: () => release?.(),
  };
}

describe('public cache', () => {
  it('answers a declared path from memory with the same body and headers as the full stack', async () => {
    const t = await app();
    const first = await t.get('/api/count');
    t.setCount(8);
    const second = await t.get('/api/count');
    expect(t.calls()).toBe(1);
    expect(await second.json()).toEqual(await first.json());
    for (const name of ['content-type', 'cache-control', 'x-content-type-options', 'vary']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('cache-control')).toBe('public, max-age=10');
  });

  it('keeps one answer per Origin, so CORS headers stay right for each caller', async () => {
    const t = await app();
    for (let i = 0; i < 2; i++) {
      const allowed = await t.get('/api/count', { headers: { origin: ALLOWED } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await t.get('/api/count', { headers: { origin: 'http://evil.test' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(t.calls()).toBe(2);
    expect(t.cache.size()).toBe(2);
  });

  it('keeps an endpoint answered per locale apart for each `?locale=`, and drops them all when its model changes', async () => {
    const t = await app();
    const localeOf = async (path: string) => ((await (await t.get(path)).json()) as { locale: string }).locale;
    for (let i = 0; i < 2; i++) {
      expect(await localeOf('/api/quotes')).toBe('en');
      expect(await localeOf('/api/quotes?locale=hi')).toBe('hi');
      expect(await localeOf('/api/quotes?locale=ar')).toBe('ar');
    }
    expect(t.calls()).toBe(3);
    // Not a locale of ours, another query, or an endpoint not answered per locale: every time through the stack.
    for (const path of ['/api/quotes?locale=fr', '/api/quotes?locale=hi&x=1', '/api/count?locale=hi']) await t.get(path);
    for (const path of ['/api/quotes?locale=fr', '/api/quotes?locale=hi&x=1', '/api/count?locale=hi']) await t.get(path);
    expect(t.calls()).toBe(9);
    t.cache.invalidate('api::quote.quote');
    expect(await localeOf('/api/quotes?locale=hi')).toBe('hi');
    expect(t.calls()).toBe(10);
  });

  it('runs the stack again once the time to live has passed', async () => {
    const t = await app();
    await t.get('/api/count');
    t.setCount(9);
    t.advance(9_999);
    expect(((await (await t.get('/api/count')).json()) as { count: number }).count).toBe(7);
    t.advance(1);
    expect(((await (await t.get('/api/count')).json()) as { count: number }).count).toBe(9);
    expect(t.calls()).toBe(2);
  });

  it('serves HEAD from memory without a body', async () => {
    const t = await app();
    await t.get('/api/count');
    const head = await t.get('/api/count', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify({ count: 7, path: '/api/count', locale: 'en' }))));
    expect(await head.text()).toBe('');
    expect(t.calls()).toBe(1);
  });

  it.each([
    ['an undeclared path', '/api/other', {}],
    ['a query string', '/api/count?fresh=1', {}],
    ['a POST', '/api/count', { method: 'POST' }],
  ])('lets %s through every time', async (_name, path, init) => {
    const t = await app();
    await t.get(path, init);
    await t.get(path, init);
    expect(t.calls()).toBe(2);
    expect(t.cache.size()).toBe(0);
  });

  it.each([
    ['an error answer', { status: 500 }],
    ['an answer that sets a cookie', { cookie: true }],
  ])('never keeps %s', async (_name, options) => {
    const t = await app(options);
    await t.get('/api/count');
    await t.get('/api/count');
    expect(t.calls()).toBe(2);
    expect(t.cache.size()).toBe(0);
  });

  it('runs the stack once for requests that arrive together', async () => {
    const t = await app();
    const first = t.get('/api/count', { headers: { 'x-slow': '1' } });
    await t.slowArrived();
    const others = Array.from({ length: 5 }, () => t.get('/api/count'));
    await new Promise((r) => setTimeout(r, 50));
    t.release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(t.calls()).toBe(1);
  });

  it('drops the answers a changed model feeds, and only those', async () => {
    const t = await app();
    await t.get('/api/count');
    await t.get('/api/quotes');
    expect(t.cache.models).toEqual(['api::quote.quote']);
    t.cache.invalidate('api::quote.quote');
    await t.get('/api/quotes');
    await t.get('/api/count');
    expect(t.calls()).toBe(3);
  });

  it('does not keep an answer computed while its model changed', async () => {
    const t = await app();
    const slow = t.get('/api/quotes', { headers: { 'x-slow': '1' } });
    await t.slowArrived();
    t.cache.invalidate('api::quote.quote');
    t.release();
    await slow;
    await t.get('/api/quotes');
    expect(t.calls()).toBe(2);
  });

  it('drops every answer on clear (the listener missed drops while it reconnected)', async () => {
    const t = await app();
    await t.get('/api/count');
    await t.get('/api/quotes');
    expect(t.cache.size()).toBe(2);
    t.cache.clear();
    expect(t.cache.size()).toBe(0);
    await t.get('/api/count');
    await t.get('/api/quotes');
    expect(t.calls()).toBe(4);
  });
});
