// The wall's paths that lean on the database, on PostgreSQL: per-poet limits in the rate_limits table (also from a
// second limiter, as on a second instance), one like per poet under a burst, holds by reports, one decision of two.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from './helpers/postgres';
import { startTestCms, type TestCms } from './helpers/strapi';

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
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: { status?: number }) => error.status);

  async function poet() {
    const uid = `pg-poet-${++seq}`;
    return cms.strapi.db.query('plugin::users-permissions.user').create({ data: { username: uid, firebaseUid: uid, email: `${uid}@writory.test`, emailVerified: true, name: uid } });
  }

  async function approved(author: { id: number }) {
    const post = await service('posts').create(author, poem());
    await service('moderation').decide({ id: 0, name: 'Test moderator' }, post.id, { action: 'approve' });
    return post.id as number;
  }

  beforeAll(async () => {
    pg = await startTestPostgres();
    cms = await startTestCms(pg.env);
  });

  afterAll(async () => {
    await cms?.stop();
    await pg?.stop();
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

  it('lets one of two simultaneous decisions through, with one notification', async () => {
    const author = await poet();
    const { id } = await service('posts').create(author, poem());
    const answers = await Promise.all([
      refusal(service('moderation').decide({ id: 0, name: 'A' }, id, { action: 'approve' })),
      refusal(service('moderation').decide({ id: 0, name: 'B' }, id, { action: 'reject', reason: 'No.' })),
    ]);
    expect(answers.filter((status) => status === null)).toHaveLength(1);
    expect(answers).toContain(409);
    expect(await cms.strapi.db.query(NOTIFICATION).count({ where: { userId: author.id } })).toBe(1);
  });
});
