// Contest entries and blind judging over HTTP, against the real cms and Auth emulator: the contest calendar,
// every refusal of an entry (and that it leaves nothing behind), idempotency, the monthly allowance, private
// files and who may fetch them, blind judging, the judges' mean, normalisation and the admin table.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import sharp from 'sharp';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthEmulator, EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';
import {
  makeBlankPdf,
  makeBrokenDocx,
  makeBrokenPdf,
  makeDocx,
  makeEncryptedDocx,
  makeEncryptedPdf,
  makeExe,
  makeLegacyDoc,
  makePdf,
  makeZipBombDocx,
} from './helpers/poem-files';
import { breakLines, para, run, wordPackage } from './helpers/word-fixtures';
import { story } from './helpers/story';
import { createContest, createEntries } from './helpers/contest-data';
import { addMonths } from '../src/lib/contest-calendar';
import { bearer, entryClient, HOUR, month, TZ, type Attempt } from './helpers/entries';
import { plansOf, scansATable } from './helpers/query-plan';
import { runPdftotext } from '../src/lib/pdftotext';

const USER = 'plugin::users-permissions.user';
const ENTRY = 'api::entry.entry';
const SCORE = 'api::score.score';
const CONTEST = 'api::contest.contest';
const NOTIFICATION = 'api::notification.notification';
const ADMIN_EMAIL = 'contest-admin@writory.test';

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let privateDir: string;
const sent: { to: string; subject: string; text: string }[] = [];

let client: ReturnType<typeof entryClient>;
const account: ReturnType<typeof entryClient>['account'] = (...args) => client.account(...args);
const preview: ReturnType<typeof entryClient>['preview'] = (...args) => client.preview(...args);
const enter: ReturnType<typeof entryClient>['enter'] = (...args) => client.enter(...args);
const setWindow: ReturnType<typeof entryClient>['setWindow'] = (...args) => client.setWindow(...args);
/** This file's two judges read the entry (the demo judge would otherwise share the assignments). */
const assignOurJudges = (code: string) => client.assignJudges(admin, code, [judge, secondJudge]);
const db = (uid: string) => cms.strapi.db.query(uid as never);
const privateFiles = () => {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
    } catch {
      return [];
    }
  };
  return walk(privateDir).sort();
};

async function snapshot() {
  return {
    entries: await db(ENTRY).count(),
    notifications: await db(NOTIFICATION).count(),
    files: privateFiles(),
    uploads: await db('plugin::upload.file').count(),
  };
}

/** supertest parser that keeps a binary body as a Buffer. */
function binary(res: unknown, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

function expectErrorBody(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ status, name: expect.any(String), message: expect.any(String) });
  if (message) expect(res.body.error.message).toMatch(message);
}

let admin: EmulatorUser;
let poet: EmulatorUser;
let otherPoet: EmulatorUser;
let judge: EmulatorUser;
let secondJudge: EmulatorUser;

beforeAll(async () => {
  privateDir = mkdtempSync(path.join(tmpdir(), 'writory-private-'));
  stack = await startCmsWithAuth({ ADMIN_EMAILS: ADMIN_EMAIL, PRIVATE_FILES_DIR: privateDir, PUBLIC_SITE_URL: 'https://writory.test' });
  ({ emulator, cms } = stack);
  const server = cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  client = entryClient(api, emulator, cms.strapi);
  vi.spyOn(cms.strapi.plugin('email').service('email'), 'send').mockImplementation(async (mail: any) => {
    sent.push(mail);
  });
  admin = await emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true });
  await api.get('/api/users/me').set(bearer(admin)).expect(200);
  [poet, otherPoet, judge, secondJudge] = await Promise.all([
    account('poet', { name: 'Mira Okafor' }),
    account('other'),
    account('judge', { role: 'judge', name: 'Jude Marlow' }),
    account('judge2', { role: 'judge', name: 'Rhea Lind' }),
  ]);
  await setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
  // The poets here enter as often as the cases need, in whatever order they run; the allowance case sets its own limit.
  const settings = await cms.strapi.documents('api::site-setting.site-setting').findFirst();
  await cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { maxEntriesPerMonth: 50 } as any });
});

afterAll(async () => {
  await stack?.stop();
  if (privateDir) rmSync(privateDir, { recursive: true, force: true });
});

