// The migration to competitions (issue 37), on SQLite and on PostgreSQL: a database as it was before
// competitions (no competitions table, contests unique per month, no competition on results, winners and
// certificates) boots on this cms; every contest, and so every entry, score, result, winner and certificate,
// then belongs to poetry, and no row and no stored file is lost.
import { copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedResultsDemo } from '../../src/seed/demo/results';
import { isUniqueViolation } from '../../src/lib/db';
import { getService } from '../../src/services';
import { startTestPostgres, type TestPostgres } from './postgres';
import { SQLITE_TEMPLATE, startTestCms, type TestCms } from './strapi';
import { story } from './story';

const cmsDir = path.resolve(__dirname, '..', '..');
const CONTEST = 'api::contest.contest';
/** The tables whose rows must all survive, by content type. */
const COUNTED = [
  'api::contest.contest',
  'api::entry.entry',
  'api::score.score',
  'api::score.judge-assignment',
  'api::result.result',
  'api::winner.winner',
  'api::certificate.certificate',
  'api::leaderboard.leaderboard-month',
  'api::payment.entry-credit',
  'plugin::users-permissions.user',
] as const;
const NAMED_BY_MONTH = ['api::result.result', 'api::winner.winner', 'api::certificate.certificate'] as const;

const tableOf = (strapi: Core.Strapi, uid: string) => strapi.db.metadata.get(uid as never).tableName;

function filesIn(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

interface LegacyScore {
  id: number;
  contest_id: number;
  structure: number;
  creativity: number;
  language: number;
  emotional_impact: number;
  theme: number;
  total: number;
}
const legacyScores = (strapi: Core.Strapi): Promise<LegacyScore[]> =>
  strapi.db
    .connection(tableOf(strapi, 'api::score.score'))
    .select('id', 'contest_id', 'structure', 'creativity', 'language', 'emotional_impact', 'theme', 'total')
    .orderBy('id');

async function rowCounts(strapi: Core.Strapi): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const uid of COUNTED) {
    const [{ n }] = await strapi.db.connection(tableOf(strapi, uid)).count({ n: '*' });
    counts[uid] = Number(n);
  }
  return counts;
}

/**
 * Turns this cms's database back into the shape it had before competitions, as Strapi's stored schema records
 * it too (so the next boot syncs from the old schema, as an upgrade does): no competitions, no link from
 * contests, no competition_slug columns, and the old unique index on contests.month.
 */
async function backToBeforeCompetitions(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  const contests = tableOf(strapi, CONTEST);
  const link = (strapi.db.metadata.get(CONTEST as never).attributes as unknown as Record<string, { joinTable: { name: string } }>).competition.joinTable.name;
  const competitions = tableOf(strapi, 'api::competition.competition');
  await knex.schema.dropTable(link);
  await knex.schema.table(contests, (table) => table.dropUnique(['competition_slug', 'month'], 'contests_competition_month_unique'));
  for (const table of [contests, ...NAMED_BY_MONTH.map((uid) => tableOf(strapi, uid))]) await knex.schema.table(table, (t) => t.dropColumn('competition_slug'));
  await knex.schema.table(contests, (t) => t.dropColumn('coverage_warned_at'));
  // Before per-competition criteria (issue 37): scores held the five poetry criteria in columns, no marks.
  const scores = tableOf(strapi, 'api::score.score');
  const results = tableOf(strapi, 'api::result.result');
  await knex.schema.table(scores, (t) => t.dropColumn('marks'));
  await knex.schema.table(results, (t) => t.dropColumn('marks'));
  await knex.schema.table(contests, (t) => t.dropColumn('criteria'));
  // Entry credits and orders were for the month only, not a competition.
  const credits = tableOf(strapi, 'api::payment.entry-credit');
  const orders = tableOf(strapi, 'api::payment.order');
  for (const table of [credits, orders]) await knex.schema.table(table, (t) => t.dropColumn('competition_slug'));
  await knex.schema.dropTable(competitions);
  await knex.schema.table(contests, (table) => table.unique(['month'], { indexName: 'contests_month_unique' }));

  type StoredTable = { name: string; columns: { name: string }[]; indexes: { name: string; columns: string[]; type?: string }[] };
  const stored = await knex('strapi_database_schema').first();
  const schema = (typeof stored.schema === 'string' ? JSON.parse(stored.schema) : stored.schema) as { tables: StoredTable[] };
  const named = new Set([contests, ...NAMED_BY_MONTH.map((uid) => tableOf(strapi, uid))]);
  schema.tables = schema.tables
    .filter((table) => table.name !== competitions && table.name !== link)
    .map((table) => (named.has(table.name) ? { ...table, columns: table.columns.filter((column) => column.name !== 'competition_slug') } : table))
    .map((table) =>
      table.name === scores || table.name === results || table.name === contests
        ? { ...table, columns: table.columns.filter((column) => column.name !== 'marks' && column.name !== 'criteria') }
        : table,
    )
    .map((table) =>
      table.name === credits || table.name === orders ? { ...table, columns: table.columns.filter((column) => column.name !== 'competition_slug') } : table,
    )
    .map((table) =>
      table.name === contests
        ? {
            ...table,
            columns: table.columns.filter((column) => column.name !== 'coverage_warned_at'),
            indexes: [{ name: 'contests_month_unique', columns: ['month'], type: 'unique' }],
          }
        : table,
    );
  await knex('strapi_database_schema')
    .where({ id: stored.id })
    .update({ schema: JSON.stringify(schema), hash: 'before-competitions' });
}

