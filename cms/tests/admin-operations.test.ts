// Admin operations and analytics against the real cms, the Firebase Auth emulator and maildev: the role matrix
// of every admin route, visit tracking, users (roles, suspension), contact messages, feedback, email reminders
// and settings, with their bad inputs.
import demo from '@writory/shared/demo-accounts.json';
import Papa from 'papaparse';
import type { Test } from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthEmulator } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { backgroundIdle } from './helpers/background';
import { addressPerTest } from './helpers/client-address';
import { startMailSink, type MailSink } from './helpers/mail-sink';
import type { TestCms } from './helpers/strapi';
import { DEMO_UID_OF as ACCOUNT_OF } from './helpers/demo-callers';
import visitService from '../src/api/visit/services/visit';

const USER = 'plugin::users-permissions.user';
const VISIT = 'api::visit.visit';
const CONTEST = 'api::contest.contest';
const ENTRY = 'api::entry.entry';
const REMINDER = 'api::email-reminder.email-reminder';
const FEEDBACK = 'api::feedback.feedback';
const ROOT_ADMIN = 'root-admin@writory.test';

const CALLERS = ['anonymous', 'poet', 'otherPoet', 'judge', 'moderator', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let mail: MailSink;
const tokens = {} as Record<Caller, string | undefined>;
let serial = 0;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const as = (caller: Caller, test: Test) => (tokens[caller] ? test.set(bearer(tokens[caller]!)) : test);
const db = (uid: string) => cms.strapi.db.query(uid as any);
const visits = () => cms.strapi.service('api::visit.visit');
const currentMonth = (): Promise<string> => cms.strapi.service('api::user.contest-activity').currentMonth();

interface Person {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  id: number;
}

/** A new account in the emulator, seen once by the cms (so its user row exists), with a fresh token. */
let rootAdmin: Person;

async function newPerson(label: string, { verified = true, email }: { verified?: boolean; email?: string } = {}): Promise<Person> {
  const address = email ?? `${label}-${Date.now()}-${++serial}@writory.test`;
  const created = await emulator.createUser({ email: address, emailVerified: verified, displayName: `${label} ${serial}` });
  await cms.api.get('/api/users/me').set(bearer(created.idToken)).expect(200);
  const row = await db(USER).findOne({ where: { firebaseUid: created.uid } });
  return { ...created, id: row.id };
}

async function enter(userId: number, month: string) {
  let contest = await db(CONTEST).findOne({ where: { month } });
  contest ??= await db(CONTEST).create({ data: { month, opensAt: new Date(), closesAt: new Date(), resultsAt: new Date() } });
  await db(ENTRY).create({
    data: { code: `T-${Date.now()}-${++serial}`, title: 'A poem', language: 'English', status: 'received', contest: contest.id, poet: userId },
  });
}

const anonymousVisit = (overrides: Record<string, unknown> = {}) => ({
  userID: `anon-${crypto.randomUUID()}`,
  userType: 'anonymous',
  pageVisited: '/about',
  timestamp: new Date().toISOString(),
  email: null,
  username: null,
  device: 'mobile',
  ...overrides,
});

beforeAll(async () => {
  mail = await startMailSink();
  stack = await startCmsWithAuth({
    ADMIN_EMAILS: ROOT_ADMIN,
    VISITS_PER_MINUTE: '45',
    REMINDER_BATCH_SIZE: '2',
    REMINDER_BATCH_PAUSE_MS: '0',
    PUBLIC_SITE_URL: 'https://writory.test',
    ...mail.env,
  });
  ({ emulator, cms } = stack);
  // Listening once, so concurrent requests share the server (supertest would otherwise listen per request).
  await new Promise<void>((resolve) => cms.strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  for (const [caller, uid] of Object.entries(ACCOUNT_OF)) {
    const account = demo.accounts.find((a) => a.uid === uid)!;
    tokens[caller as Caller] = (await emulator.createUser({ uid, email: account.email, password: account.password })).idToken;
  }
  // The admin named in ADMIN_EMAILS, signed in once: tests that count admins find them in any order.
  rootAdmin = await newPerson('root', { email: ROOT_ADMIN });
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

describe('role matrix of the admin routes', () => {
  const adminOnly = (adminStatus: number) => ({ anonymous: 401, poet: 403, otherPoet: 403, judge: 403, moderator: 403, admin: adminStatus });
  const signedIn = (status: number) => ({ anonymous: 401, poet: status, otherPoet: status, judge: status, moderator: status, admin: status });
  let target: Person;
  let contactId: string;

  beforeAll(async () => {
    target = await newPerson('matrix-target');
    contactId = (await db('api::contact-message.contact-message').findOne({ orderBy: { id: 'asc' } })).documentId;
  });

  const ROUTES: { route: string; send: (caller: Caller) => Test; expected: Record<Caller, number> }[] = [
    {
      route: 'GET /api/admin/visits/summary',
      send: (c) => as(c, cms.api.get('/api/admin/visits/summary?from=2020-01-01&to=2020-01-02')),
      expected: adminOnly(200),
    },
    {
      route: 'GET /api/admin/visits/export',
      send: (c) => as(c, cms.api.get('/api/admin/visits/export?from=2020-01-01&to=2020-01-01')),
      expected: adminOnly(200),
    },
    { route: 'GET /api/admin/users', send: (c) => as(c, cms.api.get('/api/admin/users')), expected: adminOnly(200) },
    { route: 'GET /api/admin/users/export', send: (c) => as(c, cms.api.get('/api/admin/users/export?role=judge')), expected: adminOnly(200) },
    {
      route: 'PUT /api/admin/users/:uid/role',
      send: (c) => as(c, cms.api.put(`/api/admin/users/${target.uid}/role`).send({ role: 'poet' })),
      expected: adminOnly(200),
    },
    { route: 'POST /api/admin/users/:uid/suspend', send: (c) => as(c, cms.api.post(`/api/admin/users/${target.uid}/suspend`)), expected: adminOnly(200) },
    { route: 'POST /api/admin/users/:uid/restore', send: (c) => as(c, cms.api.post(`/api/admin/users/${target.uid}/restore`)), expected: adminOnly(200) },
    { route: 'GET /api/admin/contacts', send: (c) => as(c, cms.api.get('/api/admin/contacts')), expected: adminOnly(200) },
    {
      route: 'PUT /api/admin/contacts/:id/read',
      send: (c) => as(c, cms.api.put(`/api/admin/contacts/${contactId}/read`).send({ read: false })),
      expected: adminOnly(200),
    },
    { route: 'GET /api/admin/feedback', send: (c) => as(c, cms.api.get('/api/admin/feedback')), expected: adminOnly(200) },
    { route: 'GET /api/admin/reminders', send: (c) => as(c, cms.api.get('/api/admin/reminders')), expected: adminOnly(200) },
    { route: 'GET /api/admin/reminders/audiences', send: (c) => as(c, cms.api.get('/api/admin/reminders/audiences')), expected: adminOnly(200) },
    { route: 'GET /api/admin/reminders/:id (unknown)', send: (c) => as(c, cms.api.get('/api/admin/reminders/nope')), expected: adminOnly(404) },
    // No body: an admin gets past the guard and is told what is missing; nothing is sent.
    { route: 'POST /api/admin/reminders/preview (empty)', send: (c) => as(c, cms.api.post('/api/admin/reminders/preview').send({})), expected: adminOnly(422) },
    { route: 'POST /api/admin/reminders (empty)', send: (c) => as(c, cms.api.post('/api/admin/reminders').send({})), expected: adminOnly(422) },
    { route: 'GET /api/admin/settings', send: (c) => as(c, cms.api.get('/api/admin/settings')), expected: adminOnly(200) },
    { route: 'PUT /api/admin/settings (no change)', send: (c) => as(c, cms.api.put('/api/admin/settings').send({})), expected: adminOnly(200) },
    { route: 'POST /api/feedback (empty)', send: (c) => as(c, cms.api.post('/api/feedback').send({})), expected: signedIn(422) },
    { route: 'GET /api/users/me/reminders', send: (c) => as(c, cms.api.get('/api/users/me/reminders')), expected: signedIn(200) },
    { route: 'PUT /api/users/me/reminders', send: (c) => as(c, cms.api.put('/api/users/me/reminders').send({ optedOut: false })), expected: signedIn(200) },
    {
      route: 'POST /api/track-visit-realtime (anonymous visit)',
      send: (c) => as(c, cms.api.post('/api/track-visit-realtime').send(anonymousVisit())),
      expected: { anonymous: 202, poet: 202, otherPoet: 202, judge: 202, moderator: 202, admin: 202 },
    },
  ];

  // An admin's accepted call may suspend the target or change its role: it is put back after each case.
  afterEach(async () => {
    const poetRole = await db('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    await db(USER).update({ where: { id: target.id }, data: { suspendedAt: null, role: poetRole.id } });
  });

  describe.each(ROUTES)('$route', ({ send, expected }) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const res = await send(caller);
      expect(res.status, res.text.slice(0, 300)).toBe(expected[caller]);
      if (res.status === 401 || res.status === 403) {
        expect(res.body.error.message).toEqual(expect.any(String));
        // A refusal leaves the target as it was: a poet, not suspended.
        const row = await db(USER).findOne({ where: { id: target.id }, populate: ['role'] });
        expect(row).toMatchObject({ suspendedAt: null, role: { type: 'authenticated' } });
      }
    });
  });
});

describe('visit tracking', () => {
  // Each test visits from an address of its own: the per-connection limit never carries over.
  const client = addressPerTest('198.51.100');
  const track = (body: unknown, token?: string) => {
    const req = cms.api.post('/api/track-visit-realtime').set('content-type', 'application/json').set('X-Forwarded-For', client());
    return (token ? req.set(bearer(token)) : req).send(body as object);
  };
  const stored = () => db(VISIT).count();

  it('accepts an anonymous visit at once, stores it within about a second, without the IP or query string', async () => {
    await visits().flush();
    const before = await stored();
    const body = anonymousVisit({ pageVisited: '/__/auth/action?mode=verifyEmail&oobCode=secret#x', device: 'desktop' });
    await track(body).expect(202, { success: true });
    expect(visits().waiting()).toBe(1);
    expect(await stored()).toBe(before);
    await vi.waitFor(async () => expect(await stored()).toBe(before + 1), { timeout: 3000, interval: 100 });
    const row = await db(VISIT).findOne({ where: { visitorId: body.userID } });
    expect(row).toMatchObject({ userType: 'anonymous', userId: null, page: '/__/auth/action', device: 'desktop' });
    expect(JSON.stringify(row)).not.toMatch(/127\.0\.0\.1|::1|oobCode|secret/);
  });

  it.each([
    ['a wrong user type', { userType: 'robot' }, /^userType: must be "logged-in" or "anonymous"/],
    ['a number as userID', { userID: 12345 }, /^userID: must be text/],
    ['no userID', { userID: undefined }, /^userID: must be text/],
    ['a device that is not mobile or desktop', { device: 5 }, /^device: must be "mobile" or "desktop"/],
    ['a timestamp that is no date', { timestamp: 'yesterday' }, /^timestamp: must be an ISO 8601 date-time/],
    ['a timestamp a year away', { timestamp: Date.now() - 365 * 86_400_000 }, /^timestamp: must be within a day of now/],
    ['another site as the page', { pageVisited: 'https://evil.example/' }, /^pageVisited: must be a path on this site/],
    ['an email that is not text', { email: ['a@b.c'] }, /^email: must be text or null/],
    ['a short anonymous id', { userID: 'abc' }, /^userID: an anonymous id must be 8 to 128/],
    ['an admin page for an anonymous visitor', { pageVisited: '/admin-users' }, /^pageVisited: admin pages are only tracked for signed-in visitors/],
  ])('refuses %s with a 4xx naming the problem, storing nothing', async (_label, overrides, message) => {
    await visits().flush();
    const before = await stored();
    const res = await track(anonymousVisit(overrides));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(message) });
    expect(visits().waiting()).toBe(0);
    expect(await stored()).toBe(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await track('[1,2,3]');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/Send the visit as a JSON object/);
  });

  it('refuses a 1 MB body and a 5 KB one with 413, storing nothing', async () => {
    await visits().flush();
    const before = await stored();
    const huge = await track(JSON.stringify(anonymousVisit({ username: 'x'.repeat(1024 * 1024) })));
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.body)).toMatch(/too large/i);
    const large = await track(JSON.stringify(anonymousVisit({ username: 'x'.repeat(5 * 1024) })));
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ success: false, error: 'A visit must be at most 4096 bytes of JSON.' });
    expect(visits().waiting()).toBe(0);
    expect(await stored()).toBe(before);
  });

  it('records a logged-in visit only with that user’s token, linking the account and not trusting the body’s email', async () => {
    const poetUid = ACCOUNT_OF.poet;
    const body = {
      userID: poetUid,
      userType: 'logged-in',
      pageVisited: '/submit',
      timestamp: Date.now(),
      email: 'someone-else@example.com',
      username: 'Mallory',
      device: 'mobile',
    };
    const without = await track(body);
    expect(without.status).toBe(401);
    expect(without.body.error).toMatch(/needs the visitor’s ID token/);
    const mismatched = await track({ ...body, userID: ACCOUNT_OF.otherPoet }, tokens.poet);
    expect(mismatched.status).toBe(403);
    expect(mismatched.body.error).toMatch(/userID does not match the signed-in user/);
    const badToken = await track(body, 'not-a-token');
    expect(badToken.status).toBe(401);

    await track(body, tokens.poet).expect(202);
    await visits().flush();
    const poet = await db(USER).findOne({ where: { firebaseUid: poetUid } });
    const row = await db(VISIT).findOne({ where: { visitorId: poetUid, page: '/submit' } });
    expect(row).toMatchObject({ userType: 'logged-in', userId: poet.id });
    expect(JSON.stringify(row)).not.toContain('someone-else@example.com');
  });

  it('lets a signed-in visitor’s admin page be tracked', async () => {
    await track(
      { userID: ACCOUNT_OF.admin, userType: 'logged-in', pageVisited: '/admin-users/', timestamp: new Date().toISOString(), device: 'desktop' },
      tokens.admin,
    ).expect(202);
    await visits().flush();
    expect(await db(VISIT).count({ where: { visitorId: ACCOUNT_OF.admin, page: '/admin-users' } })).toBe(1);
  });

  describe('dashboard figures', () => {
    beforeAll(async () => {
      const poet = await db(USER).findOne({ where: { firebaseUid: ACCOUNT_OF.poet } });
      const at = (iso: string) => new Date(iso);
      await visits().store([
        { visitorId: 'fixture-a', userType: 'anonymous', userId: null, page: '/', device: 'mobile', day: '2020-01-01', visitedAt: at('2020-01-01T05:00:00Z') },
        {
          visitorId: 'fixture-a',
          userType: 'anonymous',
          userId: null,
          page: '/about',
          device: 'desktop',
          day: '2020-01-01',
          visitedAt: at('2020-01-01T06:00:00Z'),
        },
        { visitorId: 'fixture-b', userType: 'anonymous', userId: null, page: '/', device: 'mobile', day: '2020-01-01', visitedAt: at('2020-01-01T07:00:00Z') },
        {
          visitorId: ACCOUNT_OF.poet,
          userType: 'logged-in',
          userId: poet.id,
          page: '/',
          device: 'desktop',
          day: '2020-01-02',
          visitedAt: at('2020-01-02T05:00:00Z'),
        },
        {
          visitorId: 'fixture-c',
          userType: 'anonymous',
          userId: null,
          page: '/far',
          device: 'mobile',
          day: '2020-02-01',
          visitedAt: at('2020-02-01T05:00:00Z'),
        },
      ]);
    });

    it('aggregates visits, unique visitors, pages, devices and visitor kinds over the range’s days', async () => {
      const res = await as('admin', cms.api.get('/api/admin/visits/summary?from=2020-01-01&to=2020-01-03')).expect(200);
      expect(res.body).toMatchObject({
        from: '2020-01-01',
        to: '2020-01-03',
        timeZone: 'Asia/Kolkata',
        totals: { visits: 4, uniqueVisitors: 3 },
        days: [
          { day: '2020-01-01', visits: 3, uniqueVisitors: 2 },
          { day: '2020-01-02', visits: 1, uniqueVisitors: 1 },
          { day: '2020-01-03', visits: 0, uniqueVisitors: 0 },
        ],
        topPages: [
          { page: '/', visits: 3 },
          { page: '/about', visits: 1 },
        ],
        devices: { mobile: 2, desktop: 2 },
        userTypes: { anonymous: 3, 'logged-in': 1 },
      });
    });

    it('shows the last 30 days up to today in the contest time zone when no range is given', async () => {
      const res = await as('admin', cms.api.get('/api/admin/visits/summary')).expect(200);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      expect(res.body.to).toBe(today);
      expect(res.body.days).toHaveLength(30);
      expect(res.body.days[0].day).toBe(res.body.from);
    });

    it('counts visitors active in the last 5 minutes', async () => {
      const activeNow = async () => (await as('admin', cms.api.get('/api/admin/visits/summary?from=2020-01-01&to=2020-01-01'))).body.activeNow as number;
      // Visits other tests queued are stored first, so only this test's visit is new.
      await visits().flush();
      const before = await activeNow();
      await track(anonymousVisit()).expect(202);
      await visits().flush();
      expect(await activeNow()).toBe(before + 1);
    });

    it.each([
      ['from after to', 'from=2020-01-05&to=2020-01-01', /^from: from must be on or before to/],
      ['a range over 366 days', 'from=2020-01-01&to=2021-01-02', /^to: the range must be at most 366 days/],
      ['a date that is not one', 'from=2020-02-30&to=2020-03-01', /^from: must be a date written YYYY-MM-DD/],
      ['half a range', 'from=2020-01-01', /^to: must be a date/],
    ])('refuses %s with a 422', async (_label, query, message) => {
      const res = await as('admin', cms.api.get(`/api/admin/visits/summary?${query}`));
      expect(res.status).toBe(422);
      expect(res.body.error.message).toMatch(message);
      const csv = await as('admin', cms.api.get(`/api/admin/visits/export?${query}`));
      expect(csv.status).toBe(422);
    });

    it('exports the range’s visits as CSV, with the account’s email and name for logged-in ones', async () => {
      const res = await as('admin', cms.api.get('/api/admin/visits/export?from=2020-01-01&to=2020-01-03').buffer(true)).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="writory-visits-2020-01-01-to-2020-01-03.csv"');
      const { data } = Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true });
      expect(data.map((row) => [row.userID, row.pageVisited, row.device])).toEqual([
        ['fixture-a', '/', 'mobile'],
        ['fixture-a', '/about', 'desktop'],
        ['fixture-b', '/', 'mobile'],
        [ACCOUNT_OF.poet, '/', 'desktop'],
      ]);
      const poet = demo.accounts.find((a) => a.uid === ACCOUNT_OF.poet)!;
      expect(data[3]).toMatchObject({ userType: 'logged-in', email: poet.email, username: poet.name, timestamp: '2020-01-02T05:00:00.000Z' });
      expect(data[0]).toMatchObject({ email: '', username: '' });
    });
  });

  it('stores every accepted visit of a burst', async () => {
    await visits().flush();
    const before = await stored();
    const burst = await Promise.all(Array.from({ length: 12 }, () => track(anonymousVisit())));
    expect(burst.map((res) => res.status)).toEqual(Array(12).fill(202));
    await visits().flush();
    expect(await stored()).toBe(before + 12);
  });

  it('keeps the roll-ups the dashboard reads equal to the visits stored', async () => {
    await visits().flush();
    const knex = cms.strapi.db.connection;
    const raw = await knex('visits').select('day', 'page', 'device', 'user_type').count({ n: '*' }).groupBy('day', 'page', 'device', 'user_type');
    const rolled = await knex('visit_days').select('day', 'page', 'device', 'user_type', 'visits');
    const key = (row: Record<string, unknown>) => [row.day, row.page, row.device, row.user_type].join('|');
    expect(new Map(rolled.map((row: any) => [key(row), Number(row.visits)]))).toEqual(new Map(raw.map((row: any) => [key(row), Number(row.n)])));
    const pairs = await knex('visits')
      .countDistinct({ n: knex.raw("day || '|' || visitor_id") })
      .first();
    expect(await knex('visitor_days').count({ n: '*' }).first()).toEqual({ n: Number(pairs!.n) });
  });

  it('limits visits per connection with a 429 that says when to retry', async () => {
    let res: Awaited<ReturnType<typeof track>> | undefined;
    for (let i = 0; i < 60; i++) {
      res = await track(anonymousVisit());
      if (res.status === 429) break;
    }
    expect(res!.status).toBe(429);
    expect(res!.headers['retry-after']).toMatch(/^\d+$/);
    expect(res!.body).toMatchObject({
      success: false,
      error: expect.stringMatching(/Too many visits from this connection\. Try again in (\d+ (seconds|minutes)|1 (second|minute))\./),
    });
  });

  it('writes what is waiting when it closes (shutdown), and each later visit at once', async () => {
    // An instance of its own, as the cms makes at boot: closing it leaves the running cms's queue open.
    const service = visitService({ strapi: cms.strapi });
    const before = await stored();
    const input = { userID: `anon-${crypto.randomUUID()}`, userType: 'anonymous' as const, pageVisited: '/', timestamp: Date.now(), device: 'mobile' as const };
    await service.accept(input, null);
    expect(service.waiting()).toBe(1);
    await service.close();
    expect(await stored()).toBe(before + 1);
    await service.accept({ ...input, userID: `anon-${crypto.randomUUID()}` }, null);
    expect(await stored()).toBe(before + 2);
  });
});