describe('the contest calendar', () => {
  it('creates a month once, even when every instance asks at the same moment', async () => {
    const service = cms.strapi.service('api::contest.contest');
    const far = addMonths(month(), 7);
    const rows = await Promise.all(Array.from({ length: 6 }, () => service.ensureMonth(far)));
    expect(new Set(rows.map((r: any) => r.id)).size).toBe(1);
    expect(await db(CONTEST).count({ where: { month: far } })).toBe(1);
    // The database refuses a second row for a month, whoever inserts it.
    await expect(db(CONTEST).create({ data: { month: far, opensAt: new Date(), closesAt: new Date(), resultsAt: new Date() } })).rejects.toThrow();
  });

  it('the cron task creates next month on calendar dates and follows a new time zone until results', async () => {
    const next = addMonths(month());
    await db(CONTEST).delete({ where: { month: next } });
    await cms.strapi.service('api::contest.contest').runCalendar();
    const created = await db(CONTEST).findOne({ where: { month: next } });
    expect(created).toMatchObject({ datesOverridden: false });
    const settings = await cms.strapi.documents('api::site-setting.site-setting').findFirst();
    await cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { contestTimeZone: 'UTC' } as any });
    try {
      await cms.strapi.service('api::contest.contest').runCalendar();
      const moved = await db(CONTEST).findOne({ where: { month: next } });
      expect(new Date(moved.opensAt).toISOString()).toBe(`${next}-01T00:00:00.000Z`);
      // This month's dates are the admin's (overridden): they stay.
      const current = await db(CONTEST).findOne({ where: { month: month() } });
      expect(current.datesOverridden).toBe(true);
    } finally {
      await cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { contestTimeZone: TZ } as any });
      await cms.strapi.service('api::contest.contest').runCalendar();
    }
  });

  it('names next month as the next contest, also when a later month was set up before next month was made', async () => {
    const next = addMonths(month());
    await cms.strapi.service('api::contest.contest').ensureMonth(addMonths(month(), 5));
    await db(CONTEST).delete({ where: { month: next } });
    const res = await api.get('/api/contests/current').expect(200);
    expect(res.body.next.month).toBe(next);
    expect(await db(CONTEST).count({ where: { month: next, competitionSlug: 'poetry' } })).toBe(1);
  });

  it('tells every visitor the open contest and the next one, in the contest time zone', async () => {
    const res = await api.get('/api/contests/current').expect(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.body).toMatchObject({ timeZone: TZ, current: { month: month(), theme: expect.any(String) }, next: { month: addMonths(month()) } });
    expect(Date.parse(res.body.current.opensAt)).toBeLessThan(Date.now());
  });

  it('lets admins set a theme, dates and normalisation per month, and refuses bad ones', async () => {
    const far = addMonths(month(), 3);
    const put = (body: unknown, who = admin) =>
      api
        .put(`/api/admin/contests/${far}`)
        .set(bearer(who))
        .send(body as object);
    const themed = await put({ theme: '  Rivers  ', normaliseScores: true }).expect(200);
    expect(themed.body).toMatchObject({ month: far, theme: 'Rivers', normaliseScores: true, datesOverridden: false, entries: 0 });
    expectErrorBody(await put({ opensAt: `${far}-10T00:00:00Z`, closesAt: `${far}-05T00:00:00Z` }), 422, /open before they close/);
    expectErrorBody(await put({ resultsAt: `${far}-02T00:00:00Z` }), 422, /Results cannot come before/);
    expectErrorBody(await put({ opensAt: 'tomorrow' }), 422, /opensAt/);
    expectErrorBody(await put({ month: '2020-01' }), 422, /cannot be changed/);
    expectErrorBody(await api.put('/api/admin/contests/2026-13').set(bearer(admin)).send({ theme: 'x' }), 422, /YYYY-MM/);
    const moved = await put({ closesAt: `${far}-20T12:00:00+05:30` }).expect(200);
    expect(moved.body).toMatchObject({ closesAt: `${far}-20T06:30:00.000Z`, datesOverridden: true });
    const reset = await put({ useDefaultDates: true, normaliseScores: null, theme: null }).expect(200);
    expect(reset.body).toMatchObject({ datesOverridden: false, normaliseScores: null, theme: null });
    expect(reset.body.closesAt).toBe(new Date(`${far}-26T00:00:00+05:30`).toISOString());
    const list = await api.get('/api/admin/contests').set(bearer(admin)).expect(200);
    expect(list.body.timeZone).toBe(TZ);
    expect(list.body.contests.map((c: any) => c.month)).toEqual(expect.arrayContaining([month(), addMonths(month()), far]));
  });

  it.each([
    ['nobody', null, 401],
    ['a poet', 'poet', 403],
    ['a judge', 'judge', 403],
  ])('refuses the contest admin routes to %s', async (_, who, status) => {
    const user = who === 'poet' ? poet : who === 'judge' ? judge : null;
    const auth = user ? bearer(user) : {};
    expect((await api.get('/api/admin/contests').set(auth)).status).toBe(status);
    expect((await api.put(`/api/admin/contests/${month()}`).set(auth).send({ theme: 'Hijack' })).status).toBe(status);
  });
});

