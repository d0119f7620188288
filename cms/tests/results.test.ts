// Results on the server: the results and winner timers (spec wire shapes), CSV preview and publication in one
// transaction, score cards, winners, the leaderboard with its history import, and certificates. Every refusal
// leaves nothing published. The restart case restarts the cms: a timer that fell due while it was down fires.
// Any order, any test alone: refusals and the scheduling case use months of their own; the cases that follow one
// month (MONTH, July) are steps of its story, run once each and in order by whichever test needs them first.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { monthName } from '@writory/shared';
import type { AuthEmulator } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { createContest, createEntries, criteriaCsv, poemText, type TestEntry } from './helpers/contest-data';
import { story } from './helpers/story';
import { startTestCms, type TestCms } from './helpers/strapi';

const ADMIN_EMAIL = 'results-boss@writory.test';
const MONTH = '2024-05';
const TIMER = 'api::timer.timer';
const RESULT = 'api::result.result';
const NOTIFICATION = 'api::notification.notification';
const CERTIFICATE = 'api::certificate.certificate';
const dbFile = `.tmp/results-test-${process.pid}.db`;

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let admin: string;
const poets: { token: string; id: number; name: string }[] = [];
/** Two accounts with the judge role. */
const judges: string[] = [];
const judgeUids: string[] = [];
let entries: TestEntry[];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const db = (uid: string) => cms.strapi.db.query(uid as any);
const csv = (text: string | Buffer, name = 'results.csv') => ({ buffer: Buffer.isBuffer(text) ? text : Buffer.from(text), name });

function listen(strapiCms: TestCms) {
  const server = strapiCms.strapi.server.httpServer;
  return new Promise<ReturnType<typeof supertest>>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
  );
}

function uploadCsv(route: string, file: { buffer: Buffer; name: string }, fields: Record<string, string> = { month: MONTH }) {
  const req = api.post(route).set(bearer(admin));
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  return req.attach('csvFile', file.buffer, { filename: file.name, contentType: 'text/csv' });
}

/** The results CSV of these entries (the five poetry criteria), uploaded for publication as the admin page sends it. */
const uploadScores = (list: TestEntry[], fields: Record<string, string> = { month: MONTH }) =>
  uploadCsv('/api/admin/upload-csv', csv(criteriaCsv(list)), fields);

/** Everything a refused publication must leave as it was: the month's publication and the timers. */
async function stateOf(month: string) {
  return { timers: await db(TIMER).count(), published: await published(month) };
}

/** Everything a refused publication must leave as it was. */
async function published(month = MONTH) {
  return {
    results: await db(RESULT).count({ where: { month } }),
    // Only the test poets': the demo data greets the demo accounts with notifications of its own.
    notifications: await db(NOTIFICATION).count({ where: { userId: { $in: poets.map((p) => p.id) } } }),
    certificates: await db(CERTIFICATE).count(),
    leaderboard: await db('api::leaderboard.leaderboard-month').count({ where: { month } }),
    publishedEntries: await db('api::entry.entry').count({ where: { status: 'published' } }),
  };
}
const NOTHING = { results: 0, notifications: 0, certificates: 0, leaderboard: 0, publishedEntries: 0 };

/** Makes the latest timer of a kind due now, and runs what the cron task runs every second. */
async function fireNow(kind: 'results' | 'winners') {
  const timer = await db(TIMER).findOne({ where: { kind }, orderBy: { id: 'desc' } });
  await db(TIMER).update({ where: { id: timer.id }, data: { dueAt: new Date(Date.now() - 1000) } });
  return cms.strapi.service('api::publication.publication').fireDue();
}

const future = (ms: number) => new Date(Date.now() + ms).toISOString();

