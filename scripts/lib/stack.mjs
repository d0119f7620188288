// Starts and stops the whole local stack: mail sink, Firebase Auth emulator, cms, site.
// Used by `npm start` (profile "dev") and by the e2e run of `npm test` (profile "test", and "test-alone" for the tests
// tagged `@alone`, which run on a stack of their own beside the others).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { root } from '../toolchain.mjs';
import { runToEnd } from './run-to-end.mjs';
import { DEMO_ACCOUNTS, PANEL_ADMIN, PANEL_OWNER, FIREBASE_PROJECT_ID } from './demo-accounts.mjs';
import { seedAuthEmulator } from './seed-auth.mjs';

export const PROFILES = {
  dev: { cms: 1337, site: 4321, auth: 9099, hub: 4400, logging: 4450, smtp: 1025, mailWeb: 1080, db: '.tmp/data.db' },
  test: { cms: 1339, site: 4329, auth: 9159, hub: 4409, logging: 4459, smtp: 1029, mailWeb: 1089, db: '.tmp/e2e.db' },
  'test-alone': { cms: 1346, site: 4336, auth: 9166, hub: 4416, logging: 4466, smtp: 1036, mailWeb: 1096, db: '.tmp/e2e-alone.db' },
};

/** WRITORY_PORT_OFFSET moves every port of a profile, so two checkouts can run side by side. */
function portsOf(profile) {
  const offset = Number(process.env.WRITORY_PORT_OFFSET ?? 0);
  const ports = { ...PROFILES[profile] };
  for (const key of Object.keys(ports)) if (typeof ports[key] === 'number') ports[key] += offset;
  if (offset) ports.db = ports.db.replace(/\.db$/, `-${ports.cms}.db`);
  return ports;
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
const varDir = join(root, '.var');

/**
 * Where a profile's cms keeps its data: the SQLite file (relative to cms/), the private files (poems, photos) and,
 * for the test stack, a public folder of its own (the media library's uploads), so that the e2e run's uploads never
 * land in cms/public/uploads, where `npm start` keeps its media and the cms tests count files.
 */
export function cmsDataPaths(profile) {
  const ports = portsOf(profile);
  // One private folder per database, so one stack's cleanup never meets another's files.
  const privateFiles = join(varDir, 'private', `${profile}-${ports.cms}`);
  const publicDir = profile === 'dev' ? null : join(varDir, 'public', `${profile}-${ports.cms}`);
  return { db: ports.db, privateFiles, publicDir };
}

/**
 * Test runs: every Node process started after this (about fifty Strapi boots in a run) reuses V8's compiled code of
 * the modules it loads instead of compiling them again. Not for coverage runs, which it would make less precise.
 */
export function useCompileCache() {
  process.env.NODE_COMPILE_CACHE ??= join(varDir, 'node-compile-cache');
}

export function log(msg) {
  process.stdout.write(`[writory] ${msg}\n`);
}

/** Hash of every file under the given paths: rebuild only when something changed. */
function treeFingerprint(paths) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p).sort()) {
        if (['node_modules', 'dist', '.tmp', '.strapi', '.cache', 'generated', 'uploads'].includes(entry)) continue;
        walk(join(p, entry));
      }
    } else {
      hash.update(p);
      hash.update(readFileSync(p));
    }
  };
  paths.forEach(walk);
  return hash.digest('hex');
}

/** Each build once per process: a second caller (another stack starting, a lane) waits for the first. */
const builds = new Map();

function buildOnce(name, inputs, build) {
  if (!builds.has(name)) {
    builds.set(
      name,
      (async () => {
        mkdirSync(varDir, { recursive: true });
        const stamp = join(varDir, `${name}.build-stamp`);
        const fingerprint = treeFingerprint(inputs);
        if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return;
        log(`building ${name}`);
        await build();
        writeFileSync(stamp, fingerprint);
      })(),
    );
  }
  return builds.get(name);
}

/** Runs a build command to its end without blocking this process (its output as it comes); throws if it fails. */
async function runBuild(cmd, args, opts) {
  const { status, signal } = await runToEnd(cmd, args, opts);
  if (status !== 0) throw new Error(`${basename(cmd)} ${args[0]} exited with ${signal ?? status}`);
}

/** Compiles packages/shared (the contract the cms and the site import), when its sources changed. */
export function buildShared() {
  return buildOnce('shared', [join(root, 'packages/shared/src'), join(root, 'packages/shared/tsconfig.json')], () =>
    runBuild(bin('tsc'), ['-p', 'packages/shared/tsconfig.json'], { cwd: root }),
  );
}