describe('entering a poem', () => {
  it('previews the text judges will read, with the author hidden, storing nothing', async () => {
    const before = await snapshot();
    const poem = { bytes: await makeDocx('Lanterns on the water\n— Mira Okafor\nmira@example.com', { author: 'Mira Okafor' }), name: 'lanterns.docx' };
    const res = await preview(poet, poem).expect(200);
    expect(res.body).toMatchObject({ kind: 'docx', text: 'Lanterns on the water\n[name removed]\n[email removed]', redactions: 2, wordCount: 8 });
    expect(res.body.textSha256).toMatch(/^[a-f0-9]{64}$/);
    expect(await snapshot()).toEqual(before);
  });

  it('asks about contact details in the poem that are not the poet’s own, and hides the poet’s own (issue 35)', async () => {
    const lines = [
      'Salt and rope',
      'ring +91 98765 43210 at dusk',
      'or write to harbour@example.org',
      'and follow @harbour_poems',
      'my own: +44 7700 900123',
      'In 1947, on 29.11.2026 at 10:30',
    ];
    const res = await preview(poet, { bytes: await makeDocx(lines.join('\n')), name: 'rope.docx' }).expect(200);
    // The poet's own number, and every email address, never reach the judges: nothing to ask about.
    expect(res.body.text.split('\n')[4]).toBe('my own: [phone removed]');
    expect(res.body.text.split('\n')[2]).toBe('or write to [email removed]');
    const ask = (line: number, text: string, looksLike: string) => ({
      code: 'contact',
      line,
      message: `Line ${line} has “${text}”, which looks like ${looksLike}. If it leads to you or to someone who knows you, remove it from your file: judges must not learn who wrote the poem.`,
    });
    expect(res.body.warnings).toEqual([ask(2, '+91 98765 43210', 'a phone number'), ask(4, '@harbour_poems', 'a social media handle')]);
  });

  it('hides the poet’s name as written in the poem’s script, given on the form, and keeps it private (issue 37)', async () => {
    // Chromium's Hindi poem, signed in Devanagari; the poet's account and form name are in Latin letters.
    const poem = { bytes: readFileSync(path.join(__dirname, 'fixtures/scripts/hindi.chromium.pdf')), name: 'kinare.pdf' };
    const latinOnly = await preview(poet, poem, { fullName: 'Ananya Sharma', phone: '+44 7700 900123' }).expect(200);
    expect(latinOnly.body.text).toContain('— अनन्या शर्मा');
    const res = await preview(poet, poem, { fullName: 'Ananya Sharma', phone: '+44 7700 900123', nameInScript: ' अनन्या शर्मा ' }).expect(200);
    expect(res.body.text.split('\n').at(-1)).toBe('[name removed]');
    expect(res.body.text).not.toMatch(/अनन्या|शर्मा/);

    const entered = await enter(poet, { poem, fields: { title: 'Kinare', fullName: 'Ananya Sharma', nameInScript: 'अनन्या शर्मा' } });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    const row = await db(ENTRY).findOne({ where: { code: entered.body.code } });
    expect(row).toMatchObject({ contactName: 'Ananya Sharma', contactNameInScript: 'अनन्या शर्मा' });
    expect(row.judgeText).not.toMatch(/अनन्या|शर्मा/);
    const mine = await api.get('/api/entries/mine').set(bearer(poet)).expect(200);
    expect(JSON.stringify(mine.body)).not.toContain('अनन्या');
  });

  it('stores a .docx entry: receipt, notification, email, private files, and the profile list', async () => {
    const before = await snapshot();
    const poem = { bytes: await makeDocx('Lanterns on the water\nby Mira Okafor', { author: 'Mira Okafor' }), name: 'My Lanterns.docx' };
    const photo = {
      bytes: await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#884422' } })
        .jpeg()
        .withMetadata()
        .toBuffer(),
      name: 'me.jpg',
    };
    const res = await enter(poet, { poem, photo });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ code: expect.stringMatching(/^W\d{4}-[A-Z0-9]{5}$/), title: 'Lanterns', month: month() });
    const code = res.body.code;

    const row = await db(ENTRY).findOne({ where: { code }, populate: ['poet', 'contest'] });
    expect(row).toMatchObject({
      status: 'received',
      fileType: 'docx',
      fileName: 'My Lanterns.docx',
      contactCountry: 'GB',
      judgeText: 'Lanterns on the water\n[name removed]',
    });
    expect(row.poet.firebaseUid).toBe(poet.uid);
    expect(row.declarations).toMatchObject({ original: expect.any(String), final: expect.any(String), acceptedAt: expect.any(String) });
    // Poem, judges' copy and photo: three private files, none in the public uploads.
    const after = await snapshot();
    expect(after.entries).toBe(before.entries + 1);
    expect(after.files.length).toBe(before.files.length + 3);
    expect(after.uploads).toBe(before.uploads);
    expect(after.files.every((file) => file.startsWith(privateDir))).toBe(true);
    const photoMeta = await sharp(path.join(privateDir, row.photoKey)).metadata();
    expect(photoMeta).toMatchObject({ format: 'webp', width: 1024 });
    expect(photoMeta.exif).toBeUndefined();

    const notification = await db(NOTIFICATION).findOne({ where: { userId: row.poet.id }, orderBy: { id: 'desc' } });
    expect(notification).toMatchObject({ title: 'Poem received', link: '/profile#entries' });
    expect(notification.message).toContain(code);
    const mail = sent.find((m) => m.text.includes(code))!;
    expect(mail).toMatchObject({ to: poet.email, subject: `Writory: your entry ${code} is received` });
    expect(mail.text).toContain('https://writory.test/profile#entries');

    const mine = await api.get('/api/entries/mine').set(bearer(poet)).expect(200);
    expect(mine.body[0]).toMatchObject({ code, title: 'Lanterns', status: 'received', hasPhoto: true, month: month() });
    expect(mine.body[0].timeline.map((s: any) => [s.status, s.done])).toEqual([
      ['received', true],
      ['in_judging', false],
      ['scored', false],
      ['published', false],
    ]);
    expect(JSON.stringify(mine.body)).not.toMatch(/score"|total|mean/i);
  });

  it('reads the profile’s entries through the poet link’s index, never a scan of every entry (EXPLAIN QUERY PLAN)', async () => {
    const user = await db(USER).findOne({ where: { firebaseUid: poet.uid } });
    const plans = await plansOf(cms.strapi, () => cms.strapi.service('api::entry.entry').mine(user));
    expect(plans.find((p) => /entries_poet_lnk/.test(p.sql))!.plan).toMatch(/SEARCH \S+ USING (COVERING )?INDEX entries_poet_lnk/);
    expect(plans.filter(scansATable)).toEqual([]);
  });

  it('counts a poet’s entries in a contest for the allowance through the link tables’ indexes, never a scan of every entry (EXPLAIN QUERY PLAN; issue 38)', async () => {
    // Each entry asks twice (before the check, and inside its transaction); a scan of every entry was 40 to 100 ms
    // of the request thread each time on the bench's 20,000 entries.
    const counted = await account('allowance-count');
    await api.get('/api/users/me').set(bearer(counted)).expect(200);
    const poetRow = await db(USER).findOne({ where: { firebaseUid: counted.uid } });
    const contest = await db(CONTEST).findOne({ where: { month: month() } });
    const entered: { id: number }[] = [];
    for (const n of [1, 2]) {
      const code = `WR-COUNT-${poetRow.id}-${n}`;
      entered.push(await db(ENTRY).create({ data: { code, title: code, language: 'English', status: 'received', contest: contest.id, poet: poetRow.id } }));
    }
    const allowance = cms.strapi.service('api::entry.allowance');
    const plans = await plansOf(cms.strapi, () => allowance.entryAllowance(poetRow, contest));
    const ofEntries = plans.filter((p) => /\bentries(_\w+_lnk)?\b/.test(p.sql));
    expect(ofEntries.length).toBeGreaterThan(0);
    expect(ofEntries.filter(scansATable)).toEqual([]);
    expect((await allowance.entryAllowance(poetRow, contest)).used).toBe(2);
    const { entryRepository } = await import('../src/api/entry/repository');
    const count = (except?: number) => entryRepository(cms.strapi).countOfPoetInContest(poetRow.id, contest.id, except);
    expect(await count()).toBe(2);
    expect(await count(entered[0].id)).toBe(1);
  });

  it('stores a PDF entry and counts it in /api/submission-count and entrantIds', async () => {
    const before = (await api.get('/api/submission-count').expect(200)).body.count;
    const res = await enter(otherPoet, { poem: { bytes: await makePdf('A field of stars\nand nothing more'), name: 'stars.pdf' }, fields: { title: 'Stars' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const count = await api.get('/api/submission-count').expect(200);
    expect(count.body).toEqual({ count: before + 1 });
    expect(count.headers['cache-control']).toMatch(/max-age=10/);
    const ids = await cms.strapi.service('api::user.contest-activity').entrantIds(month());
    const other = await db(USER).findOne({ where: { firebaseUid: otherPoet.uid } });
    expect(ids).toContain(other.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await cms.strapi.service('api::user.contest-activity').entrantIds('1999-01')).toEqual([]);
  });

  it('gives the first entry back for the same request, also when both arrive at once', async () => {
    const poem = { bytes: await makeDocx('Twice told\nonce kept'), name: 'twice.docx' };
    const sha = (await preview(poet, poem).expect(200)).body.textSha256;
    const before = await db(ENTRY).count();
    const [a, b] = await Promise.all([enter(poet, { poem, sha, key: 'same-request-1' }), enter(poet, { poem, sha, key: 'same-request-1' })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.code).toBe(b.body.code);
    const again = await enter(poet, { poem, sha, key: 'same-request-1' });
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(a.body.code);
    expect(await db(ENTRY).count()).toBe(before + 1);
    // The same key for another poem is a mistake, not a replay.
    const reused = await enter(poet, { key: 'same-request-1' });
    expectErrorBody(reused, 409, /already used for a different entry/);
  });

  it('refuses an entry beyond the monthly allowance, also two at once for the last place', async () => {
    const settings = await cms.strapi.documents('api::site-setting.site-setting').findFirst();
    const poetRow = await db(USER).findOne({ where: { firebaseUid: poet.uid } });
    const contest = await db(CONTEST).findOne({ where: { month: month() } });
    const used = await db(ENTRY).count({ where: { poet: { id: poetRow.id }, contest: { id: contest.id } } });
    await cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { maxEntriesPerMonth: used + 1 } as any });
    try {
      const allowance = await api.get('/api/entries/allowance').set(bearer(poet)).expect(200);
      expect(allowance.body).toMatchObject({
        limit: used + 1,
        used,
        remaining: 1,
        free: used + 1,
        freeLeft: 1,
        credits: 0,
        blocker: null,
        contest: { month: month() },
      });
      const before = await snapshot();
      const results = await Promise.all([enter(poet), enter(poet)]);
      // Entry credits are on sale (the demo tiers), so the refusal asks for a payment.
      expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
      expectErrorBody(results.find((r) => r.status === 402)!, 402, /no entry credits left/);
      const after = await snapshot();
      expect(after.entries).toBe(before.entries + 1);
      expect(after.files.length).toBe(before.files.length + 2);
      const full = await api.get('/api/entries/allowance').set(bearer(poet)).expect(200);
      expect(full.body).toMatchObject({ remaining: 0, blocker: { code: 'no-credits' } });
    } finally {
      await cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { maxEntriesPerMonth: 50 } as any });
    }
  });
});

