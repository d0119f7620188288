// @vitest-environment node
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts, createStaticFiles } from '../server/static-files.mjs';

let dir: string;
let server: Server;
let base: string;

const write = (name: string, content: string | Buffer) => {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), content);
};
/** A text file with its precompressed variants, as precompress.mjs leaves them. */
const withVariants = (name: string, content: string) => {
  write(name, content);
  write(`${name}.gz`, gzipSync(content));
  write(`${name}.br`, brotliCompressSync(content));
};
const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'writory-static-'));
  withVariants('index.html', '<h1>Home</h1>'.repeat(40));
  withVariants('about/index.html', '<h1>About</h1>');
  withVariants('404.html', '<h1>Page not found</h1>'.repeat(20));
  write('feed.html', '<h1>Feed file</h1>');
  write('feed/index.html', '<h1>Feed folder</h1>');
  write('caf\u00e9/index.html', '<h1>Café</h1>');
  withVariants('_astro/app.abc123.js', 'console.log(1);'.repeat(30));
  write('media/clip.mp4', video);
  write('.hidden', 'secret');
  // maxCachedBytes 500: the video (1000 bytes) always streams from disk.
  const files = createStaticFiles(dir, {
    cacheControl: (path) => (path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate'),
    headers: { 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff' },
    maxCachedBytes: 500,
  });
  server = createServer((req, res) => {
    if (!files.serve(req, res)) files.notFound(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Node's fetch would decompress: ask for what the test checks, identity unless told. */
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers }, method });

describe('static files', () => {
  it.each([
    ['/', {}],
    ['/', { 'accept-encoding': 'br' }],
    ['/media/clip.mp4', { range: 'bytes=10-19' }],
    ['/media/clip.mp4', { range: 'bytes=2000-' }],
    ['/no-such-page', {}],
  ])('sends the common (security) headers on %s %j', async (path, headers) => {
    const res = await get(path, headers);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['/', 'Home'],
    ['/index.html', 'Home'],
    ['/about', 'About'],
    ['/about/', 'About'],
    ['/about/index.html', 'About'],
    ['/feed', 'Feed file'],
    ['/feed/', 'Feed file'],
    ['/caf%C3%A9/', 'Café'],
    ['/about?ref=mail', 'About'],
  ])('%s serves the %s page', async (path, heading) => {
    const res = await get(path, { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain(`<h1>${heading}</h1>`);
  });

  it('sends the brotli variant, else gzip, else the file, as the client accepts', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gz = await get('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.headers.get('content-length'))).toBe(gzipSync('<h1>Home</h1>'.repeat(40)).length);
    const plain = await get('/', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('<h1>Home</h1>'.repeat(40));
  });

  it('marks hashed assets immutable and pages as revalidated on every visit', async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/_astro/app.abc123.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/about/')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers 304 to a matching If-None-Match, per variant', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });

  it('streams ranges of a big file (the hero video), suffix ranges included', async () => {
    const part = await get('/media/clip.mp4', { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(video.subarray(10, 20));
    const tail = await get('/media/clip.mp4', { range: 'bytes=-5' });
    expect(tail.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect((await get('/media/clip.mp4', { range: 'bytes=2000-' })).status).toBe(416);
    const whole = await get('/media/clip.mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(video);
  });

  it('answers unknown paths, dotfiles and escapes with the not-found page (404, compressed, not cached)', async () => {
    for (const path of ['/nope', '/.hidden', '/../package.json', '/about/../../etc/passwd', '/%E0%A4%A']) {
      const res = await get(path, { 'accept-encoding': 'gzip' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-encoding'), path).toBe('gzip');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('etag'), path).toBeNull();
    }
    expect(await (await get('/nope')).text()).toContain('Page not found');
  });

  it('refuses other methods on files', async () => {
    const res = await get('/', {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('accepts', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['gzip;q=0.5', 'gzip', true],
    ['gzip;q=0', 'gzip', false],
    ['GZIP', 'gzip', true],
    ['x-gzip', 'gzip', false],
    ['', 'br', false],
    [undefined, 'br', false],
  ])('%s accepts %s: %s', (header, coding, expected) => {
    expect(accepts(header, coding)).toBe(expected);
  });
});
