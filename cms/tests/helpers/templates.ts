// The run's database templates, made once before the first test file (tests/global-setup.ts): SQLite files and two
// databases of the run's PostgreSQL cluster (which runs until the run ends), each with the cms's tables, once without
// rows of ours and once with the demo data already seeded (and the demo entries' private files beside it). A file's
// boot copies one (a file, or CREATE DATABASE … TEMPLATE) instead of creating every table again and, where its
// variables do not change what the seed writes (tests/helpers/strapi.ts: seedsDemoData), instead of seeding: the
// seed then finds its rows and only checks them.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_DATABASE, POSTGRES_DEMO_FILES, POSTGRES_RUN_PORT, startCluster } from './postgres';
import { SQLITE_DEMO_FILES, SQLITE_DEMO_TEMPLATE, SQLITE_TEMPLATE, testCmsEnv } from './strapi';
import { POSTGRES_RUN_PID } from './timings';

const appDir = path.resolve(__dirname, '..', '..');

type Step = { env: Record<string, string> } | { copy: [string, string] } | { run: string[] };

/** Runs the steps in one process (tests/helpers/boot-once.cjs): one cold Strapi load, every later boot warm. */
async function boot(steps: Step[]) {
  try {
    await promisify(execFile)(process.execPath, [path.join(__dirname, 'boot-once.cjs')], {
      cwd: appDir,
      env: { ...process.env, WRITORY_TEMPLATE_STEPS: JSON.stringify(steps) },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // The message has the command and its stderr; Strapi logs its boot to stdout.
    throw new Error(`making a database template failed: ${(error as Error).message}\n${(error as { stdout?: string }).stdout ?? ''}`);
  }
}

export async function makeDatabaseTemplates(): Promise<() => Promise<void>> {
  mkdirSync(path.join(appDir, '.tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(appDir, '.tmp', 'templates-'));
  const sqliteFile = path.join(dir, 'schema.db');
  const sqliteDemoFile = path.join(dir, 'demo.db');
  const files = { sqliteDemo: path.join(dir, 'demo-private'), postgresDemo: path.join(dir, 'postgres-demo-private') };
  const env = async (dbFile: string, privateDir: string, demoData: boolean) => ({
    ...(await testCmsEnv(dbFile, privateDir)),
    WRITORY_DEMO_DATA: String(demoData),
  });
  const pg = await startCluster();
  const remove = async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  // Each engine's tables first, then a copy of them seeded with the demo data, all in one process.
  const schema = await env(sqliteFile, path.join(dir, 'private'), false);
  const failed = await boot([
    { env: schema },
    { copy: [sqliteFile, sqliteDemoFile] },
    { env: await env(sqliteDemoFile, files.sqliteDemo, true) },
    { env: { ...schema, ...pg.env } },
    { run: pg.createDatabaseCommand(DEMO_DATABASE, 'writory') },
    { env: { ...(await env(sqliteFile, files.postgresDemo, true)), ...pg.env, DATABASE_URL: pg.urlOf(DEMO_DATABASE) } },
  ]).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  if (failed) {
    await remove();
    throw failed.error;
  }
  mkdirSync(files.sqliteDemo, { recursive: true });
  mkdirSync(files.postgresDemo, { recursive: true });
  process.env[SQLITE_TEMPLATE] = sqliteFile;
  process.env[SQLITE_DEMO_TEMPLATE] = sqliteDemoFile;
  process.env[SQLITE_DEMO_FILES] = files.sqliteDemo;
  process.env[POSTGRES_RUN_PORT] = String(pg.port);
  process.env[POSTGRES_RUN_PID] = readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0];
  process.env[POSTGRES_DEMO_FILES] = files.postgresDemo;
  return remove;
}
