// Publishing per competition: the Poetry and Story competitions' months publish on timers of their own, each exactly
// once, and what they publish (score cards, the leaderboard, winners, certificates) stays in its competition. Every
// URL without a competition answers for poetry, as before competitions.
// The cases are steps of one month's story (story()): any case runs alone, running the steps before it first.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { createContest, createEntries, criteriaCsv, poemText, type TestEntry } from './helpers/contest-data';
import { story } from './helpers/story';
import { STORY_CRITERIA } from '@writory/shared';

/** Story's own criteria, the columns of its results CSV. */
const STORY_COLUMNS = STORY_CRITERIA.map((criterion) => criterion.name);

const ADMIN_EMAIL = 'publication-boss@writory.test';
const MONTH = '2023-11';
const TIMER = 'api::timer.timer';
const RESULT = 'api::result.result';
const dbFile = `.tmp/publication-test-${process.pid}.db`;

let stack: CmsWithAuth;
let api: ReturnType<typeof supertest>;
let admin: string;
const poets: { token: string; id: number; name: string }[] = [];
let poetryEntries: TestEntry[];
let storyEntries: TestEntry[];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const db = (uid: string) => stack.cms.strapi.db.query(uid as any);

/** The Story contest of a month and its entries (codes of their own: entry codes are unique across competitions). */
async function storyMonth(month: string, count: number): Promise<TestEntry[]> {
  const [year, m] = month.split('-').map(Number);
  const at = (day: number) => new Date(Date.UTC(year, m - 1, day));
  const competition = await db('api::competition.competition').findOne({ where: { slug: 'story' } });
  const contest = await db('api::contest.contest').create({
    data: { month, theme: 'Crossings', opensAt: at(1), closesAt: at(26), resultsAt: at(28), competition: competition.id, competitionSlug: 'story' },
  });
  const entries: TestEntry[] = [];
  for (let i = 0; i < count; i++) {
    const code = `ST-${month.replace('-', '')}-${String(i + 1).padStart(4, '0')}`;
    const title = `Story ${i + 1} of ${month}`;
    const poetId = poets[i % poets.length].id;
    const text = poemText(title);
    const entry = await db('api::entry.entry').create({
      data: {
        code,
        title,
        language: 'English',
        status: 'scored',
        contest: contest.id,
        poet: poetId,
        text,
        judgeText: text,
        judgeTitle: title,
        submittedAt: new Date(),
      },
    });
    entries.push({ id: entry.id, code, title, poetId });
  }
  return entries;
}

function uploadCsv(entries: TestEntry[], fields: Record<string, string>, base: number) {
  const req = api.post('/api/admin/upload-csv').set(bearer(admin));
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  const criteria = fields.competition === 'story' ? STORY_COLUMNS : undefined;
  return req.attach('csvFile', Buffer.from(criteriaCsv(entries, { base, criteria })), { filename: 'results.csv', contentType: 'text/csv' });
}

const binary = (req: supertest.Test) =>
  req.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: ADMIN_EMAIL, DATABASE_FILENAME: dbFile, PUBLIC_SITE_URL: 'https://writory.test' });
  const server = stack.cms.strapi.server.httpServer;
  api = await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))));
  admin = (await stack.emulator.createUser({ email: ADMIN_EMAIL })).idToken;
  await api.get('/api/users/me').set(bearer(admin)).expect(200);
  for (const [label, name] of [
    ['asha', 'Asha Rao'],
    ['bo', 'Bo Lindqvist'],
  ]) {
    const user = await stack.emulator.createUser({ email: `${label}@writory.test` });
    const me = await api.put('/api/users/me').set(bearer(user.idToken)).send({ name }).expect(200);
    const row = await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: me.body.uid } });
    poets.push({ token: user.idToken, id: row.id, name });
  }
  poetryEntries = await createEntries(
    stack.cms.strapi,
    await createContest(stack.cms.strapi, MONTH),
    MONTH,
    poets.map((p) => p.id),
    4,
  );
  storyEntries = await storyMonth(MONTH, 4);
});

afterAll(async () => {
  await stack?.stop();
  for (const suffix of ['', '-wal', '-shm']) {
    await import('node:fs').then((fs) => fs.rmSync(path.resolve(__dirname, '..', dbFile + suffix), { force: true }));
  }
});

const month = story();

