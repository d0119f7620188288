// The Writory Wall benchmark: the wall's first page with many approved posts (100,000 by default), read by 50
// concurrent visitors. Prints and saves server time p50/p95 of the built page and of the cms API the page's island
// reads (cached, and with the cache off), and the bytes a first visit transfers.
//
//   export PATH=$PWD/.toolchain/node-24.21.0/bin:$PATH
//   node bench/wall.mjs [--posts 100000] [--connections 50] [--seconds 15]
//   node bench/wall.mjs --static-probe 3000   # how long `astro build` takes with one static page per post
//
// Uses its own ports (1341/4331 + WRITORY_PORT_OFFSET) and database (cms/.tmp/bench-wall-*.db); needs no emulator.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import http from 'node:http';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildCms } from '../scripts/lib/stack.mjs';
import { root } from '../scripts/toolchain.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const POSTS = Number(args.posts ?? 100_000);
const CONNECTIONS = Number(args.connections ?? 50);
const SECONDS = Number(args.seconds ?? 15);
const STATIC_PROBE = args['static-probe'] ? Number(args['static-probe']) : null;
const offset = Number(process.env.WRITORY_PORT_OFFSET ?? 0);
const ports = { cms: 1341 + offset, site: 4331 + offset };
const cmsDir = join(root, 'cms');
const siteDir = join(root, 'site');
const dbFile = `.tmp/bench-wall-${ports.cms}.db`;
const outDir = join(root, '.var', `bench-wall-site-${ports.site}`);
const cmsUrl = `http://127.0.0.1:${ports.cms}`;
const siteUrl = `http://127.0.0.1:${ports.site}`;
const log = (msg) => console.log(`[bench:wall] ${msg}`);

const cmsEnv = {
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(ports.cms),
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: dbFile,
  FIREBASE_PROJECT_ID: 'demo-writory',
  WRITORY_DEMO_DATA: 'true',
  CRON_ENABLED: 'false',
  STRAPI_TELEMETRY_DISABLED: 'true',
  SITE_REBUILD_URL: '',
};

/** Demo data plus `count` approved posts, written by an in-process cms (batched inserts). */
async function seed(count) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(cmsDir, dbFile + suffix), { force: true });
  const saved = { ...process.env };
  Object.assign(process.env, cmsEnv);
  process.chdir(cmsDir);
  const require = createRequire(join(cmsDir, 'package.json'));
  const { createStrapi } = require('@strapi/strapi');
  const strapi = await createStrapi({ appDir: cmsDir, distDir: join(cmsDir, 'dist') }).load();
  strapi.log.level = 'warn';
  const started = Date.now();
  await require(join(cmsDir, 'dist/src/seed/wall.js')).seedWallBulk(strapi, count);
  log(`seeded ${count.toLocaleString('en')} approved posts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await strapi.destroy();
  process.chdir(root);
  process.env = saved;
}

function start(name, cmd, cmdArgs, opts) {
  const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'ignore', 'inherit'], detached: true, ...opts });
  child.stopNow = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    process.kill(-child.pid, 'SIGTERM');
  });
  child.on('exit', (code) => code && log(`${name} exited with ${code}`));
  return child;
}

async function waitFor(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const startCms = async (extraEnv = {}) => {
  const cms = start('cms', join(root, 'node_modules/.bin/strapi'), ['start'], { cwd: cmsDir, env: { ...cmsEnv, ...extraEnv } });
  await waitFor(`${cmsUrl}/api/health`);
  return cms;
};

async function timed(label, run) {
  const started = Date.now();
  await run();
  const seconds = (Date.now() - started) / 1000;
  log(`${label}: ${seconds.toFixed(1)} s`);
  return seconds;
}

const astroBuild = (cwd, dir) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dir], {
      cwd,
      env: { ...process.env, CMS_URL: cmsUrl, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_SITE_URL: siteUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`))));
  });

/** `CONNECTIONS` clients for `SECONDS`; percentiles from every response's own time. */
async function load(url, headers = {}) {
  const times = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (q) => +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  return { requests: times.length, requestsPerSecond: Math.round(result.requests.average), p50ms: at(0.5), p95ms: at(0.95), p99ms: at(0.99), errors: result.errors + result.non2xx };
}

/** One reader alone: the server time of `n` requests in a row, without contention from other readers. */
async function alone(url, n = 30) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50ms: +times[Math.floor(n / 2)].toFixed(1), p95ms: +times[Math.floor(n * 0.95)].toFixed(1) };
}