describe('refusals leave nothing behind', () => {
  let kid: EmulatorUser;
  let noBirthday: EmulatorUser;
  let unverified: EmulatorUser;
  let refused: EmulatorUser;
  beforeAll(async () => {
    const twelve = new Date();
    twelve.setFullYear(twelve.getFullYear() - 12);
    [refused, kid, noBirthday, unverified] = await Promise.all([
      account('refused', { name: 'Mira Okafor' }),
      account('kid', { dateOfBirth: twelve.toISOString().slice(0, 10) }),
      account('nodob', { dateOfBirth: null }),
      account('unverified', { verified: false }),
    ]);
  });

  const cases: [string, () => Promise<Attempt>, number, RegExp][] = [
    ['a renamed Windows program', async () => ({ poem: { bytes: makeExe(), name: 'poem.docx' } }), 415, /Windows program/],
    [
      'an image as the poem',
      async () => ({
        poem: {
          bytes: await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
          name: 'poem.pdf',
        },
      }),
      415,
      /image/,
    ],
    ['an old .doc', async () => ({ poem: { bytes: makeLegacyDoc(), name: 'poem.doc' } }), 415, /\.docx/],
    ['a poem over 5 MB', async () => ({ poem: { bytes: Buffer.concat([await makePdf('big'), Buffer.alloc(5 * 1024 * 1024)]), name: 'big.pdf' } }), 413, /5 MB/],
    ['a zip bomb', async () => ({ poem: { bytes: await makeZipBombDocx(), name: 'bomb.docx' } }), 422, /unpacks/],
    ['a password-protected .docx', async () => ({ poem: { bytes: makeEncryptedDocx(), name: 'locked.docx' } }), 422, /password/],
    ['a password-protected PDF', async () => ({ poem: { bytes: makeEncryptedPdf(), name: 'locked.pdf' } }), 422, /password/],
    ['a broken .docx', async () => ({ poem: { bytes: await makeBrokenDocx(), name: 'broken.docx' } }), 422, /damaged/],
    ['a broken PDF', async () => ({ poem: { bytes: await makeBrokenPdf(), name: 'broken.pdf' } }), 422, /damaged/],
    ['a PDF without text', async () => ({ poem: { bytes: await makeBlankPdf(), name: 'scan.pdf' } }), 422, /no text/],
    [
      'a small .docx that inflates to megabytes of text',
      async () => ({ poem: { bytes: await wordPackage({ body: para(run('la '.repeat(300))).repeat(1000) }), name: 'padded.docx' } }),
      422,
      /more than 200,000 characters/,
    ],
    ['a photo that is not an image', async () => ({ photo: { bytes: Buffer.from('not a photo'), name: 'me.jpg' } }), 415, /author photo must be a JPEG/],
    ['a photo over 2 MB', async () => ({ photo: { bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 1), name: 'me.jpg' } }), 413, /2 MB/],
    ['no title', async () => ({ fields: { title: '  ' } }), 422, /title/],
    ['no full name', async () => ({ fields: { fullName: undefined } }), 422, /full name/],
    ['a bad phone', async () => ({ fields: { phone: 'call me' } }), 422, /phone/],
    [
      'a name in the poem’s script over 120 characters',
      async () => ({ fields: { nameInScript: 'म'.repeat(121) } }),
      422,
      /name in your poem’s script must be at most 120/,
    ],
    ['an unknown country', async () => ({ fields: { country: 'XX' } }), 422, /country/],
    ['a withdrawn country code (Yugoslavia)', async () => ({ fields: { country: 'YU' } }), 422, /Choose your country from the list/],
    ['a country name instead of its code', async () => ({ fields: { country: 'Serbia' } }), 422, /Choose your country from the list/],
    ['a missing declaration', async () => ({ fields: { declarations: 'original,individual,final' } }), 422, /hate speech/],
    ['no Idempotency-Key', async () => ({ key: null }), 422, /Idempotency-Key/],
    ['text other than the one confirmed', async () => ({ sha: 'a'.repeat(64) }), 409, /not the one you confirmed/],
  ];

  it.each(cases)('refuses %s', async (_, make, status, message) => {
    const before = await snapshot();
    const res = await enter(refused, await make());
    expectErrorBody(res, status, message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a poem with no file', async () => {
    const res = await api.post('/api/entries').set(bearer(refused)).set('Idempotency-Key', 'no-file-123').field('title', 'x');
    expectErrorBody(res, 422, /Attach your poem/);
  });

  it.each([
    ['a 12-year-old', () => kid, 403, /at least 13/],
    ['a poet without a date of birth', () => noBirthday, 403, /date of birth/],
    ['an unverified account', () => unverified, 403, /verify your email/],
    ['a judge', () => judge, 403, /Forbidden|access/],
  ])('refuses %s, in the preview and the entry', async (_, who, status, message) => {
    const before = await snapshot();
    expectErrorBody(await preview(who(), { bytes: await makeDocx('x y z'), name: 'p.docx' }), status, message);
    expectErrorBody(await enter(who(), { sha: 'a'.repeat(64) }), status, message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers who may enter before anything about the fields', async () => {
    const res = await api.post('/api/entries').set(bearer(kid)).field('title', 'x');
    expectErrorBody(res, 403, /at least 13/);
  });

  it('refuses 401 without a token', async () => {
    expectErrorBody(await api.post('/api/entries').attach('poem', await makeDocx('x'), 'p.docx'), 401);
  });

  it('refuses entries outside the window whatever the browser sends, and says when the next opens', async () => {
    const poem = { bytes: await makeDocx('Too late\nfor the tide'), name: 'late.docx' };
    const sha = (await preview(poet, poem).expect(200)).body.textSha256;
    await setWindow(new Date(Date.now() - 48 * HOUR), new Date(Date.now() - HOUR), admin);
    try {
      const before = await snapshot();
      const res = await enter(poet, { poem, sha });
      expectErrorBody(res, 403, /Submissions are closed\. The next contest opens on/);
      expect(res.body.error.name).toBe('SubmissionsClosedError');
      expectErrorBody(await preview(poet, poem), 403, /Submissions are closed\. The next contest opens on/);
      expect(await snapshot()).toEqual(before);
      const current = await api.get('/api/contests/current').expect(200);
      expect(current.body.current).toBeNull();
      const allowance = await api.get('/api/entries/allowance').set(bearer(poet)).expect(200);
      expect(allowance.body.blocker).toMatchObject({ code: 'closed' });
    } finally {
      await setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
    }
  });

  it('sweeps private files no entry uses once they are an hour old, keeping every entry’s files', async () => {
    const stray = path.join(privateDir, 'entries', `${'ab'.repeat(16)}.pdf`);
    const young = path.join(privateDir, 'entries', `${'cd'.repeat(16)}.pdf`);
    const unfinished = path.join(privateDir, 'entries', `${'ef'.repeat(16)}.pdf.partial`);
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(stray, 'left by a crash');
    writeFileSync(unfinished, 'cut short by a crash');
    writeFileSync(young, 'being written right now');
    // Not named like ours: kept, whatever its age.
    const foreign = path.join(privateDir, 'entries', 'README.txt');
    writeFileSync(foreign, 'not a poem');
    const old = new Date(Date.now() - 2 * HOUR);
    utimesSync(stray, old, old);
    utimesSync(unfinished, old, old);
    const kept = privateFiles().filter((f) => f !== stray && f !== young && f !== unfinished);
    for (const file of kept) utimesSync(file, old, old);
    const removed = await cms.strapi.service('api::entry.storage').sweepOrphans();
    expect(removed).toBe(2);
    expect(privateFiles()).toEqual([...kept, young].sort());
    expect(kept).toContain(foreign);
    rmSync(young);
    rmSync(foreign);
  });
});

describe('private files', () => {
  let code: string;
  let poemBytes: Buffer;
  beforeAll(async () => {
    poemBytes = await makeDocx('Salt and bread\n— Mira', { author: 'Mira Okafor' });
    const res = await enter(poet, {
      poem: { bytes: poemBytes, name: 'salt.docx' },
      photo: {
        bytes: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
          .png()
          .toBuffer(),
        name: 'me.png',
      },
      fields: { title: 'Salt' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    code = res.body.code;
  });

  it('gives the poet their own file and photo, never cached', async () => {
    const file = await api.get(`/api/entries/${code}/file`).set(bearer(poet)).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-type']).toMatch(/wordprocessingml/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="salt.docx"/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Stored from the upload on disk (never read back on the request thread): the very bytes sent, and their checksum.
    expect(Buffer.compare(file.body, poemBytes)).toBe(0);
    const row = await db(ENTRY).findOne({ where: { code } });
    expect(row.fileSha256).toBe(createHash('sha256').update(poemBytes).digest('hex'));
    expect(row.fileSize).toBe(poemBytes.length);
    const photo = await api.get(`/api/entries/${code}/photo`).set(bearer(poet)).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it('gives judges a blind copy named by the code only, and no photo', async () => {
    await assignOurJudges(code);
    const copy = await api.get(`/api/judging/entries/${code}/file`).set(bearer(judge)).buffer(true).parse(binary).expect(200);
    expect(copy.headers['content-disposition']).toMatch(new RegExp(`filename="${code}.docx"`));
    const zip = await JSZip.loadAsync(copy.body);
    const parts = await Promise.all(Object.values(zip.files).map((part) => part.async('string')));
    expect(parts.join('\n')).not.toMatch(/Mira|Okafor/);
    expect(parts.join('\n')).toContain('Salt and bread');
    expect((await api.get(`/api/entries/${code}/photo`).set(bearer(judge))).status).toBe(403);
    expect((await api.get(`/api/entries/${code}/file`).set(bearer(judge))).status).toBe(403);
  });

  it('hides another poet’s entry and refuses visitors; admins may fetch any', async () => {
    expectErrorBody(await api.get(`/api/entries/${code}/file`).set(bearer(otherPoet)), 404);
    expectErrorBody(await api.get(`/api/entries/${code}/photo`).set(bearer(otherPoet)), 404);
    expect((await api.get(`/api/entries/${code}/file`)).status).toBe(401);
    expect((await api.get(`/api/judging/entries/${code}/file`).set(bearer(poet))).status).toBe(403);
    await api.get(`/api/entries/${code}/file`).set(bearer(admin)).expect(200);
    await api.get(`/api/entries/${code}/photo`).set(bearer(admin)).expect(200);
  });

  it('never serves entry files from a public path', async () => {
    const row = await db(ENTRY).findOne({ where: { code } });
    for (const key of [row.fileKey, row.judgeFileKey, row.photoKey]) {
      expect((await api.get(`/${key}`)).status).toBe(404);
      expect((await api.get(`/uploads/${path.basename(key)}`)).status).toBe(404);
    }
  });
});

describe('a PDF that does not spell out its letters (issue 37)', () => {
  // LibreOffice's Hindi PDF with its fonts' ToUnicode maps taken out: the name in its header and byline, the email in its footer.
  const poem = () => ({ bytes: readFileSync(path.join(__dirname, 'fixtures/unmapped/hindi.no-tounicode.pdf')), name: 'kinare.pdf' });
  const fields = { fullName: 'Ananya Sharma', phone: '+44 7700 900123', nameInScript: 'अनन्या शर्मा' };

  it('tells the poet at “Check the text” which lines could not be read, which are covered, and to send the .docx', async () => {
    const res = await preview(poet, poem(), fields).expect(200);
    expect(res.body.text).toMatch(/^This poem is shown as pages/);
    expect(res.body.warnings).toEqual([
      {
        code: 'unreadable',
        line: 1,
        message: expect.stringMatching(
          /could not read lines 1, 2, 3, 4, 5, 6, 7 and 8 of it exactly.*Lines 1, 7 and 8, .* are covered\..*Word \(\.docx\) file instead/,
        ),
      },
    ]);
  });

  it('gives judges its pages with no form of the poet’s name, as images', async () => {
    const res = await enter(poet, { poem: poem(), fields: { title: 'Kinare', ...fields } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const code = res.body.code;
    const row = await db(ENTRY).findOne({ where: { code } });
    expect(row.judgeText).toMatch(/^This poem is shown as pages/);
    await client.assignJudges(admin, code, [judge]);
    const copy = await api.get(`/api/judging/entries/${code}/file`).set(bearer(judge)).buffer(true).parse(binary).expect(200);
    expect(copy.headers['content-disposition']).toMatch(new RegExp(`filename="${code}.pdf"`));
    expect(copy.body.subarray(0, 5).toString()).toBe('%PDF-');
    // Read by the same reader as every poem: no text at all (the pages are pictures), so no form of the name.
    expect((await runPdftotext(copy.body, ['-enc', 'UTF-8'])).trim()).toBe('');
    expect(copy.body.toString('latin1')).not.toMatch(/Ananya|Sharma|Author/);
  });
});

describe('a poem whose lines end with Shift+Enter (manual line breaks)', () => {
  let breaks: EmulatorUser;
  const lines = ['The Lantern Keeper II', 'by Audit Bee Poet', 'The harbour folds its arms at dusk,', 'and every boat goes home;', 'a bee at the glass.'];
  const file = () => wordPackage({ body: breakLines(lines), headers: [para(run('Audit Bee Poet — poems'))], core: { creator: 'Audit Bee Poet' } });
  const judgeLines = ['The Lantern Keeper II', '[name removed]', 'The harbour folds its arms at dusk,', 'and every boat goes home;', 'a bee at the glass.'];
  beforeAll(async () => {
    breaks = await account('breaks', { name: 'Audit Bee Poet' });
  });

  it('previews the lines as lines, the name removed, and asks about a part of the name left in the poem', async () => {
    const res = await preview(breaks, { bytes: await file(), name: 'lantern.docx' }, { fullName: 'Audit Bee Poet', phone: '+44 7700 900123' }).expect(200);
    expect(res.body.text.split('\n')).toEqual(judgeLines);
    expect(res.body).toMatchObject({ redactions: 1, hiddenRedactions: 2 });
    expect(res.body.warnings).toEqual([
      { code: 'name-part', line: 5, message: 'Line 5 has “bee”, part of your name. If it refers to you, remove it from your file.' },
    ]);
  });

  it('gives judges the same lines, and a blind file that reads the same with no trace of the poet', async () => {
    const res = await enter(breaks, {
      poem: { bytes: await file(), name: 'Audit Bee Poet - lantern.docx' },
      fields: { title: 'The Lantern Keeper II', fullName: 'Audit Bee Poet' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await assignOurJudges(res.body.code);
    const entry = await api.get(`/api/judging/entries/${res.body.code}`).set(bearer(judge)).expect(200);
    expect(entry.body.text.split('\n')).toEqual(judgeLines);
    const copy = await api.get(`/api/judging/entries/${res.body.code}/file`).set(bearer(judge)).buffer(true).parse(binary).expect(200);
    const zip = await JSZip.loadAsync(copy.body);
    const parts = (await Promise.all(Object.values(zip.files).map((part) => part.async('string')))).join('\n');
    expect(parts).not.toMatch(/Audit|Poet\b/);
    expect(parts).toContain('[name removed]');
  });

  it('gives judges a plain .docx of the redacted lines when a PDF’s text names the poet', async () => {
    const res = await enter(breaks, {
      poem: { bytes: await makePdf('Salt on the sill\nby Audit Bee Poet'), name: 'salt.pdf' },
      fields: { title: 'Salt', fullName: 'Audit Bee Poet' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await assignOurJudges(res.body.code);
    const copy = await api.get(`/api/judging/entries/${res.body.code}/file`).set(bearer(judge)).buffer(true).parse(binary).expect(200);
    expect(copy.headers['content-disposition']).toMatch(new RegExp(`filename="${res.body.code}.docx"`));
    expect(copy.headers['content-type']).toMatch(/wordprocessingml/);
    const document = await (await JSZip.loadAsync(copy.body)).file('word/document.xml')!.async('string');
    expect(document).toContain('Salt on the sill');
    expect(document).not.toMatch(/Audit/);
  });
});

const KETTLE = 'The kettle sings\nof a house asleep\nwhile frost writes letters\non the window glass\nand nobody answers\nbut the morning light';

describe('blind judging', () => {
  let code: string;
  // One entry's judging, told in steps: shown unscored, scored by two judges, a second score refused, normalised.
  const judging = story();
  beforeAll(async () => {
    const res = await enter(otherPoet, {
      poem: { bytes: await makeDocx(`${KETTLE}\n\nby Tomas Berg\ntomas@example.org`, { author: 'Tomas Berg' }), name: 'Tomas Berg - kettle.docx' },
      fields: { title: 'Kettle', fullName: 'Tomas Berg', country: 'SE' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    code = res.body.code;
    await assignOurJudges(code);
  });

  it(
    'shows judges the queue and the anonymised text, never the poet',
    judging.step(async () => {
      const queue = await api.get('/api/judging/queue').set(bearer(judge)).expect(200);
      expect(queue.body).toMatchObject({ month: month(), judgesPerEntry: 2, months: expect.arrayContaining([month()]) });
      expect(queue.body.entries.find((e: any) => e.code === code)).toMatchObject({ title: 'Kettle', judges: 0, myTotal: null, status: 'received' });
      const entry = await api.get(`/api/judging/entries/${code}`).set(bearer(judge)).expect(200);
      expect(entry.body).toMatchObject({ code, title: 'Kettle', kind: 'docx', fileAvailable: true, myScore: null, otherScores: null });
      expect(entry.body.text).toBe(`${KETTLE}\n\n[name removed]\n[email removed]`);
      expect(entry.body.originality).toEqual({ flag: false, matches: [] });
      const everything = JSON.stringify([queue.body, entry.body]);
      for (const secret of ['Tomas', 'Berg', 'tomas@', otherPoet.email, '+44']) expect(everything).not.toContain(secret);
    }),
  );

  it('flags a near-duplicate of an earlier entry for judges, without refusing it', async () => {
    const res = await enter(poet, { poem: { bytes: await makePdf(`${KETTLE.toUpperCase()}!\n— Mira`), name: 'again.pdf' }, fields: { title: 'Kettle again' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await assignOurJudges(res.body.code);
    const entry = await api.get(`/api/judging/entries/${res.body.code}`).set(bearer(judge)).expect(200);
    expect(entry.body.originality).toEqual({ flag: true, matches: [{ kind: 'entry', code, similarity: expect.any(Number) }] });
    expect(entry.body.originality.matches[0].similarity).toBeGreaterThan(0.6);
    const queue = await api.get('/api/judging/queue').set(bearer(judge)).expect(200);
    expect(queue.body.entries.find((e: any) => e.code === res.body.code).originalityFlag).toBe(true);
    expect(queue.body.entries.find((e: any) => e.code === code).originalityFlag).toBe(false);
  });

  it.each([
    [{ structure: 21, creativity: 10, language: 10, emotionalImpact: 10, theme: 10 }, /Structure: give a whole number from 0 to 20/],
    [{ structure: 10, creativity: -1, language: 10, emotionalImpact: 10, theme: 10 }, /Creativity/],
    [{ structure: 10, creativity: 10, language: 10.5, emotionalImpact: 10, theme: 10 }, /Language/],
    [{ structure: 10, creativity: 10, language: 10, emotionalImpact: 10 }, /Theme/],
    [{ structure: 10, creativity: 10, language: 10, emotionalImpact: 10, theme: 10, poet: 'x' }, /Unknown fields: poet/],
    [{ structure: 10, creativity: 10, language: 10, emotionalImpact: 10, theme: 10, comment: 'x'.repeat(2001) }, /comment/],
  ])('refuses the scores %j and stores none', async (body, message) => {
    const before = await db(SCORE).count();
    expectErrorBody(await api.post(`/api/judging/entries/${code}/scores`).set(bearer(judge)).send(body), 422, message);
    expect(await db(SCORE).count()).toBe(before);
  });

  it(
    'keeps other judges’ scores hidden until one’s own, then the mean of two judges is the score',
    judging.step(async () => {
      const first = await api
        .post(`/api/judging/entries/${code}/scores`)
        .set(bearer(judge))
        .send({ structure: 16, creativity: 17, language: 15, emotionalImpact: 18, theme: 14, comment: '  Quiet and exact.  ' })
        .expect(201);
      expect(first.body).toMatchObject({ total: 80, comment: 'Quiet and exact.' });
      expect((await db(ENTRY).findOne({ where: { code } })).status).toBe('in_judging');

      const secondBefore = await api.get(`/api/judging/entries/${code}`).set(bearer(secondJudge)).expect(200);
      expect(secondBefore.body).toMatchObject({ myScore: null, otherScores: null });
      expect(JSON.stringify(secondBefore.body)).not.toContain('Quiet and exact');

      await api
        .post(`/api/judging/entries/${code}/scores`)
        .set(bearer(secondJudge))
        .send({ structure: 12, creativity: 13, language: 14, emotionalImpact: 15, theme: 17 })
        .expect(201);
      const secondAfter = await api.get(`/api/judging/entries/${code}`).set(bearer(secondJudge)).expect(200);
      expect(secondAfter.body.myScore).toMatchObject({ total: 71 });
      expect(secondAfter.body.otherScores).toEqual([expect.objectContaining({ total: 80, comment: 'Quiet and exact.' })]);

      const row = await db(ENTRY).findOne({ where: { code } });
      expect(row).toMatchObject({ status: 'scored' });
      expect(row.scoredAt).toBeTruthy();
      const table = await api.get(`/api/admin/entries?month=${month()}`).set(bearer(admin)).expect(200);
      const line = table.body.rows.find((r: any) => r.code === code);
      expect(line).toMatchObject({
        poetEmail: otherPoet.email,
        contactName: 'Tomas Berg',
        country: 'SE',
        judges: 2,
        totals: [80, 71],
        meanTotal: 75.5,
        score: 75.5,
        normalisedScore: null,
        status: 'scored',
      });

      // A poet sees the status, never a score.
      const mine = await api.get('/api/entries/mine').set(bearer(otherPoet)).expect(200);
      const own = mine.body.find((e: any) => e.code === code);
      expect(own.status).toBe('scored');
      expect(Object.keys(own).sort()).toEqual([
        'code',
        'competition',
        'fileName',
        'hasPhoto',
        'language',
        'month',
        'resultsAt',
        'status',
        'submittedAt',
        'theme',
        'timeline',
        'title',
      ]);
      expect(own.competition).toEqual({ slug: 'poetry', name: 'Poetry' });
      expect(JSON.stringify(own)).not.toContain('Quiet and exact');
    }),
  );

  it(
    'refuses a second score from the same judge, and scores of published results',
    judging.step(async () => {
      const before = await db(SCORE).count();
      expectErrorBody(
        await api
          .post(`/api/judging/entries/${code}/scores`)
          .set(bearer(judge))
          .send({ structure: 1, creativity: 1, language: 1, emotionalImpact: 1, theme: 1 }),
        409,
        /already scored/,
      );
      await db(ENTRY).update({ where: { code }, data: { status: 'published' } });
      expectErrorBody(
        await api
          .post(`/api/judging/entries/${code}/scores`)
          .set(bearer(admin))
          .send({ structure: 1, creativity: 1, language: 1, emotionalImpact: 1, theme: 1 }),
        409,
        /published/,
      );
      await db(ENTRY).update({ where: { code }, data: { status: 'scored' } });
      expect(await db(SCORE).count()).toBe(before);
      expectErrorBody(
        await api
          .post('/api/judging/entries/W0000-NOPE2/scores')
          .set(bearer(judge))
          .send({ structure: 1, creativity: 1, language: 1, emotionalImpact: 1, theme: 1 }),
        404,
      );
    }),
  );

  it(
    'normalises per judge when the contest says so, and shows progress to admins',
    judging.step(async () => {
      await api.put(`/api/admin/contests/${month()}`).set(bearer(admin)).send({ normaliseScores: true }).expect(200);
      try {
        const table = await api.get('/api/admin/entries').set(bearer(admin)).expect(200);
        expect(table.body.normaliseScores).toBe(true);
        const line = table.body.rows.find((r: any) => r.code === code);
        expect(line.normalisedScore).toEqual(expect.any(Number));
        expect(line.score).toBe(line.normalisedScore);
        const results = await cms.strapi.service('api::score.score').contestScores(month());
        const scored = results.find((r: { code: string }) => r.code === code);
        expect(scored).toMatchObject({ code, totals: [80, 71], meanTotal: 75.5 });
        expect(scored.score).toBe(line.score);
      } finally {
        await api.put(`/api/admin/contests/${month()}`).set(bearer(admin)).send({ normaliseScores: null }).expect(200);
      }
      const progress = await api.get('/api/judging/progress').set(bearer(admin)).expect(200);
      expect(progress.body.month).toBe(month());
      const jude = progress.body.judges.find((j: any) => j.name === 'Jude Marlow');
      expect(jude).toMatchObject({ scored: 1, left: jude.assigned - 1, recused: 0 });
      expect(progress.body.assignments.find((a: any) => a.code === code)).toMatchObject({
        missing: 0,
        judges: expect.arrayContaining([expect.objectContaining({ name: 'Jude Marlow', scored: true })]),
      });
      expect(progress.body.underJudged.map((u: any) => u.code)).not.toContain(code);
    }),
  );

  it.each([
    ['/api/judging/queue', 'get'],
    [`/api/judging/entries/W0000-AAAAA`, 'get'],
  ])('refuses %s to poets and visitors', async (url) => {
    expect((await api.get(url).set(bearer(poet))).status).toBe(403);
    expect((await api.get(url)).status).toBe(401);
  });

  it('keeps the progress and the submission table to admins', async () => {
    for (const url of ['/api/judging/progress', '/api/admin/entries']) {
      expect((await api.get(url).set(bearer(judge))).status).toBe(403);
      expect((await api.get(url).set(bearer(poet))).status).toBe(403);
      expect((await api.get(url)).status).toBe(401);
    }
  });

  it('moves entries of a closed contest to judging, once', async () => {
    // A closed month of its own: this month's entries stay as the other cases expect them.
    const poetRow = await db(USER).findOne({ where: { firebaseUid: poet.uid } });
    const contest = { id: await createContest(cms.strapi, '2023-02') };
    await createEntries(cms.strapi, contest.id, '2023-02', [poetRow.id], 3, 'received');
    const waiting = await db(ENTRY).count({ where: { contest: { id: contest.id }, status: 'received' } });
    expect(waiting).toBe(3);
    const service = cms.strapi.service('api::entry.calendar');
    expect(await service.startJudging([contest.id])).toBe(waiting);
    expect(await service.startJudging([contest.id])).toBe(0);
    expect(await db(ENTRY).count({ where: { contest: { id: contest.id }, status: 'received' } })).toBe(0);
  });
});

describe('who may call what', () => {
  type Caller = 'anonymous' | 'poet' | 'judge' | 'moderator' | 'admin';
  const callers: Caller[] = ['anonymous', 'poet', 'judge', 'moderator', 'admin'];
  const users = {} as Record<Caller, EmulatorUser | null>;
  const all = (status: number) => Object.fromEntries(callers.map((c) => [c, status])) as Record<Caller, number>;
  const signedIn = (status: number) => ({ ...all(status), anonymous: 401 });
  const adminsOnly = { ...signedIn(403), admin: 200 };

  beforeAll(async () => {
    Object.assign(users, { anonymous: null, poet, judge, admin, moderator: await account('moderator', { role: 'moderator' }) });
  });

  it.each([
    ['GET /api/contests/current', () => api.get('/api/contests/current'), all(200)],
    ['GET /api/submission-count', () => api.get('/api/submission-count'), all(200)],
    ['GET /api/entries/allowance', () => api.get('/api/entries/allowance'), signedIn(200)],
    ['GET /api/entries/mine', () => api.get('/api/entries/mine'), signedIn(200)],
    // Past auth, an eligible poet is told what is missing; other roles never get that far.
    ['POST /api/entries/preview (no file)', () => api.post('/api/entries/preview'), { ...signedIn(403), poet: 422 }],
    ['POST /api/entries (no file)', () => api.post('/api/entries'), { ...signedIn(403), poet: 422 }],
    ['GET /api/judging/queue', () => api.get('/api/judging/queue'), { ...signedIn(403), judge: 200, admin: 200 }],
    ['GET /api/judging/progress', () => api.get('/api/judging/progress'), adminsOnly],
    ['GET /api/admin/entries', () => api.get('/api/admin/entries'), adminsOnly],
    ['GET /api/admin/contests', () => api.get('/api/admin/contests'), adminsOnly],
  ] as const)('%s', async (_, send, expected) => {
    for (const caller of callers) {
      const user = users[caller];
      const res = await (user ? send().set(bearer(user)) : send());
      expect(res.status, `${caller}: ${JSON.stringify(res.body)}`).toBe(expected[caller]);
      expect(res.type).toBe('application/json');
    }
  });
});