let monthsTaken = 0;
/** A month of its own, for a test that needs one nobody published: its contest and `count` entries. */
async function freshMonth(count = 12, competition = 'poetry') {
  const n = monthsTaken++;
  const month = `${2020 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  const contestId = await createContest(cms.strapi, month, 'Thresholds', competition);
  return {
    month,
    entries: await createEntries(
      cms.strapi,
      contestId,
      month,
      poets.map((p) => p.id),
      count,
    ),
  };
}

/**
 * MONTH from its published results to its certificates. Other months' publications wait for its end: its
 * leaderboard, winner index and counts are the only ones in the file while it runs.
 */
const monthStory = story();
/** July's judging, from a refused publication to its winners. */
const julyStory = story();

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: ADMIN_EMAIL, DATABASE_FILENAME: dbFile, PUBLIC_SITE_URL: 'https://writory.test' });
  ({ emulator, cms } = stack);
  api = await listen(cms);
  admin = (await emulator.createUser({ email: ADMIN_EMAIL })).idToken;
  await api.get('/api/users/me').set(bearer(admin)).expect(200);
  for (const [label, name] of [
    ['ana', 'Ana Lima'],
    ['ben', 'Ben Okafor'],
    ['rumi', 'جلال الدين'],
  ]) {
    const user = await emulator.createUser({ email: `${label}@writory.test` });
    const me = await api.put('/api/users/me').set(bearer(user.idToken)).send({ name }).expect(200);
    const row = await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: me.body.uid } });
    poets.push({ token: user.idToken, id: row.id, name });
  }
  for (const label of ['judge-a', 'judge-b']) {
    const user = await emulator.createUser({ email: `${label}@writory.test` });
    const me = await api.get('/api/users/me').set(bearer(user.idToken)).expect(200);
    const role = await db('plugin::users-permissions.role').findOne({ where: { type: 'judge' } });
    await db('plugin::users-permissions.user').update({ where: { firebaseUid: me.body.uid }, data: { role: role.id } });
    judges.push(user.idToken);
    judgeUids.push(me.body.uid);
  }
  const contestId = await createContest(cms.strapi, MONTH);
  entries = await createEntries(
    cms.strapi,
    contestId,
    MONTH,
    poets.map((p) => p.id),
    12,
  );
});

afterAll(async () => {
  // The restart case replaces the cms, so each part is stopped here rather than through stack.stop().
  await cms?.stop();
  await emulator?.stop();
  for (const suffix of ['', '-wal', '-shm']) {
    await import('node:fs').then((fs) => fs.rmSync(path.resolve(__dirname, '..', dbFile + suffix), { force: true }));
  }
});

describe('admin routes', () => {
  const ROUTES: [string, string][] = [
    ['get', '/api/admin/timer/get'],
    ['delete', '/api/admin/timer/delete'],
    ['post', '/api/admin/timer/retry'],
    ['get', '/api/admin/winner-timer/get'],
    ['delete', '/api/admin/winner-timer/delete'],
    ['post', '/api/admin/winner-timer/retry'],
    ['post', '/api/admin/upload-csv'],
    ['post', '/api/admin/upload-winners'],
    ['post', '/api/admin/results/preview'],
    ['post', '/api/admin/results/publish'],
    ['get', '/api/admin/results/months'],
    ['get', '/api/admin/winners/suggestions?month=2024-05'],
    ['post', '/api/admin/leaderboard/preview'],
    ['post', '/api/admin/leaderboard/import'],
    ['get', '/api/admin/certificates?kind=winner&month=2024-05'],
    ['get', '/api/admin/certificates/preview?kind=winner&month=2024-05'],
    ['get', '/api/admin/certificates/preview/pdf?kind=winner&month=2024-05'],
    ['post', '/api/admin/certificates/issue'],
    ['post', '/api/admin/certificates/some-slug/reissue'],
  ];

  it('refuses visitors (401), poets and judges (403) on every admin route', async () => {
    const before = await published();
    for (const [method, route] of ROUTES) {
      const anonymous = await (api as any)[method](route);
      expect([route, anonymous.status]).toEqual([route, 401]);
      const poet = await (api as any)[method](route).set(bearer(poets[0].token));
      expect([route, poet.status]).toEqual([route, 403]);
      const judge = await (api as any)[method](route).set(bearer(judges[0]));
      expect([route, judge.status]).toEqual([route, 403]);
    }
    expect(await published()).toEqual(before);
  });

  it('lists the months with their entries', async () => {
    const { month } = await freshMonth();
    const res = await api.get('/api/admin/results/months').set(bearer(admin)).expect(200);
    expect(res.body.months).toContainEqual({ month, theme: 'Thresholds', entries: 12, resultsPublished: false, winnersPublished: false });
  });
});

describe('results CSV', () => {
  it('previews a clean file with a BOM, CRLF line ends and quoted commas, storing nothing', async () => {
    const { month, entries } = await freshMonth();
    const before = await stateOf(month);
    const text = `\uFEFF${criteriaCsv(entries, { crlf: true })}\r\n`;
    const res = await uploadCsv('/api/admin/results/preview', csv(text), { month }).expect(200);
    expect(res.body).toMatchObject({ month, source: 'csv', fileName: 'results.csv', errors: [], missing: [], entrants: 12, ready: true });
    expect(res.body.rows[0]).toEqual({
      row: 2,
      entryCode: entries[0].code,
      title: entries[0].title,
      criteria: { structure: 20, creativity: 20, language: 20, emotionalImpact: 20, theme: 19 },
      marks: [
        { name: 'Structure', max: 20, points: 20 },
        { name: 'Creativity', max: 20, points: 20 },
        { name: 'Language', max: 20, points: 20 },
        { name: 'Emotional Impact', max: 20, points: 20 },
        { name: 'Theme', max: 20, points: 19 },
      ],
      total: 99,
      comment: 'Judge note 1, with a comma',
    });
    expect(await stateOf(month)).toEqual(before);
  });

  it('names every bad row: unknown codes, another month, out of range, duplicates, field counts, missing scores', async () => {
    const { month, entries } = await freshMonth();
    const other = await freshMonth(1);
    const [elsewhere] = other.entries;
    const before = await stateOf(month);
    const lines = criteriaCsv(entries.slice(0, 6)).split('\n');
    lines.push('WR-NOPE-1,10,10,10,10,10,"unknown"');
    lines.push(`${elsewhere.code},10,10,10,10,10,"other month"`);
    lines.push(`${entries[6].code},25,10,10,10,10,"too high"`);
    lines.push(`${entries[0].code},10,10,10,10,10,"again"`);
    lines.push(`${entries[7].code},10,10,10`);
    const res = await uploadCsv('/api/admin/results/preview', csv(lines.join('\n')), { month }).expect(200);
    expect(res.body.ready).toBe(false);
    expect(res.body.errors.map((e: { row: number }) => e.row)).toEqual([8, 9, 10, 11, 12]);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'there is no entry with the code WR-NOPE-1',
      `entry ${elsewhere.code} belongs to the ${other.month} contest, not ${month}`,
      'Structure must be a number from 0 to 20 (got "25")',
      `entry ${entries[0].code} appears again (first on row 2)`,
      'has 4 fields; the header has 7',
    ]);
    expect(res.body.missing).toEqual(entries.slice(6).map((e) => e.code));

    const upload = await uploadCsv('/api/admin/upload-csv', csv(lines.join('\n')), { month }).expect(422);
    expect(upload.body.error.message).toMatch(/^Nothing was published: line 8, column entryCode: there is no entry/);
    expect(upload.body.error.details.errors).toHaveLength(5);
    expect(await stateOf(month)).toEqual(before);
  });

  it.each([
    ['non-UTF-8 text', () => csv(Buffer.from('entry_code,total\nWR-1,50,"Café"', 'latin1')), 415, /not UTF-8/],
    ['a file over 10 MB', () => csv(Buffer.alloc(10 * 1024 * 1024 + 10, 'a')), 413, /larger than 10 MB/],
    ['a missing column', () => csv('structure,total\n1,2'), 422, /Missing column: entryCode/],
    ['an extra column', () => csv('entry_code,total,bonus\nWR-1,50,1'), 422, /Unknown column: bonus/],
    ['an empty file', () => csv(''), 422, /empty/],
  ])('refuses %s with a 4xx and publishes nothing', async (_name, file, status, message) => {
    const { month } = await freshMonth(1);
    const before = await stateOf(month);
    for (const route of ['/api/admin/results/preview', '/api/admin/upload-csv']) {
      const res = await uploadCsv(route, file(), { month });
      expect(res.status).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    expect(await stateOf(month)).toEqual(before);
  });

  it('refuses an upload without a file, a bad month or a time in the past', async () => {
    const { month, entries } = await freshMonth();
    const timers = await db(TIMER).count();
    await api.post('/api/admin/upload-csv').set(bearer(admin)).field('month', month).expect(400);
    const badMonth = await uploadScores(entries, { month: '2024-13' }).expect(422);
    expect(badMonth.body.error.message).toBe('month: must look like 2025-06');
    await uploadScores(entries, { month: '2019-01' }).expect(404);
    const past = await uploadScores(entries, { month, publishAt: '2020-01-01T00:00:00Z' }).expect(422);
    expect(past.body.error.message).toBe('publishAt: is in the past');
    expect(await db(TIMER).count()).toBe(timers);
  });

  describe('of a competition with its own criteria (issue 37)', () => {
    const STORY_CRITERIA = [
      { name: 'Plot', max: 30 },
      { name: 'Character', max: 25 },
      { name: 'Language', max: 20 },
      { name: 'Emotional Impact', max: 15 },
      { name: 'Theme', max: 10 },
    ];
    const storyHeader = 'entry_code,Plot,Character,Language,Emotional Impact,Theme,comment';
    /** Every entry full marks but the first, which loses `i` points of Plot. */
    const storyCsv = (list: TestEntry[], plot = (i: number) => 30 - i) =>
      [storyHeader, ...list.map((e, i) => `${e.code},${plot(i)},25,20,15,10,Story note ${i + 1}`)].join('\n');
    let restore: unknown;

    beforeAll(async () => {
      const story = await db('api::competition.competition').findOne({ where: { slug: 'story' } });
      restore = story.criteria;
      await db('api::competition.competition').update({ where: { slug: 'story' }, data: { criteria: STORY_CRITERIA } });
    });
    afterAll(async () => {
      await db('api::competition.competition').update({ where: { slug: 'story' }, data: { criteria: restore } });
    });

    it('takes the Story competition’s criteria as the columns, each out of its own points, and publishes their marks', async () => {
      // The month story counts every certificate and leaderboard row: this publication waits for its end.
      await monthStory.all();
      const { month, entries } = await freshMonth(3, 'story');
      const fields = { month, competition: 'story' };
      const preview = await uploadCsv('/api/admin/results/preview', csv(storyCsv(entries)), fields).expect(200);
      expect(preview.body).toMatchObject({ errors: [], missing: [], ready: true });
      expect(preview.body.rows[1]).toMatchObject({
        entryCode: entries[1]!.code,
        criteria: null,
        marks: STORY_CRITERIA.map((c) => ({ ...c, points: c.name === 'Plot' ? 29 : c.max })),
        total: 99,
      });
      const res = await uploadCsv('/api/admin/upload-csv', csv(storyCsv(entries)), fields).expect(200);
      expect(res.body.summary).toMatchObject({ month, published: 3 });
      const card = await db(RESULT).findOne({ where: { code: entries[1]!.code } });
      expect(card).toMatchObject({ competitionSlug: 'story', total: 99, marks: STORY_CRITERIA.map((c) => ({ ...c, points: c.name === 'Plot' ? 29 : c.max })) });
    });

    it.each([
      [
        'poetry’s columns',
        (list: TestEntry[]) => criteriaCsv(list),
        /^Unknown columns: Structure, Creativity \(line 1, the header\)\. The columns are: entryCode, Plot, Character, Language, Emotional Impact, Theme, total, comment\.$/,
      ],
      [
        'a missing criterion',
        (list: TestEntry[]) => ['entry_code,Plot,Character,Language,Theme', ...list.map((e) => `${e.code},30,25,20,10`)].join('\n'),
        /^Nothing was published: line 1, column Emotional Impact: The header needs all five criteria \(Plot, Character, Language, Emotional Impact, Theme\) or a total \(missing: Emotional Impact, total\)/,
      ],
      [
        'a mark over its criterion’s maximum',
        (list: TestEntry[]) => storyCsv(list, (i) => (i === 2 ? 31 : 30)),
        /^Nothing was published: line 4, column Plot: Plot must be a number from 0 to 30 \(got "31"\); 1 entry has no score/,
      ],
    ])('refuses %s with a 422 naming the line and column, and stores nothing', async (_name, file, message) => {
      const { month, entries } = await freshMonth(3, 'story');
      const before = await stateOf(month);
      const res = await uploadCsv('/api/admin/upload-csv', csv(file(entries)), { month, competition: 'story' }).expect(422);
      expect(res.body.error.message).toMatch(message);
      expect(await stateOf(month)).toEqual(before);
      expect(await db(RESULT).count({ where: { month, competitionSlug: 'story' } })).toBe(0);
    });
  });
});

describe('results timer', () => {
  it('schedules a publication, shows the countdown and the file, refuses a second one, and deletes it', async () => {
    const { month, entries } = await freshMonth();
    // The results timer is one per competition: the routes (poetry's, naming none) show its latest. None in a fresh database.
    const previous = await db(TIMER).findOne({
      where: { kind: 'results', $or: [{ competitionSlug: 'poetry' }, { competitionSlug: null }] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const before = await published(month);
    const file = criteriaCsv(entries);
    const res = await uploadCsv('/api/admin/upload-csv', csv(file), { publishAt: future(60_000) }).expect(201);
    try {
      expect(res.body).toMatchObject({
        success: true,
        timer: { isActive: true, status: 'scheduled', month, source: 'csv', fileName: 'results.csv', fileContent: file },
      });
      const got = await api.get('/api/admin/timer/get').set(bearer(admin)).expect(200);
      expect(got.body.success).toBe(true);
      expect(got.body.timer.id).toBe(res.body.timer.id);
      expect(got.body.timer.timeRemaining).toBeGreaterThan(50_000);
      expect(got.body.timer.timeRemaining).toBeLessThanOrEqual(60_000);

      // Month inferred from the entry codes when the upload names none, as the spec's client sends it.
      const second = await uploadCsv('/api/admin/upload-csv', csv(file), { publishAt: future(90_000) }).expect(409);
      expect(second.body.error.message).toMatch(/already scheduled/);

      await api.delete('/api/admin/timer/delete').set(bearer(admin)).expect(200);
      // What was there before shows again: nothing (then nothing is left to delete), or an earlier, fired timer.
      const after = (await api.get('/api/admin/timer/get').set(bearer(admin)).expect(200)).body;
      expect(after).toEqual({ success: true, timer: previous ? expect.objectContaining({ id: previous.id, status: 'fired' }) : null });
      await api
        .delete('/api/admin/timer/delete')
        .set(bearer(admin))
        .expect(previous ? 409 : 404);
      expect(await published(month)).toEqual(before);
    } finally {
      await db(TIMER).deleteMany({ where: { id: res.body.timer.id, status: 'scheduled' } });
    }
  });

  it(
    'rolls the whole publication back when a step fails, keeps the timer visible with its error, and retries it',
    monthStory.step(async () => {
      await uploadScores(entries, { publishAt: future(60_000) }).expect(201);
      const certificates = cms.strapi.service('api::certificate.certificate');
      const issue = certificates.issueParticipation;
      certificates.issueParticipation = async () => {
        throw new Error('certificate store unavailable');
      };
      try {
        expect(await fireNow('results')).toBe(0);
      } finally {
        certificates.issueParticipation = issue;
      }
      expect(await published()).toEqual(NOTHING);
      const failed = (await api.get('/api/admin/timer/get').set(bearer(admin)).expect(200)).body.timer;
      expect(failed).toMatchObject({ isActive: false, status: 'failed', error: 'certificate store unavailable', firedAt: null });

      const retried = await api.post('/api/admin/timer/retry').set(bearer(admin)).expect(200);
      expect(retried.body).toMatchObject({
        success: true,
        timer: { status: 'fired', error: null },
        summary: { month: MONTH, published: 12, notified: 12, certificates: 3 },
      });
      expect(await published()).toEqual({ results: 12, notifications: 12, certificates: 3, leaderboard: 3, publishedEntries: 12 });
      // Months read as words in the texts, as on the rest of the site ("November 2026", not "2026-11").
      const note = await db(NOTIFICATION).findOne({ where: { userId: { $in: poets.map((p) => p.id) } }, orderBy: { id: 'desc' } });
      expect(note.message).toContain(`in the ${monthName(MONTH)} contest`);
      expect(note.message).not.toContain(MONTH);
    }),
  );

  it(
    'refuses to delete a fired timer (409) or publish the month again',
    monthStory.step(async () => {
      const res = await api.delete('/api/admin/timer/delete').set(bearer(admin)).expect(409);
      expect(res.body.error.message).toMatch(/already fired/);
      expect((await api.get('/api/admin/timer/get').set(bearer(admin))).body.timer).toMatchObject({ status: 'fired', isActive: false });
      const again = await uploadScores(entries).expect(409);
      expect(again.body.error.message).toBe(`The results of ${monthName(MONTH)} are already published.`);
      await api.post('/api/admin/timer/retry').set(bearer(admin)).expect(409);
      expect(await db(RESULT).count()).toBe(12);
    }),
  );

  it(
    "shows each poet their score cards with criteria, total, percentile, rank and the judges' comments",
    monthStory.step(async () => {
      const res = await api.get('/api/results/me').set(bearer(poets[1].token)).expect(200);
      // Ben has entries 2, 5, 8 and 11 (index 1, 4, 7, 10): totals 96.5, 89, 81.5, 74.
      expect(res.body.scoreCards.map((c: { entryCode: string }) => c.entryCode)).toEqual([1, 4, 7, 10].map((i) => entries[i].code));
      expect(res.body.scoreCards[0]).toEqual({
        competition: { slug: 'poetry', name: 'Poetry' },
        entryCode: entries[1].code,
        title: entries[1].title,
        month: MONTH,
        criteria: { structure: 19.5, creativity: 19.5, language: 19.5, emotionalImpact: 19.5, theme: 18.5 },
        marks: [
          { name: 'Structure', max: 20, points: 19.5 },
          { name: 'Creativity', max: 20, points: 19.5 },
          { name: 'Language', max: 20, points: 19.5 },
          { name: 'Emotional Impact', max: 20, points: 19.5 },
          { name: 'Theme', max: 20, points: 18.5 },
        ],
        total: 96.5,
        percentile: 83,
        rank: 2,
        entrants: 12,
        comments: ['Judge note 2, with a comma'],
        publishedAt: expect.any(String),
        place: null,
        closeness: null,
      });
      const notes = await db(NOTIFICATION).findMany({ where: { userId: poets[1].id } });
      expect(notes).toHaveLength(4);
      expect(notes[0]).toMatchObject({ title: expect.stringMatching(/^Your score for/), link: '/profile#scores' });
      await api.get('/api/results/me').expect(401);
    }),
  );
});

describe('winners', () => {
  it(
    'suggests the top scores and refuses bad winner data',
    monthStory.step(async () => {
      const suggested = await api.get(`/api/admin/winners/suggestions?month=${MONTH}`).set(bearer(admin)).expect(200);
      expect(suggested.body.suggestions.slice(0, 2)).toEqual([
        { entryCode: entries[0].code, title: entries[0].title, poetName: 'Ana Lima', total: 99, rank: 1 },
        { entryCode: entries[1].code, title: entries[1].title, poetName: 'Ben Okafor', total: 96.5, rank: 2 },
      ]);
      const send = (body: unknown) =>
        api
          .post('/api/admin/upload-winners')
          .set(bearer(admin))
          .send(body as object);
      const cases: [unknown, number, RegExp][] = [
        [{ month: MONTH, winners: [{ entryCode: entries[1].code, place: 'second' }] }, 422, /1st place/],
        [
          {
            month: MONTH,
            winners: [
              { entryCode: entries[0].code, place: 'first' },
              { entryCode: entries[1].code, place: 'first' },
            ],
          },
          422,
          /Only one entry/,
        ],
        [
          {
            month: MONTH,
            winners: [
              { entryCode: entries[0].code, place: 'first' },
              { entryCode: entries[0].code, place: 'second' },
            ],
          },
          422,
          /chosen twice/,
        ],
        [{ month: MONTH, winners: [{ entryCode: 'WR-NOPE', place: 'first' }] }, 422, /No published 2024-05 score for WR-NOPE/],
        [{ month: MONTH, winners: [{ entryCode: entries[0].code, place: 'gold' }] }, 422, /must be one of/],
        [{ month: '2024-04', winners: [{ entryCode: entries[0].code, place: 'first' }] }, 409, /not published yet/],
        [{ month: MONTH, winners: [] }, 422, /at least/],
      ];
      for (const [body, status, message] of cases) {
        const res = await send(body);
        expect([res.status, res.body.error?.message]).toEqual([status, expect.stringMatching(message)]);
      }
      expect(await db(TIMER).count({ where: { kind: 'winners' } })).toBe(0);
      expect(await db('api::winner.winner').count()).toBe(0);
    }),
  );

  it(
    'publishes the winners on their timer: public pages, notifications, runners-up, certificates',
    monthStory.step(async () => {
      const winnerData = {
        month: MONTH,
        winners: [
          { entryCode: entries[0].code, place: 'first' },
          { entryCode: entries[2].code, place: 'second' },
          { entryCode: entries[1].code, place: 'third' },
          { entryCode: entries[4].code, place: 'honourable' },
        ],
      };
      const scheduled = await api
        .post('/api/admin/upload-winners')
        .set(bearer(admin))
        .send({ ...winnerData, publishAt: future(30_000) })
        .expect(201);
      expect(scheduled.body.timer).toMatchObject({ isActive: true, status: 'scheduled', winnerData });
      const got = await api.get('/api/admin/winner-timer/get').set(bearer(admin)).expect(200);
      expect(got.body.timer.winnerData).toEqual(winnerData);
      expect(got.body.timer.timeRemaining).toBeGreaterThan(20_000);

      const notesBefore = await db(NOTIFICATION).count();
      expect(await fireNow('winners')).toBe(1);
      await api.delete('/api/admin/winner-timer/delete').set(bearer(admin)).expect(409);

      const index = await api.get('/api/winners').expect(200);
      expect(index.body.months).toHaveLength(1);
      expect(index.body.months[0]).toMatchObject({ month: MONTH, theme: 'Thresholds' });
      expect(
        index.body.months[0].winners.map((w: { id: string; place: string; poetName: string; score: number }) => [w.id, w.place, w.poetName, w.score]),
      ).toEqual([
        [`${MONTH}-first`, 'first', 'Ana Lima', 99],
        [`${MONTH}-second`, 'second', 'جلال الدين', 94],
        [`${MONTH}-third`, 'third', 'Ben Okafor', 96.5],
        [`${MONTH}-honourable-1`, 'honourable', 'Ben Okafor', 89],
      ]);
      const detail = await api.get(`/api/winners/${MONTH}-second`).expect(200);
      expect(detail.body).toMatchObject({ id: `${MONTH}-second`, title: entries[2].title, language: 'English', theme: 'Thresholds', poem: expect.any(String) });
      await api.get('/api/winners/2024-05-nope').expect(404);

      // 4 winners and the next 10 entries by rank (8 are left) are told.
      expect((await db(NOTIFICATION).count()) - notesBefore).toBe(4 + 8);
      const rumiCards = (await api.get('/api/results/me').set(bearer(poets[2].token)).expect(200)).body.scoreCards;
      expect(rumiCards.find((c: { entryCode: string }) => c.entryCode === entries[2].code).place).toBe('second');
      const runnerUp = rumiCards.find((c: { entryCode: string }) => c.entryCode === entries[5].code);
      expect(runnerUp).toMatchObject({ place: null, total: 86.5, closeness: { lastWinningScore: 89, gap: 2.5 } });
      expect(await db(CERTIFICATE).count({ where: { kind: 'winner' } })).toBe(4);

      const again = await api.post('/api/admin/upload-winners').set(bearer(admin)).send(winnerData).expect(409);
      expect(again.body.error.message).toBe(`The ${monthName(MONTH)} winners are already published.`);
    }),
  );
});

describe('leaderboard', () => {
  it(
    'ranks poets by their best score per month, with paging and search in any script',
    monthStory.step(async () => {
      const all = await api.get('/api/leaderboard').expect(200);
      expect(all.body).toMatchObject({ view: 'all', q: '', months: [MONTH], pagination: { page: 1, pageSize: 25, total: 3, pageCount: 1 } });
      expect(all.body.rows).toEqual([
        { rank: 1, poetName: 'Ana Lima', points: 99, count: 1 },
        { rank: 2, poetName: 'Ben Okafor', points: 96.5, count: 1 },
        { rank: 3, poetName: 'جلال الدين', points: 94, count: 1 },
      ]);
      const page2 = await api.get('/api/leaderboard?pageSize=2&page=2').expect(200);
      expect(page2.body.rows.map((r: { poetName: string }) => r.poetName)).toEqual(['جلال الدين']);
      expect((await api.get(`/api/leaderboard?view=${MONTH}&q=${encodeURIComponent('جلال')}`).expect(200)).body.rows).toEqual([
        { rank: 3, poetName: 'جلال الدين', points: 94, count: 4 },
      ]);
      expect((await api.get('/api/leaderboard?q=OKAF').expect(200)).body.rows.map((r: { rank: number }) => r.rank)).toEqual([2]);
      expect((await api.get('/api/leaderboard?q=%25').expect(200)).body.rows).toEqual([]);
      await api.get('/api/leaderboard?view=last-year').expect(422);
      await api.get('/api/leaderboard?pageSize=1000').expect(422);
    }),
  );

  it(
    'imports history from CSV: preview first, an error per bad row, then one commit',
    monthStory.step(async () => {
      const file =
        'month,name,email,points\r\n2023-11,Ana Lima,ana@writory.test,80\r\n2023-11,Old Poet,,70.5\r\n2023-12,"Old Poet",,40\r\n2023-12,"Rao, Asha",,12\r\n';
      const preview = await uploadCsv('/api/admin/leaderboard/preview', csv(file, 'history.csv'), {}).expect(200);
      expect(preview.body).toMatchObject({ fileName: 'history.csv', errors: [], ready: true });
      expect(preview.body.rows).toHaveLength(4);
      expect(preview.body.rows[3]).toEqual({ row: 5, month: '2023-12', name: 'Rao, Asha', email: null, points: 12, replaces: false });
      expect((await api.get('/api/leaderboard').expect(200)).body.pagination.total).toBe(3);

      const bad = `${file}2024-05,Late Entry,,10\r\n2023-12,Old Poet,,5\r\nnot-a-month,X,,1\r\n`;
      const badPreview = await uploadCsv('/api/admin/leaderboard/preview', csv(bad), {}).expect(200);
      expect(badPreview.body.ready).toBe(false);
      expect(badPreview.body.errors.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([
        [6, "the 2024-05 results were published on Writory; that month's points come from them"],
        [7, 'Old Poet already has a row for 2023-12 (row 4)'],
        [8, 'month must look like 2024-07 (got "not-a-month")'],
      ]);
      await uploadCsv('/api/admin/leaderboard/import', csv(bad), {}).expect(422);
      expect((await api.get('/api/leaderboard').expect(200)).body.pagination.total).toBe(3);

      const committed = await uploadCsv('/api/admin/leaderboard/import', csv(file), {}).expect(200);
      expect(committed.body).toEqual({ success: true, imported: 4, months: ['2023-11', '2023-12'] });
      const all = (await api.get('/api/leaderboard').expect(200)).body;
      expect(all.months).toEqual([MONTH, '2023-12', '2023-11']);
      expect(all.rows.slice(0, 2)).toEqual([
        { rank: 1, poetName: 'Ana Lima', points: 179, count: 2 },
        { rank: 2, poetName: 'Old Poet', points: 110.5, count: 2 },
      ]);
      // Importing the same file again replaces its rows instead of adding them twice.
      const again = await uploadCsv('/api/admin/leaderboard/preview', csv(file), {}).expect(200);
      expect(again.body.rows.every((r: { replaces: boolean }) => r.replaces)).toBe(true);
      await uploadCsv('/api/admin/leaderboard/import', csv(file), {}).expect(200);
      expect((await api.get('/api/leaderboard').expect(200)).body.rows[0]).toEqual({ rank: 1, poetName: 'Ana Lima', points: 179, count: 2 });
    }),
  );
});

describe('certificates', () => {
  it(
    'lists a poet’s certificates and shows each on a public page with its QR code and verification code',
    monthStory.step(async () => {
      const mine = (await api.get('/api/certificates/me').set(bearer(poets[0].token)).expect(200)).body.certificates;
      expect(mine.map((c: { kind: string; place: string | null }) => [c.kind, c.place])).toEqual([
        ['winner', 'first'],
        ['participation', null],
      ]);
      const winner = mine[0];
      expect(winner.slug).toMatch(/^ana-lima-2024-05-winner-[a-z2-9]{6}$/);
      const page = (await api.get(`/api/certificates/${winner.slug}`).expect(200)).body;
      expect(page).toMatchObject({ kind: 'winner', name: 'Ana Lima', month: MONTH, place: 'first', title: entries[0].title, status: 'valid' });
      expect(page.url).toBe(`https://writory.test/certificate/${winner.slug}`);
      expect(page.qr.size).toBeGreaterThanOrEqual(21);
      expect(page.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);

      const typed = page.verificationCode.toLowerCase().replace(/-/g, ' ');
      expect((await api.get(`/api/certificates/verify/${encodeURIComponent(typed)}`).expect(200)).body.slug).toBe(winner.slug);
      await api.get('/api/certificates/verify/ZZZZ-ZZZZ-ZZZZ').expect(404);
      await api.get('/api/certificates/nobody-2024-05-winner-xxxxxx').expect(404);

      const rumi = (await api.get('/api/certificates/me').set(bearer(poets[2].token)).expect(200)).body.certificates;
      expect(rumi.find((c: { kind: string }) => c.kind === 'participation').slug).toMatch(/^جلال-الدين-2024-05-participation-/);
    }),
  );

  it(
    'serves the certificate as an A4 landscape PDF with the name and verification code',
    monthStory.step(async () => {
      const [winner] = (await api.get('/api/certificates/me').set(bearer(poets[0].token))).body.certificates;
      const res = await api
        .get(`/api/certificates/${winner.slug}/pdf`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="writory-certificate-ana-lima-2024-05-winner-/);
      const pdf = await PDFDocument.load(res.body);
      expect(pdf.getPageCount()).toBe(1);
      const { width, height } = pdf.getPage(0).getSize();
      expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
      const { extractText } = await import('unpdf');
      const { text } = await extractText(new Uint8Array(res.body), { mergePages: true });
      expect(text).toContain('Ana Lima');
      expect(text).toContain(winner.verificationCode);
      expect(text).toContain('Certificate of Achievement');

      const arabic = (await api.get('/api/certificates/me').set(bearer(poets[2].token))).body.certificates[0];
      await api.get(`/api/certificates/${arabic.slug}/pdf`).expect(200).expect('content-type', 'application/pdf');
    }),
  );

  it(
    'lets an admin preview the template with real data, issue what is missing and re-issue one',
    monthStory.step(async () => {
      const preview = await api.get(`/api/admin/certificates/preview?kind=participation&month=${MONTH}`).set(bearer(admin)).expect(200);
      expect(preview.body).toMatchObject({ slug: 'sample', kind: 'participation', month: MONTH, verificationCode: 'SAMP-LE00-0000' });
      expect(poets.map((p) => p.name)).toContain(preview.body.name);
      await api.get(`/api/admin/certificates/preview/pdf?kind=winner&month=${MONTH}`).set(bearer(admin)).expect(200).expect('content-type', 'application/pdf');
      await api.get('/api/admin/certificates/preview?kind=winner&month=2024-04').set(bearer(admin)).expect(409);

      const issued = await api.post('/api/admin/certificates/issue').set(bearer(admin)).send({ kind: 'participation', month: MONTH }).expect(200);
      expect(issued.body).toEqual({ success: true, issued: 0 });
      await api.post('/api/admin/certificates/issue').set(bearer(admin)).send({ kind: 'winner', month: '2024-04' }).expect(409);
      await api.post('/api/admin/certificates/issue').set(bearer(admin)).send({ kind: 'gold', month: MONTH }).expect(422);

      await api.put('/api/users/me').set(bearer(poets[1].token)).send({ name: 'Benedict Okafor' }).expect(200);
      const list = (await api.get(`/api/admin/certificates?kind=participation&month=${MONTH}`).set(bearer(admin)).expect(200)).body.certificates;
      const ben = list.find((c: { name: string }) => c.name === 'Ben Okafor');
      const reissued = await api.post(`/api/admin/certificates/${ben.slug}/reissue`).set(bearer(admin)).expect(200);
      expect(reissued.body.certificate).toMatchObject({ name: 'Benedict Okafor', status: 'valid', kind: 'participation' });
      expect(reissued.body.certificate.verificationCode).not.toBe(ben.verificationCode);
      const old = (await api.get(`/api/certificates/${ben.slug}`).expect(200)).body;
      expect(old).toMatchObject({ status: 'replaced', replacedBy: reissued.body.certificate.slug });
      await api.post(`/api/admin/certificates/${ben.slug}/reissue`).set(bearer(admin)).expect(409);
      const benMine = (await api.get('/api/certificates/me').set(bearer(poets[1].token))).body.certificates;
      expect(benMine.filter((c: { kind: string }) => c.kind === 'participation').map((c: { name: string }) => c.name)).toEqual(['Benedict Okafor']);
    }),
  );
});

