// Benchmark: publish one month of 10,000 scored entries (score cards, entry statuses, a notification per entrant,
// leaderboard, participation certificates) on SQLite, in the one transaction the results timer runs. The scores
// come from the judges' in-app scores (two judges per entry: 20,000 score rows, summed up by the judging service)
// or from a results CSV. Prints wall time, CPU time, peak memory and a breakdown, and saves them under the source's
// name in bench/results/results-publication.json. `npm run bench -- results-publication` runs both sources
// (bench/publication.mjs); on its own, from the repository root, with the project's Node and a built cms (cms/dist):
//   .toolchain/node-24.21.0/bin/node bench/results-publication.mjs [entries=10000] [poets=7000] [judges|csv]
// BENCH_PROFILE=/tmp/publication.cpuprofile also records a CPU profile of the publication.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import os from 'node:os';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const cmsDir = path.join(root, 'cms');
const ENTRIES = Number(process.argv[2] ?? 10_000);
const POETS = Number(process.argv[3] ?? 7_000);
const SOURCE = process.argv[4] ?? 'judges';
if (!['judges', 'csv'].includes(SOURCE)) throw new Error(`unknown source ${SOURCE}: judges or csv`);
const JUDGES = 2;
const MONTH = '2030-01';
const dbFile = `.tmp/bench-results-${process.pid}.db`;

process.chdir(cmsDir);
Object.assign(process.env, {
  NODE_ENV: 'test',
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: dbFile,
  SERVE_ADMIN_PANEL: 'false',
  CRON_ENABLED: 'false',
  WRITORY_DEMO_DATA: 'false',
  FIREBASE_PROJECT_ID: 'demo-writory',
  STRAPI_TELEMETRY_DISABLED: 'true',
});
const require = createRequire(path.join(cmsDir, 'package.json'));
const { createStrapi } = require('@strapi/strapi');
const { bulkInsert, linkOf, tableOf } = require(path.join(cmsDir, 'dist/src/lib/bulk.js'));

const strapi = await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load();
strapi.log.level = 'warn';

console.log(`setting up ${ENTRIES} entries by ${POETS} poets…`);
const contest = await strapi.db.query('api::contest.contest').create({
  data: { month: MONTH, theme: 'Benchmark', opensAt: new Date('2030-01-01'), closesAt: new Date('2030-01-26'), resultsAt: new Date('2030-01-30') },
});
await strapi.db.transaction(async ({ trx }) => {
  const users = Array.from({ length: POETS }, (_, i) => ({
    username: `bench-${i}`,
    email: `bench-${i}@bench.writory.test`,
    provider: 'firebase',
    confirmed: true,
    blocked: false,
    firebaseUid: `bench-${i}`,
    name: `Bench Poet ${i}`,
  }));
  await bulkInsert(strapi, trx, 'plugin::users-permissions.user', users);
  const poetIds = (await trx(tableOf(strapi, 'plugin::users-permissions.user')).where('username', 'like', 'bench-%').orderBy('id').select('id')).map(
    (r) => r.id,
  );
  // Entries as the entry form stores them (the poem's text included; files are not needed to publish).
  const entries = Array.from({ length: ENTRIES }, (_, i) => {
    const title = `Poem ${i + 1}`;
    const text = `${title}\n\nThe river keeps a ledger of small lights,\nand every bridge remembers who has crossed.\n`.repeat(3);
    return {
      code: `BN-${String(i + 1).padStart(6, '0')}`,
      title,
      language: 'English',
      status: 'scored',
      submittedAt: new Date('2030-01-10'),
      text,
      judgeText: text,
      judgeTitle: title,
      wordCount: 60,
      fileKey: `entries/${String(i).padStart(32, '0')}.docx`,
      fileName: `${title}.docx`,
      fileType: 'docx',
      fileSize: 20_000,
      fileSha256: String(i).padStart(64, '0'),
      contactName: `Bench Poet ${i}`,
      contactPhone: '+44 7700 900123',
      contactCountry: 'GB',
      declarations: { original: true, individual: true, appropriate: true, final: true },
      idempotencyKey: `bench-${i}`,
    };
  });
  await bulkInsert(strapi, trx, 'api::entry.entry', entries);
  const entryIds = (await trx(tableOf(strapi, 'api::entry.entry')).where('code', 'like', 'BN-%').orderBy('id').select('id')).map((r) => r.id);
  const contestLink = linkOf(strapi, 'api::entry.entry', 'contest');
  const poetLink = linkOf(strapi, 'api::entry.entry', 'poet');
  for (let i = 0; i < entryIds.length; i += 400) {
    const chunk = entryIds.slice(i, i + 400);
    await trx(contestLink.table).insert(chunk.map((id) => ({ [contestLink.own]: id, [contestLink.target]: contest.id })));
    await trx(poetLink.table).insert(chunk.map((id, j) => ({ [poetLink.own]: id, [poetLink.target]: poetIds[(i + j) % poetIds.length] })));
  }
  if (SOURCE === 'judges') {
    // Each entry scored by two judges (the last two bench users stand in for them), with a comment each.
    const mark = (i, j, n) => (i * 7 + j * 5 + n * 13) % 21;
    const scores = entryIds.flatMap((entryId, i) =>
      Array.from({ length: JUDGES }, (_, j) => {
        const criteria = { structure: mark(i, j, 1), creativity: mark(i, j, 2), language: mark(i, j, 3), emotionalImpact: mark(i, j, 4), theme: mark(i, j, 5) };
        const total = Object.values(criteria).reduce((a, b) => a + b, 0);
        return {
          entryId,
          judgeId: poetIds[poetIds.length - 1 - j],
          contestId: contest.id,
          ...criteria,
          total,
          comment: `Judge ${j + 1}: careful imagery, ${i}.`,
          submittedAt: new Date(2030, 0, 27, 0, 0, j),
        };
      }),
    );
    await bulkInsert(strapi, trx, 'api::score.score', scores);
  }
});