/** GET with the raw bytes on the wire (fetch would decompress them). */
const rawGet = (path, headers = {}) =>
  new Promise((resolve, reject) => {
    http.get(`${siteUrl}${path}`, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });

/** What a first visit to /writory-wall downloads: the page, its CSS and JavaScript, and the island's API read. */
async function transfer() {
  const page = await rawGet('/writory-wall', { 'accept-encoding': 'br' });
  const html = (page.encoding === 'br' ? brotliDecompressSync(page.body) : page.body).toString();
  const assets = new Set([...html.matchAll(/(?:src|href|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]));
  let assetBytes = 0;
  for (const asset of assets) assetBytes += (await rawGet(asset, { 'accept-encoding': 'br' })).body.length;
  const api = await rawGet('/api/wall/posts?sort=newest&page=1', { 'accept-encoding': 'gzip, br' });
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlBrotliBytes: page.body.length,
    staticAssets: assets.size,
    staticAssetsBrotliBytes: assetBytes,
    apiJsonBytes: api.body.length,
    apiJsonEncoding: api.encoding ?? 'identity',
    apiJsonGzipBytes: gzipSync(api.body).length,
  };
}

/** One static page per post (the alternative we did not take), built from the cms at this size. */
async function staticProbe(count) {
  const probeDir = join(root, '.var', `bench-wall-probe-${ports.site}`);
  rmSync(probeDir, { recursive: true, force: true });
  cpSync(siteDir, probeDir, { recursive: true, filter: (src) => !/\/(dist|node_modules|\.astro)(\/|$)/.test(src.slice(siteDir.length)) });
  mkdirSync(join(probeDir, 'src/pages/wall-probe'), { recursive: true });
  writeFileSync(
    join(probeDir, 'src/pages/wall-probe/[id].astro'),
    `---
import Main from '../../layouts/Main.astro';
import PoemText from '../../components/wall/PoemText';
export async function getStaticPaths() {
  const paths = [];
  for (let page = 1; ; page++) {
    const res = await fetch(\`\${process.env.CMS_URL}/api/wall/posts?page=\${page}&pageSize=50\`);
    const { posts, pagination } = await res.json();
    for (const post of posts) paths.push({ params: { id: String(post.id) }, props: { post } });
    if (page >= pagination.pageCount) return paths;
  }
}
const { post } = Astro.props;
---
<Main title={post.title} description={post.title}><article><h1 dir="auto" lang={post.language}>{post.title}</h1><PoemText text={post.excerpt} language={post.language} /></article></Main>
`,
  );
  const dir = join(root, '.var', `bench-wall-probe-out-${ports.site}`);
  rmSync(dir, { recursive: true, force: true });
  const build = await timed(`astro build with ${count.toLocaleString('en')} static post pages`, () => astroBuild(probeDir, dir));
  const { precompress } = await import('../site/server/precompress.mjs');
  const compress = await timed('precompress of that build', () => precompress(dir));
  const pages = readdirSync(join(dir, 'wall-probe')).length;
  rmSync(probeDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  return { posts: count, postPages: pages, astroBuildSeconds: build, precompressSeconds: compress, secondsPerThousandPages: +((build + compress) / (pages / 1000)).toFixed(1) };
}

const os = await import('node:os');
const results = { date: new Date().toISOString(), posts: STATIC_PROBE ?? POSTS, connections: CONNECTIONS, seconds: SECONDS, cores: os.cpus().length, loadAverageAtStart: os.loadavg()[0] };
buildCms(process.env);
await seed(STATIC_PROBE ?? POSTS);
let cms = await startCms();
const children = [cms];
try {
  if (STATIC_PROBE) {
    results.staticProbe = await staticProbe(STATIC_PROBE);
  } else {
    rmSync(outDir, { recursive: true, force: true });
    results.siteBuildSeconds = await timed('astro build of the site (the wall page reads page 1 only)', () => astroBuild(siteDir, outDir));
    const site = start('site', process.execPath, [join(siteDir, 'server/serve.mjs')], {
      cwd: siteDir,
      env: { ...process.env, PORT: String(ports.site), CMS_URL: cmsUrl, SITE_DIST_DIR: outDir, SITE_REBUILD_TOKEN: '' },
    });
    children.push(site);
    await waitFor(`${siteUrl}/writory-wall`);
    results.transfer = await transfer();
    log(`first visit: HTML ${results.transfer.htmlBrotliBytes} B (br), ${results.transfer.staticAssets} assets ${results.transfer.staticAssetsBrotliBytes} B (br), API ${results.transfer.apiJsonBytes} B`);
    results.page = await load(`${siteUrl}/writory-wall`, { 'accept-encoding': 'br' });
    log(`GET /writory-wall: p50 ${results.page.p50ms} ms, p95 ${results.page.p95ms} ms, ${results.page.requestsPerSecond} req/s`);
    results.apiCached = await load(`${siteUrl}/api/wall/posts?sort=newest&page=1`);
    log(`GET /api/wall/posts (cached 5 s): p50 ${results.apiCached.p50ms} ms, p95 ${results.apiCached.p95ms} ms, ${results.apiCached.requestsPerSecond} req/s`);
    await cms.stopNow();
    cms = await startCms({ WALL_CACHE_SECONDS: '0' });
    children[0] = cms;
    results.apiUncachedAlone = await alone(`${cmsUrl}/api/wall/posts?sort=newest&page=1`);
    results.apiUncachedMostLikedAlone = await alone(`${cmsUrl}/api/wall/posts?sort=most-liked&page=1`);
    results.apiUncachedDeepPageAlone = await alone(`${cmsUrl}/api/wall/posts?sort=newest&page=4000`);
    log(`one reader, cache off: newest p50 ${results.apiUncachedAlone.p50ms} ms, most liked p50 ${results.apiUncachedMostLikedAlone.p50ms} ms, page 4000 p50 ${results.apiUncachedDeepPageAlone.p50ms} ms`);
    results.apiUncached = await load(`${siteUrl}/api/wall/posts?sort=newest&page=1`);
    log(`GET /api/wall/posts (cache off): p50 ${results.apiUncached.p50ms} ms, p95 ${results.apiUncached.p95ms} ms, ${results.apiUncached.requestsPerSecond} req/s`);
    results.apiUncachedMostLiked = await load(`${siteUrl}/api/wall/posts?sort=most-liked&page=1`);
    log(`GET /api/wall/posts most liked (cache off): p50 ${results.apiUncachedMostLiked.p50ms} ms, p95 ${results.apiUncachedMostLiked.p95ms} ms`);
  }
} finally {
  for (const child of children) await child.stopNow();
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(cmsDir, dbFile + suffix), { force: true });
  rmSync(outDir, { recursive: true, force: true });
}

const resultsDir = join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, STATIC_PROBE ? 'wall-static-probe.json' : 'wall.json');
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
log(`saved ${file}`);
process.exit(0);
