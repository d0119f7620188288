// The site's production server: static files from dist/, /api and /uploads proxied to the cms
// so the pages and the API share one origin, unknown paths answer 404 with the not-found page,
// and POST /__rebuild (from the cms, with a shared token) rebuilds the static pages in place.
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiProxy } from './api-proxy.mjs';
import { createRebuilder } from './rebuilder.mjs';
import { precompress } from './precompress.mjs';
import { buildInlineHashes, securityHeaders } from './security-headers.mjs';
import { createStaticFiles } from './static-files.mjs';

const siteDir = fileURLToPath(new URL('..', import.meta.url));
// The local stacks (npm start, the e2e run) each serve a folder of their own, so one never rebuilds under the other.
const distDir = resolve(siteDir, process.env.SITE_DIST_DIR ?? 'dist');
const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const rebuildToken = process.env.SITE_REBUILD_TOKEN ?? '';

const log = (msg) => console.log(`site: ${msg}`);

const proxy = createApiProxy(cmsUrl);

/** Built assets have hashed names and never change; pages are revalidated on every visit. */
const cacheControl = (path) => (path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
/** A build's security headers: its page policy allows the inline scripts and styles of its HTML, so they are computed once per build. */
const headersOf = async (dir) => securityHeaders(await buildInlineHashes(dir));
const staticFiles = (headers) => createStaticFiles(distDir, { cacheControl, headers });

await precompress(distDir);
let files = staticFiles(await headersOf(distDir));
// Issued certificates are not built as pages: /certificate/{slug} is answered with the one certificate page.
const isCertificate = (url = '') => /^\/certificate\/[^/?#]+\/?(\?.*)?$/.test(url);

/** The earliest time a build's output says it read the cms (src/lib/cms.ts), if it says so. */
const firstReadIn = (output) => {
  const times = [...output.matchAll(/^writory-build-read-cms-at (\d+)$/gm)].map((match) => Number(match[1]));
  return times.length ? Math.min(...times) : undefined;
};

/**
 * Builds into a fresh folder, then swaps it in, so visitors never see a half-built site. Resolves to { readFrom }:
 * when the build first read the cms (the rebuilder needs no other build for a change told long enough before).
 */
function buildSite() {
  const nextDir = `${distDir}-next`;
  const oldDir = `${distDir}-old`;
  rmSync(nextDir, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${siteDir}../node_modules/astro/bin/astro.mjs`, 'build', '--outDir', nextDir], {
      cwd: siteDir,
      env: { ...process.env, SITE_BUILD_TELLS_READ: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    // 'close': the build has exited and its output is all read.
    child.on('close', (code) => {
      if (code !== 0 || !existsSync(`${nextDir}/index.html`)) return reject(new Error(`astro build exited with ${code}`));
      Promise.all([precompress(nextDir, { previous: distDir }), headersOf(nextDir)]).then(([{ compressed, reused }, headers]) => {
        log(`compressed ${compressed} changed files, reused ${reused}`);
        rmSync(oldDir, { recursive: true, force: true });
        renameSync(distDir, oldDir);
        renameSync(nextDir, distDir);
        files = staticFiles(headers);
        rmSync(oldDir, { recursive: true, force: true });
        resolve({ readFrom: firstReadIn(output) });
      }, reject);
    });
  });
}
const rebuilder = createRebuilder({ build: buildSite, log });

function tokenMatches(given) {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(rebuildToken);
  return rebuildToken !== '' && a.length === b.length && timingSafeEqual(a, b);
}

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const isProxied = (url = '') => url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/');

// Idle keep-alive connections stay open longer than clients keep theirs (60 s is common): with Node's default of
// 5 s, a client could reuse one just as the server closed it and be reset. close() still drops idle ones at once.
export const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, (req, res) => {
  if (isProxied(req.url)) return proxy.web(req, res);
  if (req.url === '/__rebuild') {
    if (req.method !== 'POST') return json(res, 405, { error: { status: 405, name: 'MethodNotAllowed', message: 'POST only' } });
    if (!tokenMatches(req.headers['x-rebuild-token'])) return json(res, 403, { error: { status: 403, name: 'Forbidden', message: 'bad rebuild token' } });
    rebuilder.request();
    return json(res, 202, { accepted: true });
  }
  if (files.serve(req, res)) return;
  if (isCertificate(req.url) && files.serve({ method: req.method, headers: req.headers, url: '/certificate' }, res)) return;
  files.notFound(req, res);
});

server.listen(port, host, () => log(`http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
