// The bench's own stack on loopback: the built cms on the bench dataset, the static site built from it and
// served by site/server/serve.mjs, and (for signed-in figures) the Firebase Auth emulator.
//
// The cms runs with NODE_ENV=production, except while signed-in figures are taken: the cms refuses to
// start in production with the Auth emulator (its tokens are unsigned), and no real Firebase project is
// reachable here, so those run with NODE_ENV=development on the same build, database and port.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/toolchain.mjs';
import { buildCms, firebaseConfig, log, siteBuildEnv, waitFor } from '../../scripts/lib/stack.mjs';
import { PANEL_ADMIN, PANEL_OWNER, FIREBASE_PROJECT_ID } from '../../scripts/lib/demo-accounts.mjs';
import { seedAuthEmulator } from '../../scripts/lib/seed-auth.mjs';
import { startProcess, stopAll, stopProcess } from './proc.mjs';
import { BENCH_ADMIN } from './users.mjs';

/** Ports of the bench stack; WRITORY_PORT_OFFSET moves them like every other stack's. */
const BASE_PORTS = { cms: 1338, site: 4328, auth: 9098, hub: 4408, logging: 4508, nginx: 8088, koa: 8087 };

export function benchPorts(env = process.env) {
  const offset = Number(env.WRITORY_PORT_OFFSET ?? 0);
  return Object.fromEntries(Object.entries(BASE_PORTS).map(([name, port]) => [name, port + offset]));
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
export const LOG_DIR = join(root, '.var', 'bench');

/** What a signed-in benchmark needs: users in the Auth emulator and their ID tokens. */
function authClient(host) {
  const base = `http://${host}`;
  return {
    host,
    async createUsers(accounts) {
      await seedAuthEmulator({ host, accounts: accounts.map((a) => ({ ...a, name: a.name ?? a.uid, emailVerified: true })) });
    },
    async idToken(email, password) {
      const res = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      if (!res.ok) throw new Error(`auth emulator sign-in of ${email}: ${res.status} ${await res.text()}`);
      return (await res.json()).idToken;
    },
  };
}

export function createBenchStack({ dataset, reuseSite = false }) {
  const ports = benchPorts();
  const env = { ...process.env, FORCE_COLOR: '0' };
  const rebuildToken = randomBytes(24).toString('hex');
  const secrets = Object.fromEntries(
    ['APP_KEYS', 'API_TOKEN_SALT', 'ADMIN_JWT_SECRET', 'TRANSFER_TOKEN_SALT', 'JWT_SECRET', 'ENCRYPTION_KEY'].map((k) => [
      k,
      randomBytes(24).toString('base64'),
    ]),
  );
  const urls = { cms: `http://127.0.0.1:${ports.cms}`, site: `http://127.0.0.1:${ports.site}`, auth: `127.0.0.1:${ports.auth}` };
  const state = { cms: null, cmsMode: null, site: null, siteBuilt: reuseSite && existsSync(join(root, 'site/dist/index.html')), auth: null };
  mkdirSync(LOG_DIR, { recursive: true });
  const privateDir = join(LOG_DIR, 'private');
  rmSync(privateDir, { recursive: true, force: true });

  const cmsEnv = (mode, extra) => ({
    ...env,
    ...(mode === 'production' ? { NODE_ENV: 'production', ...secrets } : { NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: urls.auth }),
    HOST: '127.0.0.1',
    PORT: String(ports.cms),
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: dataset,
    FIREBASE_PROJECT_ID,
    WRITORY_DEMO_DATA: 'false',
    SITE_REBUILD_URL: `${urls.site}/__rebuild`,
    SITE_REBUILD_TOKEN: rebuildToken,
    CORS_ORIGINS: `${urls.site},http://localhost:${ports.site}`,
    STRAPI_ADMIN_EMAIL: PANEL_OWNER.email,
    STRAPI_ADMIN_PASSWORD: PANEL_OWNER.password,
    STRAPI_EDITOR_EMAIL: PANEL_ADMIN.email,
    STRAPI_EDITOR_PASSWORD: PANEL_ADMIN.password,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '9', // nothing is mailed during the bench
    // As in production behind its proxy: the bench connects from loopback, a trusted proxy by default
    // (TRUSTED_PROXIES), so the client address is its X-Forwarded-For entry (the visits load comes from many
    // addresses, as real visitors do, instead of one that the per-client limit would stop).
    TRUSTED_PROXIES: 'loopback',
    ADMIN_EMAILS: BENCH_ADMIN.email,
    // Files uploaded during a run (entries) go to the run's own folder, emptied at each start.
    PRIVATE_FILES_DIR: privateDir,
    ...extra,
  });

  const stack = {
    ports,
    urls,
    rebuildToken,
    /** The SQLite file the cms runs on (this run's copy of the dataset). */
    databaseFile: dataset,
    get cmsPid() {
      return state.cms?.pid;
    },
    get sitePid() {
      return state.site?.pid;
    },
    get siteLog() {
      return state.site?.logFile;
    },

    /**
     * The cms in `mode` ('production' or 'signed-in'), with `extraEnv` added to its environment; restarted when
     * it runs in the other mode or with other extra settings. `cmsDir`: another built cms folder (the "before" side
     * of a benchmark, bench/lib/before-cms.mjs) instead of this checkout's.
     */
    async cms(mode = 'production', extraEnv = {}, { cmsDir = null } = {}) {
      if (mode === 'signed-in') await stack.auth();
      const key = `${mode} ${JSON.stringify(extraEnv)} ${cmsDir ?? ''}`;
      if (state.cms && state.cmsKey === key && state.cms.exitCode === null) return urls.cms;
      await stopProcess(state.cms);
      if (!cmsDir) await buildCms(env);
      log(`bench: cms (${mode}${Object.keys(extraEnv).length ? ` with ${JSON.stringify(extraEnv)}` : ''}${cmsDir ? ` from ${cmsDir}` : ''}) on ${urls.cms}`);
      state.cms = startProcess('cms', bin('strapi'), ['start'], {
        cwd: cmsDir ?? join(root, 'cms'),
        env: cmsEnv(mode, extraEnv),
        logFile: join(LOG_DIR, 'cms.log'),
      });
      state.cmsMode = mode;
      state.cmsKey = key;
      await waitFor(`${urls.cms}/api/health`, 'cms', { child: state.cms, timeoutMs: 120_000 });
      return urls.cms;
    },

    get cmsMode() {
      return state.cmsMode;
    },

    /** Builds the site from the cms (once per run) and serves it; returns the build's seconds when it built. */
    async site() {
      if (!state.cms) await stack.cms('production');
      if (!state.siteBuilt) {
        log('bench: building the site from the bench dataset');
        const started = Date.now();
        await new Promise((resolve, reject) => {
          const child = spawn(bin('astro'), ['build'], {
            cwd: join(root, 'site'),
            env: siteBuildEnv(env, ports),
            stdio: ['ignore', 'ignore', 'inherit'],
          });
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`))));
        });
        state.siteBuildSeconds = (Date.now() - started) / 1000;
        state.siteBuilt = true;
      }
      if (!state.site || state.site.exitCode !== null) {
        state.site = startProcess('site', process.execPath, [join(root, 'site/server/serve.mjs')], {
          cwd: join(root, 'site'),
          env: { ...siteBuildEnv(env, ports), PORT: String(ports.site), SITE_REBUILD_TOKEN: rebuildToken },
          logFile: join(LOG_DIR, 'site.log'),
        });
        // It precompresses every page before it listens: minutes with a thousand articles.
        const started = Date.now();
        await waitFor(`${urls.site}/`, 'site', { child: state.site, timeoutMs: 600_000 });
        state.siteStartSeconds = (Date.now() - started) / 1000;
      }
      return { url: urls.site, buildSeconds: state.siteBuildSeconds, startSeconds: state.siteStartSeconds };
    },

    /** The Auth emulator (started once). */
    async auth() {
      if (!state.auth) {
        log(`bench: auth emulator on ${urls.auth}`);
        const child = startProcess(
          'auth emulator',
          bin('firebase'),
          ['emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT_ID, '--config', firebaseConfig(ports)],
          {
            cwd: LOG_DIR,
            env: { ...env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
            logFile: join(LOG_DIR, 'auth-emulator.log'),
          },
        );
        await waitFor(`http://${urls.auth}/`, 'auth emulator', { child });
        state.auth = { child, client: authClient(urls.auth) };
      }
      return state.auth.client;
    },

    stop: stopAll,
  };
  return stack;
}
