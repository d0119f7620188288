// The entry paths that lean on the database under concurrency, on PostgreSQL: one contest per month,
// the last place of the allowance, the same request twice, two judges at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCmsOnPostgres, type CmsWithAuthOnPostgres } from './helpers/cms-on-postgres';
import { bearer, entryClient, HOUR, month } from './helpers/entries';
import { makeDocx } from './helpers/poem-files';
import type { TestPostgres } from './helpers/postgres';
import { addMonths } from '../src/lib/contest-calendar';

const ENTRY = 'api::entry.entry';
const SCORES = { structure: 10, creativity: 11, language: 12, emotionalImpact: 13, theme: 14 };

describe('entries on PostgreSQL', () => {
  let pg: TestPostgres;
  let stack: CmsWithAuthOnPostgres;
  let api: ReturnType<typeof supertest>;
  let client: ReturnType<typeof entryClient>;
  let privateDir: string;
  let admin: Awaited<ReturnType<typeof stack.emulator.createUser>>;
  const db = (uid: string) => stack.cms.strapi.db.query(uid as never);

  beforeAll(async () => {
    privateDir = mkdtempSync(path.join(tmpdir(), 'writory-private-pg-'));
    stack = await startCmsOnPostgres({ ADMIN_EMAILS: 'pg-admin@writory.test', PRIVATE_FILES_DIR: privateDir });
    ({ pg, api } = stack);
    client = entryClient(api, stack.emulator, stack.cms.strapi);
    // Receipts are not what this file is about: no mail leaves the test.
    vi.spyOn(stack.cms.strapi.plugin('email').service('email'), 'send').mockResolvedValue(undefined);
    admin = await stack.emulator.createUser({ email: 'pg-admin@writory.test' });
    await api.get('/api/users/me').set(bearer(admin)).expect(200);
    await client.setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
  });

  afterAll(async () => {
    await stack?.stop();
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
  });

  it('creates a month once when many ask at the same moment', async () => {
    const far = addMonths(month(), 9);
    const rows = await Promise.all(Array.from({ length: 6 }, () => stack.cms.strapi.service('api::contest.contest').ensureMonth(far)));
    expect(new Set(rows.map((row: { id: number }) => row.id)).size).toBe(1);
    expect(await db('api::contest.contest').count({ where: { month: far } })).toBe(1);
  });

  it('lets only one of two entries at once take the last place of the allowance', { timeout: 120_000 }, async () => {
    const poet = await client.account('pg-last');
    expect((await client.enter(poet)).status).toBe(201);
    expect((await client.enter(poet)).status).toBe(201);
    const poetRow = await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: poet.uid } });
    // The test holds the poet's row (the lock every entry of theirs takes before it counts the allowance) until
    // both requests wait for it: the race is made to happen, not hoped for.
    const holder = new Client({ connectionString: pg.env.DATABASE_URL });
    await holder.connect();
    let results: Awaited<ReturnType<typeof client.enter>>[];
    try {
      await holder.query('begin');
      await holder.query('select id from up_users where id = $1 for update', [poetRow.id]);
      const both = Promise.all([client.enter(poet), client.enter(poet)]);
      // pg_stat_activity is read once per transaction unless its snapshot is cleared.
      const waitingForRow = async () => {
        await holder.query('select pg_stat_clear_snapshot()');
        return (
          await holder.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%up_users%for update%'",
          )
        ).rows[0].n;
      };
      await vi.waitFor(async () => expect(await waitingForRow()).toBe(2), { timeout: 90_000, interval: 50 });
      await holder.query('rollback');
      results = await both;
    } finally {
      await holder.end();
    }
    expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
    const loser = results.find((r) => r.status === 402)!;
    expect(loser.body.error.message).toMatch(/entries|credit/i);
    expect(await db(ENTRY).count({ where: { poet: { id: poetRow.id } } })).toBe(3);
  });

  it('gives one entry for the same request sent twice at once', async () => {
    const poet = await client.account('pg-twice');
    const poem = { bytes: await makeDocx('Once only\nthough asked twice'), name: 'once.docx' };
    const sha = (await client.preview(poet, poem).expect(200)).body.textSha256;
    const [a, b] = await Promise.all([client.enter(poet, { poem, sha, key: 'pg-same-1' }), client.enter(poet, { poem, sha, key: 'pg-same-1' })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.code).toBe(b.body.code);
  });

  it('marks an entry scored when two judges submit at the same moment', async () => {
    const poet = await client.account('pg-judged');
    const { code } = (await client.enter(poet)).body;
    const [first, second] = await Promise.all([client.account('pg-judge-a', { role: 'judge' }), client.account('pg-judge-b', { role: 'judge' })]);
    await client.assignJudges(admin, code, [first, second]);
    const answers = await Promise.all([first, second].map((judge) => api.post(`/api/judging/entries/${code}/scores`).set(bearer(judge)).send(SCORES)));
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(await db(ENTRY).findOne({ where: { code } })).toMatchObject({ status: 'scored' });
  });
});
