// @vitest-environment node
// The production site server as a real process: what it refuses on POST /__rebuild, which only the cms may call.
// (A rebuild that is accepted builds and swaps the whole site: the e2e suite sees an article appear through it.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serveScript = join(__dirname, '../server/serve.mjs');
const TOKEN = 'a-token-only-the-cms-knows-0123456789';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Starts serve.mjs on a small built site of its own; resolves once it listens. */
async function startServer(token: string | undefined) {
  const dist = mkdtempSync(join(tmpdir(), 'writory-serve-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title><h1>The site as built</h1>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Page not found</title><h1>Page not found</h1>');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_DIST_DIR: dist, CMS_URL: 'http://127.0.0.1:9' };
  if (token === undefined) delete env.SITE_REBUILD_TOKEN;
  else env.SITE_REBUILD_TOKEN = token;
  const child: ChildProcess = spawn(process.execPath, [serveScript], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(`:${port}`) && resolve());
    child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

const rebuild = (url: string, init: RequestInit = {}) => fetch(`${url}/__rebuild`, { method: 'POST', ...init });

describe('POST /__rebuild on a server with a rebuild token', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(TOKEN);
  });
  afterAll(() => server.stop());

  it.each([
    ['no token', {}],
    ['a wrong token of the same length', { 'x-rebuild-token': TOKEN.replace(/.$/, 'X') }],
    ['a prefix of the token', { 'x-rebuild-token': TOKEN.slice(0, 10) }],
    ['the token with something after it', { 'x-rebuild-token': `${TOKEN}0` }],
    ['the token in another header', { authorization: `Bearer ${TOKEN}` }],
  ])('refuses %s with 403 and keeps serving the site as built', async (_, headers) => {
    const res = await rebuild(server.url, { headers });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { status: 403, name: 'Forbidden', message: 'bad rebuild token' } });
    const home = await fetch(server.url);
    expect(await home.text()).toContain('The site as built');
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers %s with 405, even with the right token', async (method) => {
    const res = await fetch(`${server.url}/__rebuild`, { method, headers: { 'x-rebuild-token': TOKEN } });
    expect(res.status).toBe(405);
    expect((await res.json()).error).toMatchObject({ status: 405, name: 'MethodNotAllowed' });
  });

  it('keeps an idle connection open longer than its clients keep theirs, and still stops at once', async () => {
    // Node's default of 5 s closed connections that clients (Playwright's request context) were about to reuse.
    const res = await fetch(server.url);
    await res.text();
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('serves no page under the endpoint path with a query or a trailing slash', async () => {
    for (const path of ['/__rebuild/', '/__rebuild?x=1']) {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'x-rebuild-token': TOKEN } });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Page not found');
    }
  });
});

describe('POST /__rebuild on a server started without a rebuild token', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(undefined);
  });
  afterAll(() => server.stop());

  it.each([
    ['no token', {}],
    ['an empty token', { 'x-rebuild-token': '' }],
  ])('refuses %s: nobody can rebuild', async (_, headers) => {
    const res = await rebuild(server.url, { headers });
    expect(res.status).toBe(403);
  });
});