describe('users', () => {
  let entrant: Person;
  let idle: Person;
  let month: string;

  beforeAll(async () => {
    month = await currentMonth();
    entrant = await newPerson('entrant');
    idle = await newPerson('idle');
    await enter(entrant.id, month);
    await enter(entrant.id, month);
    await enter(entrant.id, '2020-01');
  });

  const list = (query: string) => as('admin', cms.api.get(`/api/admin/users?${query}`));

  it('searches users and shows their role, status and entries', async () => {
    const res = await list(`q=${encodeURIComponent(entrant.email)}`).expect(200);
    expect(res.body.month).toBe(month);
    expect(res.body.users).toEqual([
      expect.objectContaining({
        uid: entrant.uid,
        email: entrant.email,
        role: 'authenticated',
        status: 'active',
        entries: 3,
        entriesThisMonth: 2,
        emailVerified: true,
      }),
    ]);
    expect(res.body.pagination).toEqual({ page: 1, pageSize: 25, total: 1, pageCount: 1 });
  });

  it('filters by role, by this month’s entries and pages through', async () => {
    const judges = (await list('role=judge').expect(200)).body.users.map((u: { uid: string }) => u.uid);
    expect(judges).toEqual([ACCOUNT_OF.judge]);
    const entered = (await list('entries=entered-this-month&pageSize=100').expect(200)).body.users.map((u: { uid: string }) => u.uid);
    expect(entered).toContain(entrant.uid);
    expect(entered).not.toContain(idle.uid);
    const notEntered = (await list('entries=not-entered-this-month&pageSize=100').expect(200)).body.users.map((u: { uid: string }) => u.uid);
    expect(notEntered).toContain(idle.uid);
    expect(notEntered).not.toContain(entrant.uid);
    const second = (await list('pageSize=1&page=2').expect(200)).body;
    expect(second.users).toHaveLength(1);
    expect(second.pagination.total).toBeGreaterThan(5);
  });

  it.each([
    ['an unknown role', 'role=owner', /^role: role must be one of authenticated, judge, moderator, admin/],
    ['an unknown status', 'status=banned', /^status: must be one of active, suspended/],
    ['a page size over 100', 'pageSize=500', /^pageSize: must be at most 100/],
  ])('refuses %s in the filters with a 422', async (_label, query, message) => {
    const res = await list(query);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(message);
  });

  it('changes a role, and that user’s next call has it', async () => {
    const person = await newPerson('promoted');
    const res = await as('admin', cms.api.put(`/api/admin/users/${person.uid}/role`).send({ role: 'moderator' })).expect(200);
    expect(res.body).toMatchObject({ uid: person.uid, role: 'moderator' });
    const me = await cms.api.get('/api/users/me').set(bearer(person.idToken)).expect(200);
    expect(me.body.role).toBe('moderator');
    await cms.api.get('/api/admin/whoami').set(bearer(person.idToken)).expect(403);

    await as('admin', cms.api.put(`/api/admin/users/${person.uid}/role`).send({ role: 'admin' })).expect(200);
    await cms.api.get('/api/admin/whoami').set(bearer(person.idToken)).expect(200);
    await as('admin', cms.api.put(`/api/admin/users/${person.uid}/role`).send({ role: 'poet' })).expect(200);
    expect((await cms.api.get('/api/users/me').set(bearer(person.idToken))).body.role).toBe('authenticated');
  });

  it.each([
    ['an unknown role', { role: 'owner' }, 422, /^role: role must be one of/],
    ['no role', {}, 422, /^role: role must be one of/],
    ['another field', { role: 'judge', suspendedAt: null }, 422, /Only role can be sent here/],
  ])('refuses %s, changing nothing', async (_label, body, status, message) => {
    const res = await as('admin', cms.api.put(`/api/admin/users/${idle.uid}/role`).send(body));
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect((await db(USER).findOne({ where: { id: idle.id }, populate: ['role'] })).role.type).toBe('authenticated');
  });

  it('answers 404 for an unknown user', async () => {
    const res = await as('admin', cms.api.put('/api/admin/users/no-such-uid/role').send({ role: 'judge' }));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No user with this uid.');
  });

  it('refuses demoting or suspending oneself', async () => {
    const demote = await as('admin', cms.api.put(`/api/admin/users/${ACCOUNT_OF.admin}/role`).send({ role: 'poet' }));
    expect(demote.status).toBe(403);
    expect(demote.body.error.message).toBe('You cannot change your own role: ask another admin.');
    const suspend = await as('admin', cms.api.post(`/api/admin/users/${ACCOUNT_OF.admin}/suspend`));
    expect(suspend.status).toBe(403);
    expect(suspend.body.error.message).toBe('You cannot suspend your own account.');
    const me = await db(USER).findOne({ where: { firebaseUid: ACCOUNT_OF.admin }, populate: ['role'] });
    expect(me).toMatchObject({ suspendedAt: null, role: { type: 'admin' } });
  });

  it('refuses demoting an admin made by ADMIN_EMAILS (it would come back at their next request)', async () => {
    const root = rootAdmin;
    expect((await cms.api.get('/api/users/me').set(bearer(root.idToken))).body.role).toBe('admin');
    const res = await as('admin', cms.api.put(`/api/admin/users/${root.uid}/role`).send({ role: 'judge' }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(`${ROOT_ADMIN} is an admin through ADMIN_EMAILS: remove the address there to change the role.`);
  });

  it('never leaves the site without an active admin, even when two admins demote each other at once', async () => {
    // Only two admins count here: the demo admin and a second one; the ADMIN_EMAILS one is suspended meanwhile.
    const root = rootAdmin;
    await db(USER).update({ where: { id: root.id }, data: { suspendedAt: new Date() } });
    const second = await newPerson('second-admin');
    await as('admin', cms.api.put(`/api/admin/users/${second.uid}/role`).send({ role: 'admin' })).expect(200);
    // Both already past the guard, as two requests at the same moment would be.
    const service = cms.strapi.service('api::user.admin-users');
    const actor = (uid: string) => db(USER).findOne({ where: { firebaseUid: uid }, populate: ['role'] });
    const [demoAdmin, secondAdmin] = [await actor(ACCOUNT_OF.admin), await actor(second.uid)];
    const results = await Promise.allSettled([
      service.setRole(demoAdmin, second.uid, 'authenticated'),
      service.setRole(secondAdmin, ACCOUNT_OF.admin, 'authenticated'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    expect(refusal).toMatchObject({ status: 409, message: expect.stringMatching(/is the last active admin: make someone else an admin first\./) });
    expect(await db(USER).count({ where: { role: { type: 'admin' }, suspendedAt: { $null: true } } })).toBe(1);
    // Put things back: the demo admin stays the admin the other tests use.
    if ((await actor(ACCOUNT_OF.admin)).role.type !== 'admin') {
      await service.setRole(secondAdmin, ACCOUNT_OF.admin, 'admin');
      await service.setRole(demoAdmin, second.uid, 'authenticated');
    }
    await db(USER).update({ where: { id: root.id }, data: { suspendedAt: null } });
  });

  it('suspends a user, whose token is then refused, and restores them', async () => {
    const person = await newPerson('suspended');
    const res = await as('admin', cms.api.post(`/api/admin/users/${person.uid}/suspend`)).expect(200);
    expect(res.body).toMatchObject({ status: 'suspended', suspendedAt: expect.any(String) });
    const refused = await cms.api.get('/api/users/me').set(bearer(person.idToken));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/suspended/);
    expect((await list('status=suspended&pageSize=100')).body.users.map((u: { uid: string }) => u.uid)).toContain(person.uid);

    await as('admin', cms.api.post(`/api/admin/users/${person.uid}/restore`)).expect(200);
    await cms.api.get('/api/users/me').set(bearer(person.idToken)).expect(200);
  });

  it('exports the filtered users as CSV', async () => {
    const res = await as('admin', cms.api.get(`/api/admin/users/export?q=${encodeURIComponent(entrant.email)}`).buffer(true)).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const { data, meta } = Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true });
    expect(meta.fields).toEqual([
      'uid',
      'email',
      'name',
      'phone',
      'country',
      'role',
      'emailVerified',
      'status',
      'suspendedAt',
      'createdAt',
      'lastSeenAt',
      'entries',
      'entriesThisMonth',
      'remindersOptOut',
    ]);
    expect(data).toEqual([
      expect.objectContaining({ uid: entrant.uid, email: entrant.email, role: 'authenticated', status: 'active', entries: '3', entriesThisMonth: '2' }),
    ]);
  });

  it('neutralises spreadsheet formulas in exported cells', async () => {
    const person = await newPerson('formula');
    await db(USER).update({ where: { id: person.id }, data: { name: '=HYPERLINK("http://evil.example","click")' } });
    const res = await as('admin', cms.api.get(`/api/admin/users/export?q=${encodeURIComponent(person.email)}`).buffer(true)).expect(200);
    const { data } = Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true });
    expect(data[0].name).toBe(`'=HYPERLINK("http://evil.example","click")`);
  });
});