/**
 * Compiles the cms and builds its admin panel (strapi build), when its sources changed. Its ~30 s keep about 1.3 of
 * two cores busy, so callers start what does not need it (the static checks, a stack's Auth emulator) beside it.
 */
export async function buildCms(env) {
  await buildShared();
  const cmsDir = join(root, 'cms');
  await buildOnce('cms', [join(cmsDir, 'src'), join(cmsDir, 'config'), join(cmsDir, 'package.json'), join(cmsDir, 'tsconfig.json')], async () => {
    // `strapi build` compiles over the old output: a file moved or removed in src/ would still load from dist/.
    for (const dir of ['src', 'config']) rmSync(join(cmsDir, 'dist', dir), { recursive: true, force: true });
    await runBuild(bin('strapi'), ['build', '--minify'], { cwd: cmsDir, env: { ...env, NODE_ENV: 'production' } });
  });
}

/** What an astro build needs: where the cms is, and the public Firebase settings for the browser. */
export function siteBuildEnv(env, ports) {
  return {
    ...env,
    CMS_URL: `http://127.0.0.1:${ports.cms}`,
    PUBLIC_SITE_URL: `http://localhost:${ports.site}`,
    PUBLIC_FIREBASE_PROJECT_ID: FIREBASE_PROJECT_ID,
    PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
    PUBLIC_FIREBASE_AUTH_DOMAIN: 'localhost',
    PUBLIC_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
  };
}

/** Each local stack builds and serves its own folder (site/dist-<site port>): npm start and npm test can run at once. */
const siteDistOf = (ports) => `dist-${ports.site}`;