describe('publishing per competition', () => {
  it(
    "schedules each competition's results on a timer of its own, and fires each exactly once",
    month.step(async () => {
      // The preview reads the competition's own month: four story entries, none of poetry's.
      const preview = await api
        .post('/api/admin/results/preview')
        .set(bearer(admin))
        .field('month', MONTH)
        .field('competition', 'story')
        .attach('csvFile', Buffer.from(criteriaCsv(storyEntries, { base: 15, criteria: STORY_COLUMNS })), { filename: 'results.csv', contentType: 'text/csv' })
        .expect(200);
      expect(preview.body).toMatchObject({ entrants: 4, ready: true, errors: [], missing: [] });
      const judgesPreview = await api.post('/api/admin/results/preview').set(bearer(admin)).send({ month: MONTH, competition: 'story' }).expect(200);
      expect(judgesPreview.body.missing).toEqual(storyEntries.map((e) => e.code));

      const publishAt = new Date(Date.now() + 60_000).toISOString();
      const storyTimer = await uploadCsv(storyEntries, { month: MONTH, competition: 'story', publishAt }, 15).expect(201);
      expect(storyTimer.body.timer).toMatchObject({ competition: 'story', month: MONTH, status: 'scheduled' });
      // Poetry's timer is another one: the story timer waiting does not stop it (an upload without a competition is poetry's).
      const poetryTimer = await uploadCsv(poetryEntries, { month: MONTH, publishAt }, 20).expect(201);
      expect(poetryTimer.body.timer).toMatchObject({ competition: 'poetry', month: MONTH });
      const twice = await uploadCsv(storyEntries, { month: MONTH, competition: 'story', publishAt }, 15).expect(409);
      expect(twice.body.error.message).toBe('A story results timer is already scheduled. Delete it first.');

      expect((await api.get('/api/admin/timer/get?competition=story').set(bearer(admin)).expect(200)).body.timer.id).toBe(storyTimer.body.timer.id);
      expect((await api.get('/api/admin/timer/get').set(bearer(admin)).expect(200)).body.timer.id).toBe(poetryTimer.body.timer.id);
      expect((await api.get('/api/admin/timer/get?competition=regional-languages').set(bearer(admin)).expect(200)).body.timer).toBeNull();

      // Both fall due in the same second; every claim of each runs at once, as several instances' cron would.
      const ids = [storyTimer.body.timer.id, poetryTimer.body.timer.id];
      await db(TIMER).updateMany({ where: { id: { $in: ids } }, data: { dueAt: new Date(Date.now() - 1000) } });
      const timers = stack.cms.strapi.service('api::publication.publication');
      const claims = await Promise.all([...ids, ...ids, ...ids].map((id) => timers.fireOne(id)));
      expect(claims.filter((claim) => claim.fired)).toHaveLength(2);
      expect(await timers.fireDue()).toBe(0);

      const fired = await db(TIMER).findMany({ where: { id: { $in: ids } }, orderBy: { id: 'asc' } });
      expect(fired.map((t: { status: string; competitionSlug: string; summary: unknown }) => [t.competitionSlug, t.status, t.summary])).toEqual([
        ['story', 'fired', { competition: 'story', month: MONTH, published: 4, notified: 4, certificates: 2 }],
        ['poetry', 'fired', { competition: 'poetry', month: MONTH, published: 4, notified: 4, certificates: 2 }],
      ]);
      expect(await db(RESULT).count({ where: { month: MONTH, competitionSlug: 'story' } })).toBe(4);
      expect(await db(RESULT).count({ where: { month: MONTH, competitionSlug: 'poetry' } })).toBe(4);
    }),
  );

  it(
    'keeps score cards, notifications and the leaderboard in their competition',
    month.step(async () => {
      const [asha] = poets;
      const cards = (await api.get('/api/results/me').set(bearer(asha.token)).expect(200)).body.scoreCards;
      expect(cards.map((c: { competition: { slug: string }; entryCode: string }) => [c.competition.slug, c.entryCode]).sort()).toEqual(
        [
          ['poetry', poetryEntries[0].code],
          ['poetry', poetryEntries[2].code],
          ['story', storyEntries[0].code],
          ['story', storyEntries[2].code],
        ].sort(),
      );
      expect(cards.find((c: { competition: { slug: string } }) => c.competition.slug === 'story').competition).toEqual({ slug: 'story', name: 'Story' });

      const notes = await db('api::notification.notification').findMany({ where: { userId: asha.id } });
      expect(notes.filter((n: { title: string }) => n.title === 'Story — November 2023 results are out')).toHaveLength(2);
      expect(notes.filter((n: { title: string }) => n.title.startsWith('Your score for “Poem'))).toHaveLength(2);

      // Story scores 15 + 15 + … per criterion below poetry's 20: each leaderboard has its own competition's points.
      const storyBoard = (await api.get('/api/leaderboard?competition=story').expect(200)).body;
      const poetryBoard = (await api.get('/api/leaderboard').expect(200)).body;
      expect(storyBoard.competition).toEqual({ slug: 'story', name: 'Story' });
      expect(poetryBoard.competition).toEqual({ slug: 'poetry', name: 'Poetry' });
      const storyTotals = await db(RESULT).findMany({ where: { competitionSlug: 'story', poetId: asha.id } });
      const poetryTotals = await db(RESULT).findMany({ where: { competitionSlug: 'poetry', poetId: asha.id } });
      const best = (rows: { total: number }[]) => Math.max(...rows.map((r) => r.total));
      expect(storyBoard.rows.find((r: { poetName: string }) => r.poetName === asha.name).points).toBe(best(storyTotals));
      expect(poetryBoard.rows.find((r: { poetName: string }) => r.poetName === asha.name).points).toBe(best(poetryTotals));
      expect(best(storyTotals)).not.toBe(best(poetryTotals));
      expect(storyBoard.months).toEqual([MONTH]);
      expect(poetryBoard.rows).toHaveLength(2);
      expect(storyBoard.rows).toHaveLength(2);
    }),
  );

  it(
    "publishes a competition's winners under their own ids, never under another competition",
    month.step(async () => {
      const storyWinners = { month: MONTH, competition: 'story', winners: [{ entryCode: storyEntries[0].code, place: 'first' }] };
      // The winners are picked from their own competition's scores: a poetry code is unknown to the story month.
      const wrong = { ...storyWinners, winners: [{ entryCode: poetryEntries[0].code, place: 'first' }] };
      expect((await api.post('/api/admin/upload-winners').set(bearer(admin)).send(wrong).expect(422)).body.error.message).toBe(
        `No published ${MONTH} score for ${poetryEntries[0].code}.`,
      );
      expect((await api.post('/api/admin/upload-winners').set(bearer(admin)).send(storyWinners).expect(200)).body.summary).toMatchObject({
        competition: 'story',
        published: 1,
      });
      const storyIndex = (await api.get('/api/winners?competition=story').expect(200)).body;
      expect(storyIndex.months).toHaveLength(1);
      expect(storyIndex.months[0].winners[0]).toMatchObject({ id: `story-${MONTH}-first`, competition: { slug: 'story', name: 'Story' } });
      expect((await api.get('/api/winners').expect(200)).body.months).toEqual([]);

      // Poetry's winners of the same month keep the ids poetry always had.
      await api
        .post('/api/admin/upload-winners')
        .set(bearer(admin))
        .send({ month: MONTH, winners: [{ entryCode: poetryEntries[1].code, place: 'first' }] })
        .expect(200);
      const poetryIndex = (await api.get('/api/winners').expect(200)).body;
      expect(poetryIndex.months[0].winners.map((w: { id: string }) => w.id)).toEqual([`${MONTH}-first`]);
      expect((await api.get(`/api/winners/story-${MONTH}-first`).expect(200)).body).toMatchObject({ competition: { slug: 'story' }, theme: 'Crossings' });
      const months = (await api.get('/api/admin/results/months?competition=story').set(bearer(admin)).expect(200)).body.months;
      expect(months).toEqual([{ month: MONTH, theme: 'Crossings', entries: 4, resultsPublished: true, winnersPublished: true }]);
    }),
  );

  it(
    'names the competition on certificates, their pages and their PDF',
    month.step(async () => {
      const [asha] = poets;
      const mine = (await api.get('/api/certificates/me').set(bearer(asha.token)).expect(200)).body.certificates;
      expect(mine.map((c: { competition: { slug: string }; kind: string }) => `${c.competition.slug} ${c.kind}`).sort()).toEqual([
        'poetry participation',
        'story participation',
        'story winner',
      ]);
      const storyWinner = mine.find((c: { competition: { slug: string }; kind: string }) => c.competition.slug === 'story' && c.kind === 'winner');
      const view = (await api.get(`/api/certificates/${storyWinner.slug}`).expect(200)).body;
      expect(view.competition).toEqual({ slug: 'story', name: 'Story' });
      expect((await api.get(`/api/certificates/verify/${storyWinner.verificationCode}`).expect(200)).body.competition).toEqual({
        slug: 'story',
        name: 'Story',
      });

      const { extractText } = await import('unpdf');
      const storyPdf = await binary(api.get(`/api/certificates/${storyWinner.slug}/pdf`)).expect(200);
      const storyText = (await extractText(new Uint8Array(storyPdf.body), { mergePages: true })).text;
      expect(storyText).toContain('won 1st place in the Writory Story Competition, November 2023, for the entry');
      const poetry = mine.find((c: { competition: { slug: string } }) => c.competition.slug === 'poetry');
      const poetryPdf = await binary(api.get(`/api/certificates/${poetry.slug}/pdf`)).expect(200);
      expect((await extractText(new Uint8Array(poetryPdf.body), { mergePages: true })).text).toContain(
        'took part in the Writory monthly poetry contest, November 2023.',
      );

      // The admin's lists are per competition too (poetry without one).
      const list = (await api.get(`/api/admin/certificates?kind=winner&month=${MONTH}&competition=story`).set(bearer(admin)).expect(200)).body.certificates;
      expect(list.map((c: { slug: string }) => c.slug)).toEqual([storyWinner.slug]);
      const poetryList = (await api.get(`/api/admin/certificates?kind=winner&month=${MONTH}`).set(bearer(admin)).expect(200)).body.certificates;
      expect(poetryList.every((c: { competition: { slug: string } }) => c.competition.slug === 'poetry')).toBe(true);
    }),
  );
});