describe('contact messages', () => {
  it('lists messages newest first with the unread count, and marks one read and unread again', async () => {
    await cms.api
      .post('/api/contact')
      .send({ name: 'Ada', email: 'ada@example.com', subject: `Question ${serial}`, message: 'Hello there, a question for you.' })
      .expect(201);
    const first = (await as('admin', cms.api.get('/api/admin/contacts')).expect(200)).body;
    expect(first.messages[0]).toMatchObject({ name: 'Ada', email: 'ada@example.com', readAt: null, id: expect.any(String) });
    const id = first.messages[0].id;

    const read = await as('admin', cms.api.put(`/api/admin/contacts/${id}/read`).send({ read: true })).expect(200);
    expect(read.body.readAt).toEqual(expect.any(String));
    const after = (await as('admin', cms.api.get('/api/admin/contacts?status=unread&pageSize=100')).expect(200)).body;
    expect(after.unread).toBe(first.unread - 1);
    expect(after.messages.map((m: { id: string }) => m.id)).not.toContain(id);
    expect((await as('admin', cms.api.get('/api/admin/contacts?q=ada%40example')).expect(200)).body.messages[0].id).toBe(id);

    await as('admin', cms.api.put(`/api/admin/contacts/${id}/read`).send({ read: false })).expect(200);
    expect((await as('admin', cms.api.get('/api/admin/contacts')).expect(200)).body.unread).toBe(first.unread);
  });

  it.each([
    ['a read flag that is not a boolean', { read: 'yes' }, 422, /^read: read must be true or false/],
    ['no body', undefined, 422, /read must be true or false|Send a JSON object/],
  ])('refuses %s', async (_label, body, status, message) => {
    const id = (await db('api::contact-message.contact-message').findOne({ orderBy: { id: 'asc' } })).documentId;
    const res = await as('admin', cms.api.put(`/api/admin/contacts/${id}/read`).send(body as object));
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
  });

  it('answers 404 for an unknown message and 422 for an unknown status filter', async () => {
    expect((await as('admin', cms.api.put('/api/admin/contacts/nope/read').send({ read: true }))).status).toBe(404);
    expect((await as('admin', cms.api.get('/api/admin/contacts?status=starred'))).status).toBe(422);
  });
});

