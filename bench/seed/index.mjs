// The bench dataset: a SQLite file of its own (bench/.data/), seeded once with bulk inserts and reused.
// One module per table; each tops its table up to its target, so a seeder added later (wall posts,
// visits, …) fills only what is missing in an existing dataset.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import poets from './poets.mjs';
import notifications, { busyPoetNotifications } from './notifications.mjs';
import articles from './articles.mjs';
import entries from './entries.mjs';
import judging from './judging.mjs';
import wall from './wall.mjs';
import visits from './visits.mjs';
import follows from './follows.mjs';

/** In order: later seeders may read rows of earlier ones (everything needs poets, scores need entries). */
export const SEEDERS = [poets, notifications, busyPoetNotifications, articles, entries, judging, wall, visits, follows];

/** What the dataset implies that is left out on purpose (cheap to add, but no benchmark reads it). */
export const NOT_SEEDED = [
  'the seeded entries’ files on disk (their rows carry file keys, sizes and hashes; nothing downloads them)',
  'wall reports and the wall posts’ originality fingerprints',
];

const here = fileURLToPath(new URL('.', import.meta.url));
export const DATA_DIR = join(here, '..', '.data');
export const DATASET = join(DATA_DIR, 'writory-bench.db');
const STAMP = join(DATA_DIR, 'writory-bench.stamp.json');

/** The seeders' sources: a changed or added seeder makes the next run top the dataset up. */
function fingerprint() {
  const hash = createHash('sha256');
  for (const file of readdirSync(here).sort()) hash.update(file).update(readFileSync(join(here, file)));
  return hash.digest('hex');
}

function stamped() {
  if (!existsSync(DATASET) || !existsSync(STAMP)) return null;
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  return stamp.fingerprint === fingerprint() ? stamp : null;
}

/**
 * Makes sure the dataset exists and is complete; returns { file, counts, seconds, reused, notSeeded }.
 * Seeding runs in a child process (it boots Strapi, which takes over process.env and its listeners).
 */
export function ensureDataset({ cmsDir, log }) {
  const reuse = stamped();
  if (reuse) return { file: DATASET, counts: reuse.counts, seconds: 0, reused: true, notSeeded: NOT_SEEDED };
  log(existsSync(DATASET) ? 'bench: topping up the dataset' : 'bench: seeding the dataset (once; reused afterwards)');
  const started = Date.now();
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), cmsDir], { stdio: 'inherit' });
  const stamp = stamped();
  if (child.status !== 0 || !stamp) throw new Error(`seeding the bench dataset failed (exit ${child.status})`);
  return { file: DATASET, counts: stamp.counts, seconds: (Date.now() - started) / 1000, reused: false, notSeeded: NOT_SEEDED };
}

/**
 * Boots the built cms in-process on the file (Strapi creates and migrates the tables; the demo content gives
 * the site its settings, pages and FAQ), then runs each seeder for what is missing.
 */
async function seedInProcess(cmsDir) {
  const print = fingerprint();
  mkdirSync(DATA_DIR, { recursive: true });
  rmSync(STAMP, { force: true });
  Object.assign(process.env, {
    NODE_ENV: 'development',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: DATASET,
    WRITORY_DEMO_DATA: 'true',
    CRON_ENABLED: 'false',
    SERVE_ADMIN_PANEL: 'false',
    FIREBASE_PROJECT_ID: 'demo-writory',
    STRAPI_TELEMETRY_DISABLED: 'true',
  });
  const { createStrapi } = createRequire(join(cmsDir, 'package.json'))('@strapi/strapi');
  const strapi = await createStrapi({ appDir: cmsDir, distDir: join(cmsDir, 'dist') }).load();
  strapi.log.level = 'warn';
  const counts = {};
  for (const seeder of SEEDERS) {
    const before = await seeder.present(strapi);
    const missing = seeder.missing ? Number(await seeder.missing(strapi)) : seeder.target - before;
    if (missing > 0) {
      const t = Date.now();
      await seeder.seed(strapi, missing, { cmsDir });
      console.log(`[bench]   ${seeder.name} (${seeder.table}): +${(await seeder.present(strapi)) - before} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    counts[seeder.name] = await seeder.present(strapi);
  }
  await strapi.db.connection.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await strapi.destroy();
  writeFileSync(STAMP, JSON.stringify({ fingerprint: print, counts, seededAt: new Date().toISOString() }, null, 2));
}

if (import.meta.main) {
  seedInProcess(process.argv[2]).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