describe("results from the judges' in-app scores", () => {
  const JULY = '2024-07';
  let july: TestEntry[];
  let photo: Buffer;
  const score = (judge: string, entry: TestEntry, marks: number[], comment: string | null = null) =>
    api
      .post(`/api/judging/entries/${entry.code}/scores`)
      .set(bearer(judge))
      .send({ structure: marks[0], creativity: marks[1], language: marks[2], emotionalImpact: marks[3], theme: marks[4], comment });
  const preview = () => api.post('/api/admin/results/preview').set(bearer(admin)).send({ month: JULY });
  const julyState = async () => ({
    results: await db(RESULT).count({ where: { month: JULY } }),
    published: await db('api::entry.entry').count({ where: { code: { $in: july.map((e) => e.code) }, status: 'published' } }),
    timers: await db(TIMER).count({ where: { kind: 'results', status: 'scheduled' } }),
  });

  beforeAll(async () => {
    // July's publications come after MONTH's story, whose leaderboard and counts are MONTH's alone.
    await monthStory.all();
    const contestId = await createContest(cms.strapi, JULY, 'Harbours');
    july = await createEntries(
      cms.strapi,
      contestId,
      JULY,
      poets.map((p) => p.id),
      4,
      'in_judging',
    );
    // The first entry came with an author photo (kept in the private store, as entries keep it).
    photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    const photoKey = await cms.strapi.service('api::entry.storage').privateFiles().put('entry-photos', photo, 'webp');
    await db('api::entry.entry').update({ where: { id: july[0].id }, data: { photoKey } });

    // Both test judges read every July entry (automatic assignment would also involve the demo judge).
    for (const entry of july) {
      await api.put(`/api/judging/entries/${entry.code}/judges`).set(bearer(admin)).send({ judges: judgeUids }).expect(200);
    }
    await score(judges[0], july[0], [18, 17, 16, 19, 15], 'Luminous close.').expect(201);
    await score(judges[1], july[0], [16, 15, 14, 17, 13], 'A strong turn.').expect(201);
    await score(judges[0], july[1], [12, 12, 12, 12, 12]).expect(201);
    await score(judges[1], july[1], [14, 14, 14, 14, 14]).expect(201);
    await score(judges[0], july[2], [15, 15, 15, 15, 15]).expect(201);
  });

  it(
    'refuses bad requests and a month with an unscored entry, publishing nothing',
    julyStory.step(async () => {
      const cases: [unknown, number, RegExp][] = [
        [{}, 422, /required/],
        [{ month: '2024-7' }, 422, /must look like/],
        [{ month: JULY, publishAt: 'tomorrow' }, 422, /ISO 8601/],
        [{ month: JULY, publishAt: '2020-01-01T00:00:00Z' }, 422, /in the past/],
        [{ month: '2031-01' }, 404, /no contest for 2031-01/],
      ];
      for (const [body, status, message] of cases) {
        for (const route of ['/api/admin/results/preview', '/api/admin/results/publish']) {
          if (route.endsWith('preview') && 'publishAt' in (body as object)) continue;
          const res = await api
            .post(route)
            .set(bearer(admin))
            .send(body as object);
          expect([route, res.status, res.body.error?.message]).toEqual([route, status, expect.stringMatching(message)]);
        }
      }

      const res = await preview().expect(200);
      expect(res.body).toMatchObject({ source: 'judges', entrants: 4, missing: [july[3].code], ready: false });
      const refused = await api.post('/api/admin/results/publish').set(bearer(admin)).send({ month: JULY }).expect(422);
      expect(refused.body.error.message).toMatch(new RegExp(`1 entry has no score \\(${july[3].code}\\)`));
      expect(await julyState()).toEqual({ results: 0, published: 0, timers: 0 });

      // Scheduled, judging may go on until the timer fires; a firing with an entry still unscored fails and publishes nothing.
      const scheduled = await api
        .post('/api/admin/results/publish')
        .set(bearer(admin))
        .send({ month: JULY, publishAt: future(60_000) })
        .expect(201);
      expect(scheduled.body.timer).toMatchObject({ isActive: true, month: JULY, source: 'judges', fileName: null });
      expect(await fireNow('results')).toBe(0);
      const failed = (await api.get('/api/admin/timer/get').set(bearer(admin)).expect(200)).body.timer;
      expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining(july[3].code) });
      await api.delete('/api/admin/timer/delete').set(bearer(admin)).expect(200);
      expect(await julyState()).toEqual({ results: 0, published: 0, timers: 0 });
    }),
  );

  it(
    'previews the means (or the normalised scores) with the judges’ comments, storing nothing',
    julyStory.step(async () => {
      await score(judges[1], july[3], [10, 10, 10, 10, 10]).expect(201);
      const res = await preview().expect(200);
      expect(res.body).toMatchObject({ month: JULY, source: 'judges', fileName: null, errors: [], missing: [], entrants: 4, ready: true });
      expect(res.body.judging).toEqual({ normalised: false, judgesPerEntry: 2, underJudged: [july[2].code, july[3].code] });
      expect(res.body.rows[0]).toEqual({
        row: 1,
        entryCode: july[0].code,
        title: july[0].title,
        criteria: { structure: 17, creativity: 16, language: 15, emotionalImpact: 18, theme: 14 },
        marks: [
          { name: 'Structure', max: 20, points: 17 },
          { name: 'Creativity', max: 20, points: 16 },
          { name: 'Language', max: 20, points: 15 },
          { name: 'Emotional Impact', max: 20, points: 18 },
          { name: 'Theme', max: 20, points: 14 },
        ],
        total: 80,
        comment: 'Luminous close.\n\nA strong turn.',
      });
      expect(res.body.rows.map((r: { total: number }) => r.total)).toEqual([80, 65, 75, 50]);

      // With normalisation on for the contest, each total is the entry's official (normalised) score.
      await db('api::contest.contest').update({ where: { month: JULY }, data: { normaliseScores: true } });
      const normalised = await preview().expect(200);
      const table = await api.get(`/api/admin/entries?month=${JULY}`).set(bearer(admin)).expect(200);
      const official = new Map(table.body.rows.map((r: { code: string; score: number }) => [r.code, r.score]));
      expect(normalised.body.judging.normalised).toBe(true);
      expect(normalised.body.rows.map((r: { entryCode: string; total: number }) => r.total)).toEqual(july.map((e) => official.get(e.code)));
      expect(normalised.body.rows.map((r: { total: number }) => r.total)).not.toEqual([80, 65, 75, 50]);
      await db('api::contest.contest').update({ where: { month: JULY }, data: { normaliseScores: null } });
      expect(await julyState()).toEqual({ results: 0, published: 0, timers: 0 });
    }),
  );

  it(
    'publishes every score at once; poets see criteria, total and comments; judging closes',
    julyStory.step(async () => {
      // The photo of an entry is private until it wins: no winner yet, so no photo.
      await api.get(`/api/winners/${JULY}-first/photo`).expect(404);
      await api.get(`/api/entries/${july[0].code}/photo`).expect(401);

      const res = await api.post('/api/admin/results/publish').set(bearer(admin)).send({ month: JULY }).expect(200);
      expect(res.body.summary).toEqual({ competition: 'poetry', month: JULY, published: 4, notified: 4, certificates: 3 });
      expect(await julyState()).toEqual({ results: 4, published: 4, timers: 0 });
      const entry = await db('api::entry.entry').findOne({ where: { id: july[0].id } });
      expect(entry.resultsPublishedAt).toBeTruthy();

      const cards = (await api.get('/api/results/me').set(bearer(poets[0].token)).expect(200)).body.scoreCards;
      expect(cards.find((c: { entryCode: string }) => c.entryCode === july[0].code)).toMatchObject({
        month: JULY,
        criteria: { structure: 17, creativity: 16, language: 15, emotionalImpact: 18, theme: 14 },
        marks: [
          { name: 'Structure', max: 20, points: 17 },
          { name: 'Creativity', max: 20, points: 16 },
          { name: 'Language', max: 20, points: 15 },
          { name: 'Emotional Impact', max: 20, points: 18 },
          { name: 'Theme', max: 20, points: 14 },
        ],
        total: 80,
        rank: 1,
        entrants: 4,
        percentile: 75,
        comments: ['Luminous close.', 'A strong turn.'],
      });

      const late = await score(judges[1], july[2], [20, 20, 20, 20, 20]).expect(409);
      expect(late.body.error.message).toMatch(/published/);
      await api.post('/api/admin/results/publish').set(bearer(admin)).send({ month: JULY }).expect(409);
      expect(await db(RESULT).count({ where: { month: JULY } })).toBe(4);
    }),
  );

  it(
    'shows the winning poem and serves only a published winner’s photo',
    julyStory.step(async () => {
      const suggested = await api.get(`/api/admin/winners/suggestions?month=${JULY}`).set(bearer(admin)).expect(200);
      expect(suggested.body.suggestions.map((s: { entryCode: string }) => s.entryCode)).toEqual([july[0].code, july[2].code, july[1].code, july[3].code]);
      await api
        .post('/api/admin/upload-winners')
        .set(bearer(admin))
        .send({
          month: JULY,
          winners: [
            { entryCode: july[0].code, place: 'first' },
            { entryCode: july[2].code, place: 'second' },
          ],
        })
        .expect(200);

      const first = (await api.get(`/api/winners/${JULY}-first`).expect(200)).body;
      expect(first).toMatchObject({
        poetName: 'Ana Lima',
        score: 80,
        theme: 'Harbours',
        poem: poemText(july[0].title),
        poetPhotoUrl: `/api/winners/${JULY}-first/photo`,
      });
      const image = await api.get(first.poetPhotoUrl).responseType('blob').expect(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=3600');
      expect(Buffer.compare(image.body, photo)).toBe(0);

      const second = (await api.get(`/api/winners/${JULY}-second`).expect(200)).body;
      expect(second).toMatchObject({ poetName: 'جلال الدين', poem: poemText(july[2].title), poetPhotoUrl: null });
      const none = await api.get(`/api/winners/${JULY}-second/photo`).expect(404);
      expect(none.body.error.message).toBe('This winner has no photo.');
      await api.get(`/api/winners/${JULY}-third/photo`).expect(404);
      await api.get(`/api/winners/${july[1].code}/photo`).expect(404);
      await api.get(`/api/winners/${'x'.repeat(65)}/photo`).expect(422);
    }),
  );
});