describe('feedback', () => {
  const stored = () => db(FEEDBACK).count();

  it('stores a signed-in poet’s rating and comment, and admins see it with the averages', async () => {
    const poet = await newPerson('feedback');
    await cms.api
      .post('/api/feedback')
      .set(bearer(poet.idToken))
      .send({ rating: 2, comment: 'Uploading took three tries.', page: '/submit?x=1' })
      .expect(201, { success: true });
    const res = await as('admin', cms.api.get('/api/admin/feedback?rating=2')).expect(200);
    expect(res.body.feedback[0]).toMatchObject({
      rating: 2,
      comment: 'Uploading took three tries.',
      page: '/submit',
      poet: { uid: poet.uid, email: poet.email },
    });
    expect(res.body.stats.byRating).toMatchObject({ '1': 0, '3': 0, '4': 0, '5': 0 });
    expect(res.body.stats.byRating['2']).toBeGreaterThanOrEqual(1);

    const all = (await as('admin', cms.api.get('/api/admin/feedback')).expect(200)).body.stats;
    const counts = Object.entries(all.byRating as Record<string, number>);
    expect(all.count).toBe(counts.reduce((sum, [, n]) => sum + n, 0));
    expect(all.average).toBeCloseTo(counts.reduce((sum, [rating, n]) => sum + Number(rating) * n, 0) / all.count, 2);
    const searched = (await as('admin', cms.api.get('/api/admin/feedback?q=three%20tries')).expect(200)).body.feedback;
    expect(searched).toHaveLength(1);
  });

  it.each([
    ['a rating of 6', { rating: 6 }, /^rating: must be at most 5/],
    ['a rating of 0', { rating: 0 }, /^rating: must be at least 1/],
    ['a rating in words', { rating: 'five' }, /^rating: must be a whole number from 1 to 5/],
    ['a half star', { rating: 3.5 }, /^rating: must be a whole number from 1 to 5/],
    ['a comment over 2000 characters', { rating: 4, comment: 'x'.repeat(2001) }, /^comment: must be at most 2000 characters/],
    ['a field of its own', { rating: 4, poet: 1 }, /Only rating, comment and page can be sent/],
  ])('refuses %s, storing nothing', async (_label, body, message) => {
    const before = await stored();
    const res = await as('poet', cms.api.post('/api/feedback').send(body));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(message);
    expect(await stored()).toBe(before);
  });

  it('takes feedback only from verified accounts', async () => {
    const unverified = await newPerson('unverified-feedback', { verified: false });
    const res = await cms.api.post('/api/feedback').set(bearer(unverified.idToken)).send({ rating: 5 });
    expect(res.status).toBe(403);
  });

  it('refuses a date range that ends before it starts', async () => {
    const res = await as('admin', cms.api.get('/api/admin/feedback?from=2026-02-01&to=2026-01-01'));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/^from: from must be on or before to/);
  });
});