/** The demo's published, scored and waiting months (results, winners, certificates), which integration tests skip. */
async function seedPublishedMonths(strapi: Core.Strapi): Promise<void> {
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    await seedResultsDemo(strapi);
  } finally {
    process.env.NODE_ENV = environment;
  }
  // In-app judging: an assignment and a score on a few entries (the demo's months are scored by CSV).
  const judge = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: { $notNull: true } }, select: ['id'] });
  const entries: { id: number; contest: { id: number } }[] = await strapi.db
    .query('api::entry.entry')
    .findMany({ populate: { contest: { select: ['id'] } }, limit: 3 });
  const now = new Date();
  for (const entry of entries) {
    const keys = { entryId: entry.id, judgeId: judge.id, contestId: entry.contest.id };
    await strapi.db.query('api::score.judge-assignment').create({ data: { ...keys, assignedAt: now, assignedBy: 'auto' } });
    await strapi.db
      .query('api::score.score')
      .create({ data: { ...keys, structure: 15, creativity: 15, language: 15, emotionalImpact: 15, theme: 15, total: 75, submittedAt: now } });
  }
  // Entry credits a poet bought for a month.
  await strapi.db.query('api::payment.entry-credit').create({ data: { userId: judge.id, month: '2030-01', delta: 2, reason: 'purchase' } });
}

