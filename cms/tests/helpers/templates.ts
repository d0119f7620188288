// The run's database templates, made once before the first test file (tests/global-setup.ts): a SQLite file and a
// stopped PostgreSQL cluster whose databases have the cms's tables and no rows of ours (no demo data). A file's
// boot copies one instead of creating every table again; seeding still runs on each copy.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { POSTGRES_TEMPLATE, startTestPostgres } from './postgres';
import { SQLITE_TEMPLATE, testCmsEnv } from './strapi';

const appDir = path.resolve(__dirname, '..', '..');

async function bootOnce(env: Record<string, string>) {
  try {
    await promisify(execFile)(process.execPath, [path.join(__dirname, 'boot-once.cjs')], { cwd: appDir, env: { ...process.env, ...env } });
  } catch (error) {
    // The message has the command and its stderr; Strapi logs its boot to stdout.
    throw new Error(`making a database template failed: ${(error as Error).message}\n${(error as { stdout?: string }).stdout ?? ''}`);
  }
}

export async function makeDatabaseTemplates(): Promise<() => Promise<void>> {
  mkdirSync(path.join(appDir, '.tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(appDir, '.tmp', 'templates-'));
  const sqliteFile = path.join(dir, 'schema.db');
  const base = async () => ({ ...(await testCmsEnv(sqliteFile, path.join(dir, 'private'))), WRITORY_DEMO_DATA: 'false' });
  const pg = await startTestPostgres();
  const remove = async () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(pg.dataDir, { recursive: true, force: true });
  };
  const booted = await Promise.allSettled([bootOnce(await base()), bootOnce({ ...(await base()), ...pg.env })]);
  await pg.shutdown();
  const failed = booted.find((boot) => boot.status === 'rejected');
  if (failed) {
    await remove();
    throw failed.reason;
  }
  process.env[SQLITE_TEMPLATE] = sqliteFile;
  process.env[POSTGRES_TEMPLATE] = pg.dataDir;
  return remove;
}
