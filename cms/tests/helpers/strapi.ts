// Boots the real cms in-process on a throwaway database and serves its HTTP API to supertest.
import { createRequire } from 'node:module';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import supertest from 'supertest';
import { threadId } from 'node:worker_threads';
import type { Core } from '@strapi/strapi';
import { freePort, isDemoCopy, POSTGRES_DEMO_FILES } from './postgres';
import { timed } from './timings';

const require = createRequire(import.meta.url);
const appDir = path.resolve(__dirname, '..', '..');

export interface TestCms {
  strapi: Core.Strapi;
  api: ReturnType<typeof supertest>;
  stop(): Promise<void>;
}

/** Set by tests/global-setup.ts: a SQLite file with the cms's tables and no rows of ours. */
export const SQLITE_TEMPLATE = 'WRITORY_SQLITE_TEMPLATE';
/** Set by tests/global-setup.ts: a SQLite file with the cms's tables and the demo data, and its entries' private files. */
export const SQLITE_DEMO_TEMPLATE = 'WRITORY_SQLITE_DEMO_TEMPLATE';
export const SQLITE_DEMO_FILES = 'WRITORY_SQLITE_DEMO_FILES';

/**
 * Whether a boot with these variables (a file's, on top of testCmsEnv) seeds what the run's demo templates hold, so it
 * may start from one instead of seeding: the demo data on, in a test process (the competitions' and results' demo
 * rows are left out there) and the private files on disk (with FILE_STORAGE=s3 the demo entries' files go to the
 * bucket). The seed reads no other variable; it does read the clock (the contest's window, the visits' days), and
 * every boot's seed still moves this month's contest window forward from its own start.
 */
export function seedsDemoData(env: Record<string, string | undefined>): boolean {
  return (env.WRITORY_DEMO_DATA ?? 'true') === 'true' && (env.NODE_ENV ?? 'test') === 'test' && (env.FILE_STORAGE ?? 'local') === 'local';
}

/**
 * What a cms process a test starts itself (`strapi start`) keeps of the test process's variables: PATH, HOME and
 * Node's compile cache (tests/global-setup.ts), which spares a cold boot compiling Strapi's code again.
 */
export function processBasics(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'NODE_COMPILE_CACHE'];
  return Object.fromEntries(keep.flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]!]])));
}

/** What every test cms boots with; a file's own variables come on top. */
export async function testCmsEnv(dbFile: string, privateDir: string): Promise<Record<string, string>> {
  return {
    NODE_ENV: 'test',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: dbFile,
    SERVE_ADMIN_PANEL: 'false',
    PRIVATE_FILES_DIR: privateDir,
    CRON_ENABLED: 'false',
    WRITORY_DEMO_DATA: 'true',
    FIREBASE_PROJECT_ID: 'demo-writory',
    STRAPI_TELEMETRY_DISABLED: 'true',
    // Mail goes to a port nobody listens on (refused at once) unless a test starts its own sink: never to
    // whatever mail sink another stack on this machine runs on the default port.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(await freePort()),
  };
}

/**
 * A new SQLite database starts as a copy of one of the run's templates (its tables made once, about 3 s less CPU per
 * boot; with the demo data already seeded where seedsDemoData says so, about 1.3 s less again), unless the file asks
 * for an `emptyDatabase`, which the cms creates table by table, or names a database file that already exists (one it
 * prepared, or the one it restarts on). A file that names its own so as to restart on it (DATABASE_FILENAME) starts
 * from the template too: its first boot finds no file there.
 */
export async function startTestCms(env: Record<string, string> = {}, { emptyDatabase = false } = {}): Promise<TestCms> {
  // Unique per Vitest worker thread too: the threads of one run share the process id.
  const name = `${process.pid}-${threadId}-${Date.now()}`;
  const dbFile = `.tmp/test-${name}.db`;
  // Entries' private files (the demo entries' too) go to a folder of this run, removed with its database.
  const privateDir = path.join(appDir, '.tmp', `private-${name}`);
  // So do the media library's uploads (the public folder's uploads/): a file beside this one counts only its own.
  const publicDir = path.join(appDir, '.tmp', `public-${name}`);
  if (!env.PUBLIC_DIR) mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  const bootEnv = { ...(await testCmsEnv(dbFile, privateDir)), PUBLIC_DIR: publicDir, ...env };
  // The worker thread outlives the file (the integration project runs without isolation, so the next file's boot
  // finds Strapi's code already loaded): stop() puts back the variables this boot set, so none reaches the next file.
  const restoreEnv = setEnv(bootEnv);
  copyTemplate(bootEnv, { emptyDatabase, ownDatabase: Boolean(env.DATABASE_FILENAME) && existsSync(path.join(appDir, env.DATABASE_FILENAME)) });
  let strapi: Core.Strapi;
  try {
    const { createStrapi } = require('@strapi/strapi');
    strapi = await timed('cms: boot', () => createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load());
  } catch (error) {
    restoreEnv();
    if (!env.PUBLIC_DIR) rmSync(publicDir, { recursive: true, force: true });
    throw error;
  }
  running.count += 1;
  cmsModules.set(strapi, { background: require(path.join(appDir, 'dist', 'src', 'lib', 'background.js')) });
  strapi.log.level = 'warn';
  await strapi.server.mount();
  return {
    strapi,
    api: supertest(strapi.server.httpServer),
    async stop() {
      // strapi.destroy() removes every process listener, Vitest's unhandled-error reporting included: without it an
      // error after shutdown kills the worker and its file never reports. Put those listeners back.
      const errorListeners = (['uncaughtException', 'unhandledRejection'] as const).map(
        (event) => [event, (process as NodeJS.EventEmitter).listeners(event)] as const,
      );
      await timed('cms: stop', () => strapi.destroy());
      for (const [event, listeners] of errorListeners) {
        for (const listener of listeners)
          if (!(process as NodeJS.EventEmitter).listeners(event).includes(listener))
            (process as NodeJS.EventEmitter).on(event, listener as (...args: unknown[]) => void);
      }
      restoreEnv();
      running.count -= 1;
      if (running.count === 0) forgetCmsCode();
      rmSync(env.PRIVATE_FILES_DIR ?? privateDir, { recursive: true, force: true });
      if (!env.PUBLIC_DIR) rmSync(publicDir, { recursive: true, force: true });
      if (env.DATABASE_CLIENT !== 'postgres') {
        for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(appDir, dbFile + suffix), { force: true });
      }
    },
  };
}