export function competitionsMigrationSuite(database: 'sqlite' | 'postgres') {
  describe(`the migration to competitions on ${database}`, () => {
    let cms: TestCms | undefined;
    let pg: TestPostgres | undefined;
    const folders: string[] = [];
    const dbFile = `.tmp/competitions-migration-${process.pid}-${Date.now()}.db`;

    afterAll(async () => {
      await cms?.stop();
      await pg?.stop();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(cmsDir, dbFile + suffix), { force: true });
    });

    let rowsBefore: Record<string, number>;
    let scoresBefore: LegacyScore[];
    let filesBefore: number;
    let filesAfter: string;

    // Two boots and the demo's published months: longer than a test, as long as a hook may take.
    beforeAll(async () => {
      let env: Record<string, string>;
      if (database === 'postgres') {
        pg = await startTestPostgres({ withSchema: true });
        env = pg.env;
      } else {
        const template = process.env[SQLITE_TEMPLATE];
        if (template) copyFileSync(template, path.join(cmsDir, dbFile));
        env = { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile };
      }
      const [before, after] = [0, 1].map(() => {
        const folder = mkdtempSync(path.join(tmpdir(), 'writory-migration-files-'));
        folders.push(folder);
        return folder;
      });

      cms = await startTestCms({ ...env, PRIVATE_FILES_DIR: before });
      await seedPublishedMonths(cms.strapi);
      await backToBeforeCompetitions(cms.strapi);
      rowsBefore = await rowCounts(cms.strapi);
      scoresBefore = await legacyScores(cms.strapi);
      filesBefore = filesIn(before);
      // The next boot reads the same stored files (a test cms removes its own folder when it stops).
      cpSync(before, after, { recursive: true });
      filesAfter = after;
      await cms.stop();
      cms = undefined;
      cms = await startTestCms({ ...env, PRIVATE_FILES_DIR: after });
    });

    // One story (tests/helpers/story.ts): the counts after the migration are read before any case adds a contest (the
    // contest reads make the current month's), so every case runs alone, and shuffled, after the steps before it.
    const migration = story();

    it(
      'had every kind of row and stored files to lose',
      migration.step(async () => {
        for (const uid of COUNTED) expect(rowsBefore[uid], uid).toBeGreaterThan(0);
        expect(filesBefore).toBeGreaterThan(0);
      }),
    );

    it(
      'puts every contest and all that hangs on it in poetry, losing no row and no file, and runs once',
      migration.step(async () => {
        const strapi = cms!.strapi;
        expect(await rowCounts(strapi)).toEqual(rowsBefore);
        expect(filesIn(filesAfter)).toBe(filesBefore);

        const slugs: { slug: string }[] = await strapi.db.query('api::competition.competition').findMany({ select: ['slug'], orderBy: { position: 'asc' } });
        expect(slugs.map((row) => row.slug)).toEqual(['poetry', 'story', 'regional-languages']);
        const contests: { month: string; competitionSlug: string; competition: { slug: string } | null }[] = await strapi.db
          .query(CONTEST)
          .findMany({ populate: { competition: { select: ['slug'] } } });
        expect(contests.length).toBe(rowsBefore[CONTEST]);
        for (const contest of contests) {
          expect(contest.competitionSlug, contest.month).toBe('poetry');
          expect(contest.competition?.slug, contest.month).toBe('poetry');
        }
        for (const uid of NAMED_BY_MONTH) {
          expect(await strapi.db.query(uid).count({ where: { competitionSlug: { $ne: 'poetry' } } }), uid).toBe(0);
          expect(await strapi.db.query(uid).count({ where: { competitionSlug: 'poetry' } }), uid).toBe(rowsBefore[uid]);
        }
        // Nothing left to migrate: a second run changes nothing.
        expect(await getService(strapi, 'api::competition.competition').prepare()).toEqual({ created: [], linked: 0 });
      }),
    );

    it(
      'gives every score from before per-competition criteria its five marks by name, totals unchanged, and runs once',
      migration.step(async () => {
        const strapi = cms!.strapi;
        expect(scoresBefore.length).toBeGreaterThan(0);
        const after: { id: number; contestId: number; total: number; marks: { name: string; max: number; points: number }[] }[] = await strapi.db
          .query('api::score.score')
          .findMany({ select: ['id', 'contestId', 'total', 'marks'], orderBy: { id: 'asc' } });
        expect(after.length).toBe(scoresBefore.length);
        const sum = (rows: { total: number }[]) => rows.reduce((a, row) => a + Number(row.total), 0);
        expect(sum(after)).toBe(sum(scoresBefore));
        for (const [i, row] of after.entries()) {
          const old = scoresBefore[i]!;
          expect(row.id).toBe(old.id);
          expect(row.marks, `score ${row.id}`).toEqual([
            { name: 'Structure', max: 20, points: old.structure },
            { name: 'Creativity', max: 20, points: old.creativity },
            { name: 'Language', max: 20, points: old.language },
            { name: 'Emotional Impact', max: 20, points: old.emotional_impact },
            { name: 'Theme', max: 20, points: old.theme },
          ]);
          expect(row.marks.reduce((a, mark) => a + mark.points, 0)).toBe(row.total);
        }
        // The old columns are still there, unchanged (nothing is dropped before it is copied).
        expect(await legacyScores(strapi)).toEqual(scoresBefore);
        // Each contest that was judged is fixed on the criteria it was judged on.
        const judged = [...new Set(scoresBefore.map((row) => row.contest_id))];
        for (const id of judged) {
          const contest = await strapi.db.query(CONTEST).findOne({ where: { id }, select: ['criteria'] });
          expect(contest.criteria.map((c: { name: string }) => c.name)).toEqual(['Structure', 'Creativity', 'Language', 'Emotional Impact', 'Theme']);
        }
        expect(await getService(strapi, 'api::score.score').migrateMarks()).toEqual({ scores: 0, contests: 0 });
      }),
    );

    it(
      'makes every entry credit from before competitions poetry’s',
      migration.step(async () => {
        const strapi = cms!.strapi;
        const credits = strapi.db.query('api::payment.entry-credit');
        expect(await credits.count({ where: { competitionSlug: 'poetry' } })).toBe(rowsBefore['api::payment.entry-credit']);
        expect(await getService(strapi, 'api::payment.credits').migrateToPoetry()).toBe(0);
      }),
    );

    it(
      'keeps a contest unique per competition and month, no longer per month',
      migration.step(async () => {
        const strapi = cms!.strapi;
        const contests: { month: string }[] = await strapi.db.query(CONTEST).findMany({ select: ['month'] });

        const month = contests[0]!.month;
        const service = getService(strapi, CONTEST);
        const story = await service.ensureMonth(month, undefined, 'story');
        expect(story.competitionSlug).toBe('story');
        expect((await service.ensureMonth(month, undefined, 'story')).id).toBe(story.id);
        const duplicate = await strapi.db
          .query(CONTEST)
          .create({ data: { month, competitionSlug: 'poetry', opensAt: new Date(), closesAt: new Date(), resultsAt: new Date() } })
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isUniqueViolation(duplicate)).toBe(true);
        await strapi.db.query(CONTEST).delete({ where: { id: story.id } });
      }),
    );

    it(
      'answers the reads of the one contest as before',
      migration.step(async () => {
        await cms!.api.get('/api/contests/current').expect(200);
        await cms!.api.get('/api/winners').expect(200);
      }),
    );
  });
}