describe('email reminders', () => {
  let entrant: Person;
  let idle: Person;
  let optedOut: Person;
  let unverified: Person;

  beforeAll(async () => {
    entrant = await newPerson('rem-entrant');
    idle = await newPerson('rem-idle');
    optedOut = await newPerson('rem-optout');
    unverified = await newPerson('rem-unverified', { verified: false });
    const month = await currentMonth();
    await enter(entrant.id, month);
    await enter(optedOut.id, month);
    await cms.api.put('/api/users/me/reminders').set(bearer(optedOut.idToken)).send({ optedOut: true }).expect(200, { optedOut: true });
  });

  const send = (body: unknown, key?: string) => {
    const req = as('admin', cms.api.post('/api/admin/reminders'));
    return (key ? req.set('Idempotency-Key', key) : req).send(body as object);
  };
  const key = () => `key-${crypto.randomUUID()}`;
  /** Mails that carry `marker`: "sent nothing" is checked against these, since an earlier case's mail may land any time. */
  const mailsMarked = async (marker: string) => (await mail.emails()).filter((m) => m.subject.includes(marker) || (m.text ?? '').includes(marker));
  const recipientsOf = async (subject: string) =>
    (await mail.emails())
      .filter((m) => m.subject.startsWith(subject))
      .flatMap((m) => m.to.map((to) => to.address))
      .sort();
  /** Who the audience should reach: verified, active poets who have not opted out (checked here from the rows). */
  async function expectedAudience(entered: boolean | null) {
    const month = await currentMonth();
    const poets = await db(USER).findMany({
      where: { role: { type: 'authenticated' }, emailVerified: true, suspendedAt: null, remindersOptOut: { $ne: true } },
    });
    const entries = await db(ENTRY).findMany({ where: { contest: { month } }, populate: { poet: true } });
    const entrants = new Set(entries.map((e: { poet: { id: number } }) => e.poet.id));
    return poets
      .filter((p: { id: number; blocked: boolean | null }) => !p.blocked && (entered === null || entrants.has(p.id) === entered))
      .map((p: { email: string }) => p.email)
      .sort();
  }

  it('previews how many poets each audience reaches, leaving out opted-out and unverified poets', async () => {
    const res = await as('admin', cms.api.get('/api/admin/reminders/audiences')).expect(200);
    const count = (id: string) => res.body.audiences.find((a: { id: string }) => a.id === id).count;
    expect(count('verified-poets')).toBe((await expectedAudience(null)).length);
    expect(count('entered-this-month')).toBe((await expectedAudience(true)).length);
    expect(count('not-entered-this-month')).toBe((await expectedAudience(false)).length);
    expect(await expectedAudience(true)).toContain(entrant.email);
    expect(await expectedAudience(null)).not.toContain(optedOut.email);
    expect(await expectedAudience(null)).not.toContain(unverified.email);
  });

  it.each([
    ['this month’s entrants', 'entered-this-month', true],
    ['poets without an entry this month', 'not-entered-this-month', false],
    ['all verified poets', 'verified-poets', null],
  ] as const)('sends to exactly %s, in batches, and records it', async (_label, audience, entered) => {
    const subject = `Reminder ${audience} ${serial++}`;
    const res = await send({ subject, body: 'Dear {name},\n\nThe contest closes on the 25th.', audience }, key()).expect(202);
    expect(res.body).toMatchObject({ subject, audience, status: 'sending', recipients: expect.any(Number), sent: 0 });
    await cms.strapi.service('api::email-reminder.email-reminder').delivered(res.body.id);
    const expected = await expectedAudience(entered);
    await vi.waitFor(async () => expect(await recipientsOf(subject)).toEqual(expected), { timeout: 5000, interval: 100 });
    const record = (await as('admin', cms.api.get(`/api/admin/reminders/${res.body.id}`)).expect(200)).body;
    expect(record).toMatchObject({
      status: 'sent',
      recipients: expected.length,
      sent: expected.length,
      failed: 0,
      failures: [],
      sentBy: demo.accounts.find((a) => a.role === 'admin')!.email,
    });
    expect(record.finishedAt).toEqual(expect.any(String));
  });

  it('personalises the message and links to the opt-out on /profile', async () => {
    const subject = `Personal ${serial++}`;
    const res = await send({ subject, body: 'Dear {name}, write on.', audience: 'entered-this-month' }, key()).expect(202);
    await cms.strapi.service('api::email-reminder.email-reminder').delivered(res.body.id);
    const [message] = await mail.arrived((m) => m.subject === subject && m.to[0].address === entrant.email);
    expect(message.text).toContain('Dear rem-entrant');
    expect(message.text).toContain('https://writory.test/profile#reminders');
    expect(message.html).toContain('href="https://writory.test/profile#reminders"');
  });

  it('previews who gets a reminder and the email as the first of them gets it, sending nothing', async () => {
    const marker = `preview-${serial++}`;
    const subject = `Preview for {name} ${marker}`;
    const before = await db(REMINDER).count();
    const res = await as('admin', cms.api.post('/api/admin/reminders/preview'))
      .send({ subject, body: 'Dear {name},\n\nWrite on.', audience: 'entered-this-month' })
      .expect(200);
    const expected = await expectedAudience(true);
    expect(res.body).toMatchObject({ audience: 'entered-this-month', month: await currentMonth(), recipients: expected.length });
    expect(res.body.sample).toHaveLength(Math.min(10, expected.length));
    for (const recipient of res.body.sample) expect(expected).toContain(recipient.email);
    const first = res.body.sample[0];
    const name = first.name ?? 'poet';
    expect(res.body.email.to).toBe(first.email);
    expect(res.body.email.subject).toBe(subject.replace('{name}', name));
    expect(res.body.email.text).toContain(`Dear ${name},`);
    expect(res.body.email.text).toContain('https://writory.test/profile#reminders');
    expect(res.body.email.html).toContain('Turn reminders off on your profile');
    expect(await db(REMINDER).count()).toBe(before);
    await backgroundIdle(cms.strapi);
    expect(await mailsMarked(marker)).toEqual([]);

    const bad = await as('admin', cms.api.post('/api/admin/reminders/preview')).send({ subject: '', body: 'x', audience: 'entered-this-month' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/^subject: Write a subject\./);
  });

  it('sends once when the confirm button is pressed again after the first send finished', async () => {
    const subject = `Confirm twice ${serial++}`;
    const body = { subject, body: 'Once.', audience: 'entered-this-month' };
    const sameKey = key();
    const first = await send(body, sameKey).expect(202);
    await cms.strapi.service('api::email-reminder.email-reminder').delivered(first.body.id);
    const second = await send(body, sameKey).expect(200);
    expect(second.body).toMatchObject({ id: first.body.id, status: 'sent' });
    await backgroundIdle(cms.strapi);
    await vi.waitFor(async () => expect(await recipientsOf(subject)).toEqual(await expectedAudience(true)), { timeout: 5000, interval: 100 });
  });

  it('sends once when the same request comes twice at once (double click)', async () => {
    const subject = `Double ${serial++}`;
    const body = { subject, body: 'Only once, please.', audience: 'entered-this-month' };
    const sameKey = key();
    const [one, two] = await Promise.all([send(body, sameKey), send(body, sameKey)]);
    expect([one.status, two.status].sort()).toEqual([200, 202]);
    expect(one.body.id).toBe(two.body.id);
    const replayed = one.status === 200 ? one : two;
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    await cms.strapi.service('api::email-reminder.email-reminder').delivered(one.body.id);
    expect(await db(REMINDER).count({ where: { subject } })).toBe(1);
    await vi.waitFor(async () => expect(await recipientsOf(subject)).toEqual(await expectedAudience(true)), { timeout: 5000, interval: 100 });
    // A later retry with the same key answers the same record; a different reminder under it is refused.
    expect((await send(body, sameKey).expect(200)).body.id).toBe(one.body.id);
    const reused = await send({ ...body, body: 'Something else' }, sameKey);
    expect(reused.status).toBe(409);
    expect(reused.body.error.message).toMatch(/already used for a different reminder/);
  });

  it.each([
    ['an empty subject', { subject: '  ', body: 'Hello', audience: 'verified-poets' }, true, /^subject: Write a subject\./],
    ['an empty body', { subject: 'Hello', body: '', audience: 'verified-poets' }, true, /^body: Write the message\./],
    ['an unknown audience', { subject: 'Hello', body: 'Hi', audience: 'everyone' }, true, /^audience: Choose an audience/],
    [
      'a subject on two lines',
      { subject: 'Hello\r\nBcc: x@example.com', body: 'Hi', audience: 'verified-poets' },
      true,
      /^subject: The subject must be one line/,
    ],
    ['no Idempotency-Key', { subject: 'Hello', body: 'Hi', audience: 'verified-poets' }, false, /Send an Idempotency-Key header/],
  ])('refuses %s with a 422, recording and sending nothing', async (_label, body, withKey, message) => {
    const marker = `refused-${serial++}`;
    const before = await db(REMINDER).count();
    const res = await send(JSON.parse(JSON.stringify(body).replaceAll('Hello', `Hello ${marker}`)), withKey ? key() : undefined);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(message);
    expect(await db(REMINDER).count()).toBe(before);
    // Sending runs as background work: once none is left, every mail the request could have caused is out.
    await backgroundIdle(cms.strapi);
    expect(await mailsMarked(marker)).toEqual([]);
  });

  it('records the addresses the mail server refused', async () => {
    const email = cms.strapi.plugin('email').service('email');
    const original = email.send;
    email.send = async (options: { to: string }) => {
      if (options.to === entrant.email) throw new Error('550 mailbox unavailable');
      return original.call(email, options);
    };
    try {
      const res = await send({ subject: `Partly ${serial++}`, body: 'Hello', audience: 'verified-poets' }, key()).expect(202);
      await cms.strapi.service('api::email-reminder.email-reminder').delivered(res.body.id);
      const record = (await as('admin', cms.api.get(`/api/admin/reminders/${res.body.id}`)).expect(200)).body;
      expect(record).toMatchObject({
        status: 'sent',
        failed: 1,
        sent: record.recipients - 1,
        failures: [{ email: entrant.email, error: '550 mailbox unavailable' }],
      });
    } finally {
      email.send = original;
    }
  });

  it('lists what was sent, newest first', async () => {
    const subjects = [`Listed first ${serial++}`, `Listed second ${serial++}`];
    for (const subject of subjects) {
      const sent = await send({ subject, body: 'Hello', audience: 'entered-this-month' }, key()).expect(202);
      await cms.strapi.service('api::email-reminder.email-reminder').delivered(sent.body.id);
    }
    const res = await as('admin', cms.api.get('/api/admin/reminders')).expect(200);
    expect(res.body.reminders.slice(0, 2).map((r: { subject: string }) => r.subject)).toEqual([...subjects].reverse());
    expect(res.body.reminders.every((r: { status: string }) => ['sent', 'failed'].includes(r.status))).toBe(true);
  });

  it('lets a poet opt out and back in from their profile', async () => {
    expect((await cms.api.get('/api/users/me/reminders').set(bearer(idle.idToken)).expect(200)).body).toEqual({ optedOut: false });
    await cms.api.put('/api/users/me/reminders').set(bearer(idle.idToken)).send({ optedOut: true }).expect(200, { optedOut: true });
    expect(await expectedAudience(false)).not.toContain(idle.email);
    const bad = await cms.api.put('/api/users/me/reminders').set(bearer(idle.idToken)).send({ optedOut: 'please' });
    expect(bad.status).toBe(422);
    expect((await cms.api.get('/api/users/me/reminders').set(bearer(idle.idToken))).body).toEqual({ optedOut: true });
    await cms.api.put('/api/users/me/reminders').set(bearer(idle.idToken)).send({ optedOut: false }).expect(200);
  });
});

describe('settings', () => {
  const read = async () => (await as('admin', cms.api.get('/api/admin/settings')).expect(200)).body;

  it('shows every setting and saves a change the public settings and contest rules then use', async () => {
    expect(await read()).toMatchObject({
      contactEmail: 'hello@writory.local',
      contestTimeZone: 'Asia/Kolkata',
      maxEntriesPerMonth: 3,
      judgesPerEntry: 2,
      normaliseScores: false,
      poetsCountFallback: 98,
      piecesCountFallback: 0,
    });
    const res = await as('admin', cms.api.put('/api/admin/settings')).send({
      contactEmail: 'team@writory.test',
      whatsappSecondary: '',
      xUrl: null,
      poetsCountFallback: 120,
      contestTimeZone: 'Europe/London',
      maxEntriesPerMonth: 5,
      judgesPerEntry: 3,
      normaliseScores: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      contactEmail: 'team@writory.test',
      whatsappSecondary: null,
      xUrl: null,
      poetsCountFallback: 120,
      contestTimeZone: 'Europe/London',
    });
    const pub = (await cms.api.get('/api/site-settings').expect(200)).body;
    expect(pub).toMatchObject({ contactEmail: 'team@writory.test', whatsappNumbers: ['+91 90000 00001'], counterFallback: { poets: 120, pieces: 0 } });
    expect(pub.socialLinks.map((l: { label: string }) => l.label)).not.toContain('X');
    expect(await cms.strapi.service('api::site-setting.site-setting').contestSettings()).toEqual({
      contestTimeZone: 'Europe/London',
      maxEntriesPerMonth: 5,
      judgesPerEntry: 3,
      normaliseScores: true,
      creditsShared: false,
    });
    await as('admin', cms.api.put('/api/admin/settings'))
      .send({ contestTimeZone: 'Asia/Kolkata', maxEntriesPerMonth: 3, judgesPerEntry: 2, normaliseScores: false })
      .expect(200);
  });

  it.each([
    ['a time zone that does not exist', { contestTimeZone: 'Mars/Olympus_Mons' }, /^contestTimeZone: must be a time zone name/],
    ['an offset instead of a zone', { contestTimeZone: '+05:30' }, /^contestTimeZone: must be a time zone name/],
    ['fewer than no free entries', { maxEntriesPerMonth: -1 }, /^maxEntriesPerMonth: must be at least 0/],
    ['more than 50 free entries', { maxEntriesPerMonth: 51 }, /^maxEntriesPerMonth: must be at most 50/],
    ['eleven judges', { judgesPerEntry: 11 }, /^judgesPerEntry: must be at most 10/],
    ['normalisation as text', { normaliseScores: 'yes' }, /^normaliseScores: must be true or false/],
    ['a negative counter', { piecesCountFallback: -1 }, /^piecesCountFallback: cannot be negative/],
    ['a bad contact email', { contactEmail: 'hello' }, /^contactEmail: must be an email address/],
    ['a script link', { instagramUrl: 'javascript:alert(1)' }, /^instagramUrl: must be an https:\/\/ web address/],
    ['a bad WhatsApp number', { whatsappPrimary: 'call me' }, /^whatsappPrimary: must be a phone number/],
    ['a field that is not a setting', { contestTimeZone: 'UTC', theme: 'Spring' }, /These are not settings: theme/],
  ])('refuses %s with a 422, changing nothing', async (_label, body, message) => {
    const before = await read();
    const res = await as('admin', cms.api.put('/api/admin/settings')).send(body);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(message);
    expect(await read()).toEqual(before);
  });
});