/**
 * Puts the run's template under a new SQLite database (above), and a demo template's private files, SQLite's or
 * PostgreSQL's (a database made from the run cluster's DEMO_DATABASE by tests/helpers/postgres.ts), in the boot's
 * private folder: the demo entries' rows name them.
 */
function copyTemplate(bootEnv: Record<string, string>, { emptyDatabase, ownDatabase }: { emptyDatabase: boolean; ownDatabase: boolean }) {
  const privateDir = path.resolve(appDir, bootEnv.PRIVATE_FILES_DIR);
  const demo = seedsDemoData(bootEnv);
  if (bootEnv.DATABASE_CLIENT === 'postgres') {
    const files = process.env[POSTGRES_DEMO_FILES];
    if (files && isDemoCopy(bootEnv.DATABASE_URL)) cpSync(files, privateDir, { recursive: true });
    return;
  }
  const template = process.env[demo ? SQLITE_DEMO_TEMPLATE : SQLITE_TEMPLATE];
  if (!template || emptyDatabase || ownDatabase || bootEnv.DATABASE_CLIENT !== 'sqlite') return;
  copyFileSync(template, path.join(appDir, bootEnv.DATABASE_FILENAME));
  const files = process.env[SQLITE_DEMO_FILES];
  if (demo && files) cpSync(files, privateDir, { recursive: true });
}

/**
 * The cms's own modules a boot loaded, for helpers that call into them (tests/helpers/background.ts): after stop()
 * the module cache no longer holds them, but calls about that cms (it refuses work once stopped) still need them.
 */
export const cmsModules = new WeakMap<Core.Strapi, { background: unknown }>();

/** The test cms instances running in this thread (kept on globalThis: this module may be loaded again per file). */
const running: { count: number } = ((globalThis as { writoryTestCms?: { count: number } }).writoryTestCms ??= { count: 0 });

/**
 * Drops the cms's own compiled code (dist/) from the thread's module cache once no cms of the thread runs, so the next
 * boot loads it afresh: its module-level state (a rate limit's counters, the variables a module read as it loaded)
 * belongs to one boot, as it would in a process of its own. Strapi and the other packages stay loaded: they are most
 * of a boot's CPU.
 */
function forgetCmsCode() {
  const fresh = [path.join(appDir, 'dist') + path.sep, usersPermissions, adminServer];
  const forgotten = new Set<NodeModule>();
  for (const file of Object.keys(require.cache)) {
    if (!fresh.some((dir) => file.startsWith(dir))) continue;
    forgotten.add(require.cache[file]!);
    delete require.cache[file];
  }
  // The modules that stay (Strapi's loaders: @strapi/utils's importDefault) list every module they loaded in their
  // `children`, which kept each boot's copy of the dropped ones, and all that their exports reach, for the rest of the
  // thread: about 3.7 MB of heap per boot, every major GC marking it again.
  // Not every entry of require.cache has a `children` list (a shuffled run, seed 303, met one without).
  for (const kept of Object.values(require.cache)) {
    if (kept?.children?.some((child) => forgotten.has(child))) kept.children = kept.children.filter((child) => !forgotten.has(child));
  }
}
// The plugin whose user schema the cms extends in place (src/extensions/users-permissions): loaded afresh too, or the
// next boot would find the previous boot's attributes and index already added to it.
const usersPermissions = path.dirname(require.resolve('@strapi/plugin-users-permissions/package.json')) + path.sep;
// The admin's server code: its permission service keeps module-level registries (the action and condition providers,
// their hooks, the sections builder) that every boot registers into, plugins (i18n) too. Kept, each boot found every
// earlier boot's handlers there and ran them all (a boot's CPU grew from 1.1 s to 3 s over 25 boots in one thread),
// and held on to those boots' instances.
const adminServer = path.join(path.dirname(require.resolve('@strapi/admin/package.json')), 'dist', 'server') + path.sep;

/** Sets the variables and returns what puts back their earlier values (unset where they were unset). */
function setEnv(vars: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/** The cms's address on a loopback port of its own, listening first if it is not yet: a real socket, so requests overlap. */
export async function listening(cms: TestCms): Promise<string> {
  const server = cms.strapi.server.httpServer;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