describe('after a restart', () => {
  /** Stops the cms and starts it again on the same database (and the same emulator), with `env`. */
  async function restart(env: Record<string, string>, whileStopped = async () => {}) {
    await cms.stop();
    await whileStopped();
    cms = await startTestCms({ ...emulator.env, ADMIN_EMAILS: ADMIN_EMAIL, DATABASE_FILENAME: dbFile, PUBLIC_SITE_URL: 'https://writory.test', ...env });
    api = await listen(cms);
  }

  it('fires a timer that fell due while the cms was stopped, on the next start', async () => {
    // June's publication comes after MONTH's story, whose leaderboard and counts are MONTH's alone.
    await monthStory.all();
    const contestId = await createContest(cms.strapi, '2024-06');
    const june = await createEntries(cms.strapi, contestId, '2024-06', [poets[0].id], 3);
    const res = await uploadScores(june, { month: '2024-06', publishAt: future(1500) }).expect(201);
    try {
      await restart({ CRON_ENABLED: 'true' }, async () => {
        // The timer falls due while no cms runs: time itself is the subject here.
        const dueIn = Date.parse(res.body.timer.dueAt) - Date.now();
        if (dueIn > 0) await new Promise((r) => setTimeout(r, dueIn + 50));
      });
      const timer = await vi.waitFor(
        async () => {
          const row = await db(TIMER).findOne({ where: { id: res.body.timer.id } });
          if (row.status === 'scheduled') throw new Error('the timer has not fired yet');
          return row;
        },
        { timeout: 10_000, interval: 250 },
      );
      expect(timer).toMatchObject({ status: 'fired', error: null, summary: { month: '2024-06', published: 3, notified: 3, certificates: 1 } });
      expect(await db(RESULT).count({ where: { month: '2024-06' } })).toBe(3);
    } finally {
      // The tests after this one fire their timers themselves: a cms without the cron task, as the file started.
      await restart({ CRON_ENABLED: 'false' });
    }
    // Two boots and the month's story (all of it when a shuffled run puts this test first): as long as a file's boot
    // may take (hookTimeout), not a single request's 30 s, which a loaded machine passed (31 s).
  }, 180_000);
});