const header = 'entry_code,structure,creativity,language,emotional_impact,theme,comment';
const lines = Array.from({ length: ENTRIES }, (_, i) => {
  const s = (n) => ((i * 7 + n * 13) % 2001) / 100;
  return `BN-${String(i + 1).padStart(6, '0')},${s(1)},${s(2)},${s(3)},${s(4)},${s(5)},"Comment ${i}, with care"`;
});
const payload =
  SOURCE === 'csv'
    ? { month: MONTH, source: 'csv', fileName: 'bench.csv', fileContent: [header, ...lines].join('\n') }
    : { month: MONTH, source: 'judges', fileName: null, fileContent: null };

// Time the steps that run inside the publication, for the breakdown.
const steps = {};
const timed = (uid, method) => {
  const service = strapi.service(uid);
  const original = service[method];
  service[method] = async (...args) => {
    const started = performance.now();
    try {
      return await original.apply(service, args);
    } finally {
      steps[`${uid.split('.').pop()}.${method}`] = Number(((performance.now() - started) / 1000).toFixed(2));
    }
  };
};
timed('api::result.judges', 'scores');
timed('api::notification.notification', 'notifyMany');
timed('api::leaderboard.leaderboard', 'recordResults');
timed('api::certificate.certificate', 'issueParticipation');

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const timer = await strapi.db.query('api::timer.timer').create({ data: { kind: 'results', dueAt: new Date(), status: 'scheduled', payload, attempts: 0 } });
// BENCH_PROFILE=file.cpuprofile records a CPU profile of the publication alone.
const { Session } = await import('node:inspector/promises');
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const cpuBefore = process.cpuUsage();
const started = performance.now();
const outcome = await strapi.service('api::publication.publication').fireOne(timer.id);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
if (profiler) writeFileSync(process.env.BENCH_PROFILE, JSON.stringify((await profiler.post('Profiler.stop')).profile));
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
if (!outcome.fired) throw new Error(`publication failed: ${outcome.error}`);

const counts = {
  results: await strapi.db.query('api::result.result').count({ where: { month: MONTH } }),
  notifications: await strapi.db.query('api::notification.notification').count(),
  certificates: await strapi.db.query('api::certificate.certificate').count(),
  leaderboardMonth: await strapi.db.query('api::leaderboard.leaderboard-month').count({ where: { month: MONTH } }),
  publishedEntries: await strapi.db.query('api::entry.entry').count({ where: { status: 'published' } }),
};
const figures = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join('/')}`,
  node: process.version,
  database: 'SQLite (better-sqlite3, WAL)',
  source: SOURCE,
  entries: ENTRIES,
  scoreRows: SOURCE === 'judges' ? ENTRIES * JUDGES : 0,
  poets: POETS,
  wallSeconds: Number((wallMs / 1000).toFixed(2)),
  /** CPU time of the cms process (JavaScript and SQLite run in it): less sensitive to a busy machine than wall time. */
  cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
  rssBeforeMB: Math.round(rssBefore / 1024 / 1024),
  peakRssMB: Math.round(peakRss / 1024 / 1024),
  stepSeconds: steps,
  summary: outcome.summary,
  counts,
};
console.log(JSON.stringify(figures, null, 2));
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
const saved = path.join(root, 'bench', 'results', 'results-publication.json');
const previous = existsSync(saved) ? JSON.parse(readFileSync(saved, 'utf8')) : {};
// One entry per source (an older file held one run's figures at the top level).
const bySource = previous.judges || previous.csv ? previous : {};
writeFileSync(saved, `${JSON.stringify({ ...bySource, [SOURCE]: figures }, null, 2)}\n`);

await strapi.destroy();
for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(cmsDir, dbFile + suffix), { force: true });
process.exit(0);
