// The wall's paths that lean on the database, on PostgreSQL: per-poet limits in the rate_limits table (also from a
// second limiter, as on a second instance), one like per poet under a burst, holds by reports, one decision of two; the wall page and the bell count served by indexes (EXPLAIN).
import { createRequire } from 'node:module';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCmsOnPostgres, type CmsOnPostgres } from './helpers/cms-on-postgres';
import { plansOf, scansATable } from './helpers/query-plan';
import type { TestPostgres } from './helpers/postgres';
import type { TestCms } from './helpers/strapi';

const POST = 'api::wall-post.wall-post';
const LIKE = 'api::wall-post.wall-like';
const NOTIFICATION = 'api::notification.notification';
const { createDbLimit } = createRequire(import.meta.url)('../dist/src/lib/db-rate-limit');

describe('the wall on PostgreSQL', () => {
  let pg: TestPostgres;
  let cms: TestCms;
  let seq = 0;
  const service = (name: string) => cms.strapi.service(`api::wall-post.${name}` as any);
  const poem = () => ({ title: `Poem ${++seq}`, text: 'salt\n  and light', language: 'en' });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { status?: number }) => error.status,
    );

  async function poet() {
    const uid = `pg-poet-${++seq}`;
    return cms.strapi.db
      .query('plugin::users-permissions.user')
      .create({ data: { username: uid, firebaseUid: uid, email: `${uid}@writory.test`, emailVerified: true, name: uid } });
  }

  async function approved(author: { id: number }) {
    const post = await service('posts').create(author, poem());
    await service('moderation').decide({ id: 0, name: 'Test moderator' }, post.id, { action: 'approve', seen: 'pending' });
    return post.id as number;
  }

  let stack: CmsOnPostgres;
  beforeAll(async () => {
    stack = await startCmsOnPostgres({}, { auth: false });
    ({ pg, cms } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('counts 5 poems a day per poet in the database, seen by a second limiter too', async () => {
    const author = await poet();
    const answers = await Promise.all(Array.from({ length: 7 }, () => refusal(service('posts').create(author, poem()))));
    expect(answers.filter((status) => status === null)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(2);
    expect(await cms.strapi.db.query(POST).count({ where: { poet: { id: author.id } } })).toBe(5);
    const secondInstance = createDbLimit(cms.strapi, { name: 'wall-post', points: 5, durationSeconds: 86_400, message: 'Limit.' });
    expect(await secondInstance.remaining(author.id)).toBe(0);
  });

  it('keeps one like per poet when one poet likes eight times at once', async () => {
    const id = await approved(await poet());
    const liker = await poet();
    await Promise.all(Array.from({ length: 8 }, () => service('reactions').like(liker, id)));
    expect(await cms.strapi.db.query(LIKE).count({ where: { postId: id } })).toBe(1);
    expect((await cms.strapi.db.query(POST).findOne({ where: { id } })).likesCount).toBe(1);
  });

  it('holds a poem at its third report, once, when the reports arrive together', async () => {
    const id = await approved(await poet());
    const reporters = await Promise.all([poet(), poet(), poet(), poet()]);
    // A report that arrives once the poem is held finds it gone from the wall (404); the others count.
    const answers = await Promise.allSettled(reporters.map((reporter) => service('reactions').report(reporter, id, { reason: 'spam' })));
    const held = answers.filter((answer) => answer.status === 'fulfilled' && (answer.value as { held: boolean }).held);
    expect(held).toHaveLength(1);
    const row = await cms.strapi.db.query(POST).findOne({ where: { id } });
    expect(row.moderationStatus).toBe('held');
    expect(row.openReports).toBe(answers.filter((answer) => answer.status === 'fulfilled').length);
  });

  /** Locks one row on a connection of the test's own until release(): writers of that row queue behind it. */
  async function holdRow(uid: string, id: number) {
    const client = new Client({ connectionString: pg.env.DATABASE_URL });
    await client.connect();
    await client.query('begin');
    await client.query(`select id from ${cms.strapi.db.metadata.get(uid as never).tableName} where id = $1 for update`, [id]);
    return {
      /** Other sessions waiting for a lock right now. */
      async waiting(): Promise<number> {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        return rows[0].n;
      },
      async release() {
        await client.query('commit');
        await client.end();
      },
    };
  }

  it('lets one of two simultaneous decisions through, with one notification', async () => {
    const author = await poet();
    const { id } = await service('posts').create(author, poem());
    // Both moderators read the pending poem, then both writes wait at the row the test holds: a real race.
    const row = await holdRow(POST, id);
    const decisions = Promise.all([
      service('moderation')
        .decide({ id: 0, name: 'A' }, id, { action: 'approve', seen: 'pending' })
        .then(
          () => null,
          (error: Error) => error,
        ),
      service('moderation')
        .decide({ id: 0, name: 'B' }, id, { action: 'reject', seen: 'pending', reason: 'No.' })
        .then(
          () => null,
          (error: Error) => error,
        ),
    ]);
    await vi.waitFor(async () => expect(await row.waiting()).toBe(2), { timeout: 30_000, interval: 50 });
    await row.release();
    const answers = await decisions;
    expect(answers.filter((answer) => answer === null)).toHaveLength(1);
    // The loser got past the first check and lost at the write: it says so.
    expect(answers.find((answer) => answer !== null)).toMatchObject({
      status: 409,
      message: 'Another moderator decided on this poem a moment ago. Reload the queue.',
    });
    expect(await cms.strapi.db.query(NOTIFICATION).count({ where: { userId: author.id } })).toBe(1);
  });

  it('serves a wall page after a cursor and its poets from indexes (EXPLAIN, sequential scans priced out)', async () => {
    for (let i = 0; i < 3; i++) await approved(await poet());
    for (const [sort, index] of [
      ['newest', 'wall_posts_public_newest'],
      ['most-liked', 'wall_posts_public_liked'],
    ]) {
      const { pagination } = await service('posts').page({ sort, page: 1, pageSize: 1 });
      const plans = await plansOf(cms.strapi, () => service('posts').page({ sort, page: 1, pageSize: 2, cursor: pagination.nextCursor }));
      expect(plans.length).toBeGreaterThanOrEqual(2);
      expect(plans.filter(scansATable)).toEqual([]);
      expect(plans.find((p) => /from "wall_posts"/.test(p.sql))!.plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index}`));
    }
  });

  it('counts the bell of a poet told of a decision from the (user, read) index (EXPLAIN)', async () => {
    const author = await poet();
    const bell = cms.strapi.service('api::notification.notification' as any);
    // A bell with some history (mostly read) and statistics, so the planner weighs the indexes as on a real table.
    await bell.notifyMany(Array.from({ length: 3000 }, () => ({ userId: author.id, notification: { title: 'Old news', message: 'Read long ago.' } })));
    await bell.markAllRead(author.id);
    await approved(author);
    await cms.strapi.db.connection.raw('analyze notifications');
    const plans = await plansOf(cms.strapi, () => cms.strapi.service('api::notification.notification' as any).list(author.id, { limit: 20 }));
    expect(plans.filter(scansATable)).toEqual([]);
    expect(plans.find((p) => /count\(/.test(p.sql))!.plan).toMatch(/Index (Only )?Scan using notifications_user_id_read_at/);
  });
});