/** Builds the site without blocking this process (the e2e run starts two stacks at once); `quiet` keeps only errors. */
function buildSite(env, ports, { quiet }) {
  log(`building the site from the cms on port ${ports.cms}`);
  const child = spawn(bin('astro'), ['build', '--outDir', siteDistOf(ports)], {
    cwd: join(root, 'site'),
    env: siteBuildEnv(env, ports),
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${signal ?? code}`))));
  });
}

export async function waitFor(url, what, { timeoutMs = 90_000, child } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} was not ready at ${url} after ${timeoutMs / 1000}s`);
}

export function firebaseConfig(ports) {
  mkdirSync(varDir, { recursive: true });
  const file = join(varDir, `firebase.${ports.auth}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: ports.auth },
        hub: { host: '127.0.0.1', port: ports.hub },
        logging: { host: '127.0.0.1', port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  return file;
}

/**
 * Starts everything and resolves once every service answers.
 * Returns { profile, stop, urls, ports, env, children }, where env holds what tests need to reach the services.
 */
export async function startStack({ profile = 'dev', demoData = true, freshDatabase = false, quiet = false, extraCmsEnv = {} } = {}) {
  const ports = portsOf(profile);
  const children = [];
  const baseEnv = { ...process.env, FORCE_COLOR: '0' };
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  const rebuildToken = randomBytes(24).toString('hex');
  const logsDir = join(varDir, 'logs', profile);
  mkdirSync(logsDir, { recursive: true });

  const spawnService = (name, cmd, args, opts) => {
    const child = spawn(cmd, args, { stdio, detached: true, ...opts });
    child.serviceName = name;
    children.push(child);
    child.on('exit', (code, signal) => {
      if (!stopping && code !== 0) log(`${name} stopped unexpectedly (${signal ?? `exit ${code}`})`);
    });
    return child;
  };

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null) continue;
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode) return resolve();
            const force = setTimeout(() => {
              try {
                process.kill(-child.pid, 'SIGKILL');
              } catch {
                // already gone
              }
              resolve();
            }, 8000);
            child.on('exit', () => {
              clearTimeout(force);
              resolve();
            });
          }),
      ),
    );
  };

  try {
    // The cms's build (when its sources changed) beside the mail sink's and the Auth emulator's start.
    const cmsBuilt = buildCms(baseEnv);
    cmsBuilt.catch(() => undefined); // awaited below; a failure before that point must not go unhandled meanwhile

    log(`mail sink: smtp 127.0.0.1:${ports.smtp}, inbox http://localhost:${ports.mailWeb}`);
    const mail = spawnService('mail sink', bin('maildev'), ['--ip', '127.0.0.1', '--smtp', String(ports.smtp), '--web', String(ports.mailWeb), '--silent'], {
      cwd: root,
      env: baseEnv,
    });

    const firebaseArgs = ['emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT_ID, '--config', firebaseConfig(ports)];
    const authData = join(varDir, 'auth-emulator');
    if (profile === 'dev') {
      if (existsSync(join(authData, 'firebase-export-metadata.json'))) firebaseArgs.push('--import', authData);
      firebaseArgs.push('--export-on-exit', authData);
    }
    log(`auth emulator on 127.0.0.1:${ports.auth}`);
    const auth = spawnService('auth emulator', bin('firebase'), firebaseArgs, {
      cwd: varDir,
      env: { ...baseEnv, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: baseEnv.CI ?? '' },
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'],
    });
    const authHost = `127.0.0.1:${ports.auth}`;
    await waitFor(`http://${authHost}/`, 'auth emulator', { child: auth });
    await waitFor(`http://127.0.0.1:${ports.mailWeb}/`, 'mail sink', { child: mail });
    await seedAuthEmulator({ host: authHost, accounts: DEMO_ACCOUNTS });

    const cmsDir = join(root, 'cms');
    const { privateFiles, publicDir } = cmsDataPaths(profile);
    if (freshDatabase) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(join(cmsDir, ports.db + suffix), { force: true });
      for (const dir of [privateFiles, publicDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    }
    // Strapi's local upload provider refuses to start without its uploads folder.
    if (publicDir) mkdirSync(join(publicDir, 'uploads'), { recursive: true });
    const cmsEnv = {
      ...baseEnv,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(ports.cms),
      DATABASE_FILENAME: ports.db,
      PRIVATE_FILES_DIR: privateFiles,
      ...(publicDir ? { PUBLIC_DIR: publicDir } : {}),
      FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(ports.smtp),
      CORS_ORIGINS: `http://localhost:${ports.site},http://127.0.0.1:${ports.site}`,
      WRITORY_DEMO_DATA: demoData ? 'true' : 'false',
      SITE_REBUILD_URL: `http://127.0.0.1:${ports.site}/__rebuild`,
      SITE_REBUILD_TOKEN: rebuildToken,
      ADMIN_EMAILS: DEMO_ACCOUNTS.filter((a) => a.role === 'admin')
        .map((a) => a.email)
        .join(','),
      STRAPI_ADMIN_EMAIL: PANEL_OWNER.email,
      STRAPI_ADMIN_PASSWORD: PANEL_OWNER.password,
      STRAPI_EDITOR_EMAIL: PANEL_ADMIN.email,
      STRAPI_EDITOR_PASSWORD: PANEL_ADMIN.password,
      ...extraCmsEnv,
    };
    await cmsBuilt;
    log(`cms on http://localhost:${ports.cms}`);
    const cms = spawnService('cms', bin('strapi'), ['start'], { cwd: cmsDir, env: cmsEnv });
    await waitFor(`http://127.0.0.1:${ports.cms}/api/health`, 'cms', { child: cms });

    await buildSite(baseEnv, ports, { quiet });
    const site = spawnService('site', process.execPath, [join(root, 'site/server/serve.mjs')], {
      cwd: join(root, 'site'),
      env: { ...siteBuildEnv(baseEnv, ports), PORT: String(ports.site), SITE_REBUILD_TOKEN: rebuildToken, SITE_DIST_DIR: siteDistOf(ports) },
    });
    await waitFor(`http://127.0.0.1:${ports.site}/`, 'site', { child: site });

    const urls = {
      site: `http://localhost:${ports.site}`,
      cms: `http://localhost:${ports.cms}`,
      cmsAdmin: `http://localhost:${ports.cms}/admin`,
      mail: `http://localhost:${ports.mailWeb}`,
      authEmulator: `http://127.0.0.1:${ports.auth}`,
    };
    return { profile, stop, urls, ports, env: { FIREBASE_AUTH_EMULATOR_HOST: authHost, FIREBASE_PROJECT_ID }, children };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The environment a Playwright run needs to reach a started stack (e2e/demo.ts reads it). */
export function e2eEnv(stack, env = process.env) {
  return {
    ...env,
    E2E_BASE_URL: stack.urls.site,
    E2E_CMS_URL: stack.urls.cms,
    E2E_MAIL_URL: stack.urls.mail,
    E2E_AUTH_EMULATOR_URL: stack.urls.authEmulator,
    ...stack.env,
  };
}
