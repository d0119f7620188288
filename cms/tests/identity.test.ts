// Identity on the server: Firebase ID tokens from the real Auth emulator → users-permissions users, and every
// refusal leaves nothing stored.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { craftToken, type AuthEmulator, type EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';

const USER = 'plugin::users-permissions.user';
const FILE = 'plugin::upload.file';
const ADMIN_EMAIL = 'chief@writory.test';

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let uploadsDir: string;

const users = () => cms.strapi.db.query(USER);
const row = (uid: string) => users().findOne({ where: { firebaseUid: uid }, populate: ['role', 'profilePicture'] });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const uploadedFiles = () =>
  readdirSync(uploadsDir)
    .filter((name) => name !== '.gitkeep')
    .sort();
let seq = 0;
const newEmail = (label: string) => `${label}-${++seq}-${Date.now()}@writory.test`;

/** Snapshot of everything a refused request must leave untouched. */
async function storedState() {
  return {
    users: await users().findMany({
      orderBy: { id: 'asc' },
      select: ['firebaseUid', 'email', 'name', 'phone', 'dateOfBirth', 'emailVerified'],
      populate: { role: { select: ['type'] }, profilePicture: { select: ['id'] } },
    }),
    files: await cms.strapi.db.query(FILE).count(),
    onDisk: uploadedFiles(),
  };
}

function expectErrorBody(res: { status: number; body: any }) {
  expect(res.body.error).toMatchObject({ status: res.status, name: expect.any(String), message: expect.any(String) });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , other-admin@writory.test` });
  ({ emulator, cms } = stack);
  uploadsDir = path.join(cms.strapi.dirs.static.public, 'uploads');
  // A listening server, so requests can run side by side (supertest would listen once per request).
  const server = cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  if (cms) {
    const files = await cms.strapi.db.query(FILE).findMany();
    for (const file of files) await cms.strapi.plugin('upload').service('upload').remove(file);
  }
  await stack?.stop();
});

describe('first sight of a Firebase user', () => {
  it('creates a poet (role authenticated) from a sign-up token, with the token’s email and verification', async () => {
    const poet = await emulator.signUp(newEmail('newpoet'));
    expect(await row(poet.uid)).toBeNull();
    // x-email-verified is the client's word: ignored in favour of the token's email_verified claim.
    const res = await api.get('/api/users/me').set(bearer(poet.idToken)).set('x-email-verified', 'true').expect(200);
    expect(res.body).toEqual({
      uid: poet.uid,
      email: poet.email,
      name: null,
      phone: null,
      profilePictureUrl: null,
      emailVerified: false,
      dateOfBirth: null,
      role: 'authenticated',
      isAdmin: false,
      // The profile's language (issue 39): English until the poet chooses one.
      locale: 'en',
    });
    const stored = await row(poet.uid);
    expect(stored).toMatchObject({
      username: poet.uid,
      provider: 'firebase',
      firebaseUid: poet.uid,
      email: poet.email,
      emailVerified: false,
      confirmed: true,
      blocked: false,
    });
    expect(stored.role.type).toBe('authenticated');
    expect(stored.password ?? null).toBeNull();
  });

  it('stores email_verified from each new token', async () => {
    const poet = await emulator.signUp(newEmail('verifying'));
    await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
    await emulator.setEmailVerified(poet.uid, true);
    const fresh = await emulator.signIn(poet.email, poet.password);
    const res = await api.get('/api/users/me').set(bearer(fresh)).set('x-email-verified', 'false').expect(200);
    expect(res.body.emailVerified).toBe(true);
    expect((await row(poet.uid)).emailVerified).toBe(true);
  });

  it('creates one user when the first requests of a new account arrive together', async () => {
    const poet = await emulator.signUp(newEmail('burst'));
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.get('/api/users/me').set(bearer(poet.idToken))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await users().count({ where: { firebaseUid: poet.uid } })).toBe(1);
  });

  it('makes an ADMIN_EMAILS email an Admin at first sign-in', async () => {
    const chief = await emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true });
    const me = await api.get('/api/users/me').set(bearer(chief.idToken)).expect(200);
    expect(me.body).toMatchObject({ role: 'admin', isAdmin: true });
    const whoami = await api.get('/api/admin/whoami').set(bearer(chief.idToken)).expect(200);
    expect(whoami.body).toEqual({ uid: chief.uid, email: ADMIN_EMAIL, role: 'admin' });
  });

  it('does not make an unverified ADMIN_EMAILS email an Admin until it is verified', async () => {
    // Anyone can sign up with someone else's address; only a verified one proves it is theirs.
    const claimant = await emulator.signUp('other-admin@writory.test');
    const me = await api.get('/api/users/me').set(bearer(claimant.idToken)).expect(200);
    expect(me.body).toMatchObject({ role: 'authenticated', isAdmin: false });
    await api.get('/api/admin/whoami').set(bearer(claimant.idToken)).expect(403);
    await emulator.setEmailVerified(claimant.uid, true);
    const verified = await emulator.signIn(claimant.email, claimant.password);
    await api.get('/api/admin/whoami').set(bearer(verified)).expect(200);
  });

  it('promotes existing verified ADMIN_EMAILS users at boot', async () => {
    const later = await emulator.createUser({ email: newEmail('later-admin'), emailVerified: true });
    await api.get('/api/users/me').set(bearer(later.idToken)).expect(200);
    const previous = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = `${previous},${later.email}`;
    try {
      expect(await cms.strapi.service('api::user.user').promoteAdminEmails()).toBe(1);
    } finally {
      process.env.ADMIN_EMAILS = previous;
    }
    expect((await row(later.uid)).role.type).toBe('admin');
  });
});

describe('tokens that are refused with 401 and create nothing', () => {
  const cases: [string, () => Record<string, string>][] = [
    ['no Authorization header', () => ({})],
    ['an empty bearer', () => ({ Authorization: 'Bearer ' })],
    ['another scheme', () => ({ Authorization: `Basic ${Buffer.from('poet:secret').toString('base64')}` })],
    ['two words after Bearer', () => ({ Authorization: 'Bearer abc def' })],
    ['a string that is not a JWT', () => ({ Authorization: 'Bearer not-a-token' })],
    ['a JWT with a broken payload', () => ({ Authorization: 'Bearer eyJhbGciOiJub25lIn0.!!!.' })],
    [
      'an expired token',
      () => bearer(craftToken({ sub: 'expired-user', user_id: 'expired-user', iat: 1_600_000_000, auth_time: 1_600_000_000, exp: 1_600_003_600 })),
    ],
    [
      'a token for another Firebase project',
      () => bearer(craftToken({ sub: 'foreign-user', user_id: 'foreign-user', aud: 'someone-else', iss: 'https://securetoken.google.com/someone-else' })),
    ],
    ['a token from another issuer', () => bearer(craftToken({ sub: 'forged-user', user_id: 'forged-user', iss: 'https://evil.example/demo-writory' }))],
    ['a token without a subject', () => bearer(craftToken({ sub: '', user_id: '' }))],
    // Unsigned like the emulator's own tokens, but for an account the emulator never issued.
    ['a well-formed token for an account that does not exist', () => bearer(craftToken({ sub: 'ghost-user', user_id: 'ghost-user' }))],
    ['a token issued in the future', () => bearer(craftToken({ sub: 'future-user', user_id: 'future-user', iat: Math.floor(Date.now() / 1000) + 3600 }))],
  ];

  it.each(cases)('%s', async (_name, headers) => {
    const before = await storedState();
    for (const request of [
      api.get('/api/users/me'),
      api.post('/api/users').send({ uid: 'forged-user', name: 'Forger' }),
      api.put('/api/users/me').send({ name: 'Forger' }),
      api.post('/api/users/me/picture').attach('picture', await png(10, 10), 'p.png'),
      api.get('/api/admin/whoami'),
    ]) {
      const res = await request.set(headers());
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expectErrorBody(res);
    }
    expect(await storedState()).toEqual(before);
  });
});

describe('headers that disagree with the token', () => {
  let poet: EmulatorUser;
  beforeAll(async () => {
    poet = await emulator.createUser({ email: newEmail('headers'), emailVerified: true });
  });

  it.each([
    ['user-uid', 'demo-admin-0001'],
    ['x-user-email', 'admin@writory.local'],
  ])('a %s naming someone else gets 403, and a new user is not created', async (header, value) => {
    const before = await storedState();
    const res = await api.get('/api/users/me').set(bearer(poet.idToken)).set(header, value);
    expect(res.status).toBe(403);
    expectErrorBody(res);
    expect(res.body.error.message).toContain(header);
    expect(await storedState()).toEqual(before);
  });

  it('headers that agree with the token change nothing', async () => {
    const res = await cms.api
      .get('/api/users/me')
      .set(bearer(poet.idToken))
      .set('user-uid', poet.uid)
      .set('x-user-email', poet.email.toUpperCase())
      .expect(200);
    expect(res.body.uid).toBe(poet.uid);
  });

  it('user-uid and x-user-email without a token grant nothing', async () => {
    await api.get('/api/admin/whoami').set('user-uid', 'demo-admin-0001').set('x-user-email', 'admin@writory.local').expect(401);
    await api.get('/api/users/me').set('user-uid', 'demo-poet-0001').expect(401);
  });
});

describe('POST /api/users', () => {
  let poet: EmulatorUser;
  beforeAll(async () => {
    poet = await emulator.createUser({ email: newEmail('upsert'), emailVerified: true });
    await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
  });

  it('fills the product fields that are still empty and returns the ProductUser', async () => {
    const res = await cms.api
      .post('/api/users')
      .set(bearer(poet.idToken))
      .set('x-email-verified', 'false')
      .send({ uid: poet.uid, email: poet.email, name: '  Mira Okafor ', phone: '+44 (0) 7700-900123' })
      .expect(200);
    expect(res.body).toMatchObject({
      uid: poet.uid,
      email: poet.email,
      name: 'Mira Okafor',
      phone: '+44 (0) 7700-900123',
      emailVerified: true,
      role: 'authenticated',
    });
    // At the next sign-in the identity's display name does not overwrite the name the poet chose.
    const again = await api.post('/api/users').set(bearer(poet.idToken)).send({ uid: poet.uid, name: 'Display Name' }).expect(200);
    expect(again.body.name).toBe('Mira Okafor');
  });

  it.each([
    ['a uid that is not the caller’s', () => ({ uid: 'demo-poet-0001', name: 'Hijack' }), 403, undefined],
    ['no uid', () => ({ name: 'Nobody' }), 422, 'uid'],
    ['a name over 80 characters', () => ({ uid: poet.uid, name: 'x'.repeat(81) }), 422, 'name'],
    ['a phone that is not a phone number', () => ({ uid: poet.uid, phone: 'call me maybe' }), 422, 'phone'],
    ['a phone too short', () => ({ uid: poet.uid, phone: '+123' }), 422, 'phone'],
    ['a malformed email', () => ({ uid: poet.uid, email: 'not-an-email' }), 422, 'email'],
  ])('refuses %s and stores nothing', async (_name, body, status, field) => {
    const fresh = await emulator.createUser({ email: newEmail('upsert-bad'), emailVerified: true });
    await api.get('/api/users/me').set(bearer(fresh.idToken)).expect(200);
    const before = await storedState();
    const payload = body();
    if ('uid' in payload && payload.uid === poet.uid) payload.uid = fresh.uid;
    const res = await api.post('/api/users').set(bearer(fresh.idToken)).send(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expectErrorBody(res);
    if (field) expect(res.body.error.details.errors.map((e: { path: string[] }) => e.path[0])).toContain(field);
    expect(await storedState()).toEqual(before);
  });
});

describe('PUT /api/users/me', () => {
  let poet: EmulatorUser;
  beforeAll(async () => {
    poet = await emulator.createUser({ email: newEmail('profile'), emailVerified: true });
    await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
  });

  it('updates name, phone and date of birth', async () => {
    const res = await api
      .put('/api/users/me')
      .set(bearer(poet.idToken))
      .send({ name: 'Ravi', phone: '+91 90000 12345', dateOfBirth: '2004-02-29' })
      .expect(200);
    expect(res.body).toMatchObject({ name: 'Ravi', phone: '+91 90000 12345', dateOfBirth: '2004-02-29' });
    expect(await row(poet.uid)).toMatchObject({ name: 'Ravi', phone: '+91 90000 12345', dateOfBirth: '2004-02-29' });
  });

  const today = new Date();
  const isoDaysAgo = (years: number, days = 0) => {
    const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - days));
    return d.toISOString().slice(0, 10);
  };

  it.each([
    ['a name over 80 characters', { name: 'n'.repeat(81) }, 'Name must be at most 80 characters.'],
    ['a bad phone', { phone: '12' }, undefined],
    ['a letter in the phone', { phone: '+91 9000O 12345' }, undefined],
    ['someone turning 13 tomorrow', { dateOfBirth: isoDaysAgo(13, -1) }, 'You must be at least 13 years old to take part in Writory.'],
    ['a 5-year-old', { dateOfBirth: isoDaysAgo(5) }, 'You must be at least 13 years old to take part in Writory.'],
    ['a date in the future', { dateOfBirth: isoDaysAgo(-1) }, 'Date of birth cannot be in the future.'],
    ['a date that does not exist', { dateOfBirth: '2001-02-30' }, undefined],
    ['a date in another format', { dateOfBirth: '12/04/2001' }, undefined],
    ['a field that cannot be changed here', { role: 'admin' }, undefined],
    ['an email change', { email: 'new@example.com' }, undefined],
  ])('refuses %s with 422 and stores nothing', async (_name, body, message) => {
    const before = await storedState();
    const res = await api.put('/api/users/me').set(bearer(poet.idToken)).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expectErrorBody(res);
    expect(res.body.error.name).toBe('ValidationError');
    if (message) expect(res.body.error.message).toBe(message);
    expect(await storedState()).toEqual(before);
  });

  it('accepts someone who turned 13 today', async () => {
    const res = await api
      .put('/api/users/me')
      .set(bearer(poet.idToken))
      .send({ dateOfBirth: isoDaysAgo(13) })
      .expect(200);
    expect(res.body.dateOfBirth).toBe(isoDaysAgo(13));
  });

  it('clears a field with null', async () => {
    const res = await api.put('/api/users/me').set(bearer(poet.idToken)).send({ phone: null }).expect(200);
    expect(res.body.phone).toBeNull();
  });
});

describe('POST /api/users/me/picture', () => {
  let poet: EmulatorUser;
  beforeAll(async () => {
    poet = await emulator.createUser({ email: newEmail('picture'), emailVerified: true });
    await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
  });

  it('stores a resized picture and replaces the previous one', async () => {
    const first = await api
      .post('/api/users/me/picture')
      .set(bearer(poet.idToken))
      .attach('picture', await png(1600, 1000), 'holiday.png')
      .expect(200);
    expect(first.body.uid).toBe(poet.uid);
    const firstUrl: string = first.body.profilePictureUrl;
    expect(firstUrl).toMatch(/^\/uploads\/.+\.webp$/);
    const firstFile = path.join(cms.strapi.dirs.static.public, firstUrl);
    const meta = await sharp(firstFile).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(meta.width).toBe(512);

    // The file name says .png, the bytes are a JPEG: accepted by the bytes.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer();
    const second = await api.post('/api/users/me/picture').set(bearer(poet.idToken)).attach('picture', jpeg, 'me.png').expect(200);
    expect(second.body.profilePictureUrl).not.toBe(firstUrl);
    expect(existsSync(firstFile)).toBe(false);
    expect((await sharp(path.join(cms.strapi.dirs.static.public, second.body.profilePictureUrl)).metadata()).width).toBe(300);

    const profile = await api.get(`/api/users/${poet.uid}`).expect(200);
    expect(profile.body).toEqual({ name: null, profilePictureUrl: second.body.profilePictureUrl });
  });

  it.each([
    ['a picture over 2 MB', async () => [Buffer.concat([await png(8, 8), Buffer.alloc(2 * 1024 * 1024)]), 'big.png'], 413],
    ['text named .png', async () => [Buffer.from('hello, I am not an image'), 'fake.png'], 415],
    ['an SVG', async () => [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'art.svg'], 415],
    ['a GIF', async () => [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif'], 415],
    ['a truncated PNG', async () => [(await png(400, 400)).subarray(0, 60), 'cut.png'], 422],
  ] as [string, () => Promise<[Buffer, string]>, number][])('refuses %s and stores nothing', async (_name, make, status) => {
    const before = await storedState();
    const [bytes, name] = await make();
    const res = await api.post('/api/users/me/picture').set(bearer(poet.idToken)).attach('picture', bytes, name);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expectErrorBody(res);
    expect(await storedState()).toEqual(before);
  });

  it('refuses a request without the picture field', async () => {
    const res = await api
      .post('/api/users/me/picture')
      .set(bearer(poet.idToken))
      .attach('avatar', await png(10, 10), 'a.png');
    expect(res.status).toBe(422);
    expectErrorBody(res);
  });

  it('leaves no temporary upload behind, whether the picture is stored or refused', async () => {
    const seen: string[] = [];
    const service = cms.strapi.service('api::user.user');
    const identify = service.identify;
    // Called while the request is being authenticated, after the multipart body was written to temp files.
    service.identify = async (claims: unknown) => {
      const files = Object.values(cms.strapi.requestContext.get()?.request?.files ?? {}).flat() as { filepath: string }[];
      seen.push(...files.map((file) => file.filepath));
      return identify.call(service, claims);
    };
    const suspended = await emulator.createUser({ email: newEmail('suspended-upload') });
    await api.get('/api/users/me').set(bearer(suspended.idToken)).expect(200);
    await users().update({ where: { firebaseUid: suspended.uid }, data: { suspendedAt: new Date() } });
    // The user of a token is cached (src/auth/user-cache.ts): a write to the poet drops it, so each request reads it.
    const uncached = (uid: string) => users().update({ where: { firebaseUid: uid }, data: { lastSeenAt: new Date() } });
    try {
      await uncached(poet.uid);
      await api
        .post('/api/users/me/picture')
        .set(bearer(poet.idToken))
        .attach('picture', await png(30, 30), 'ok.png')
        .expect(200);
      await uncached(poet.uid);
      await api.post('/api/users/me/picture').set(bearer(poet.idToken)).attach('picture', Buffer.from('not an image'), 'x.png').expect(415);
      await api
        .post('/api/users/me/picture')
        .set(bearer(suspended.idToken))
        .attach('picture', await png(30, 30), 'ok.png')
        .expect(403);
    } finally {
      service.identify = identify;
    }
    expect(seen).toHaveLength(3);
    for (const filepath of seen) expect(existsSync(filepath), filepath).toBe(false);
  });

  it('deletes the stored file when linking it to the user fails', async () => {
    const before = await storedState();
    const query = cms.strapi.db.query.bind(cms.strapi.db);
    const spy = vi.spyOn(cms.strapi.db, 'query').mockImplementation(((uid: string) => {
      const repository = query(uid as any);
      if (uid !== USER) return repository;
      return { ...repository, update: async () => Promise.reject(new Error('database went away')) };
    }) as any);
    cms.strapi.log.silent = true; // the 500 is expected; keep its stack out of the test output
    try {
      const res = await api
        .post('/api/users/me/picture')
        .set(bearer(poet.idToken))
        .attach('picture', await png(50, 50), 'ok.png');
      expect(res.status).toBe(500);
      expectErrorBody(res);
    } finally {
      spy.mockRestore();
      cms.strapi.log.silent = false;
    }
    expect(await storedState()).toEqual(before);
  });
});

describe('suspended and blocked accounts', () => {
  it.each([
    ['suspended', { suspendedAt: new Date() }],
    ['blocked', { blocked: true }],
  ])('a %s user is refused with 403 everywhere and nothing is stored', async (_name, flag) => {
    const poet = await emulator.createUser({ email: newEmail('suspended'), emailVerified: false });
    await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
    await users().update({ where: { firebaseUid: poet.uid }, data: flag });
    await emulator.setEmailVerified(poet.uid, true);
    const token = await emulator.signIn(poet.email, poet.password);
    const before = await storedState();
    for (const request of [
      api.get('/api/users/me'),
      api.post('/api/users').send({ uid: poet.uid, name: 'Still here' }),
      api.put('/api/users/me').send({ name: 'Still here' }),
      api.post('/api/users/me/picture').attach('picture', await png(20, 20), 'p.png'),
    ]) {
      const res = await request.set(bearer(token));
      expect(res.status).toBe(403);
      expectErrorBody(res);
      expect(res.body.error.message).toMatch(/suspended/i);
    }
    // Not even the newly verified email is written while the account is suspended.
    expect(await storedState()).toEqual(before);
  });

  it('leaves suspended and blocked users out of the users count', async () => {
    // One of each of its own: the test runs alone and in any order.
    for (const [name, flag] of [
      ['counted-suspended', { suspendedAt: new Date() }],
      ['counted-blocked', { blocked: true }],
    ] as const) {
      const poet = await emulator.createUser({ email: newEmail(name) });
      await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
      await users().update({ where: { firebaseUid: poet.uid }, data: flag });
    }
    const all = await users().count();
    const out = await users().count({ where: { $or: [{ blocked: true }, { suspendedAt: { $notNull: true } }] } });
    expect(out).toBeGreaterThanOrEqual(2);
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 11_000); // past the 10 s cache
    try {
      expect(await cms.strapi.service('api::user.user').count()).toBe(all - out);
    } finally {
      later.mockRestore();
    }
  });
});

describe('public reads', () => {
  it('GET /api/users/:uid of an unknown uid is a 404 JSON error', async () => {
    const res = await api.get('/api/users/nobody-at-all').expect(404);
    expect(res.type).toBe('application/json');
    expect(res.body.error).toMatchObject({ status: 404, name: 'NotFoundError' });
  });

  it('GET /api/users/count is cached for about 10 seconds', async () => {
    const first = await api.get('/api/users/count').expect(200);
    const someone = await emulator.signUp(newEmail('counted'));
    await api.get('/api/users/me').set(bearer(someone.idToken)).expect(200);
    const second = await api.get('/api/users/count').expect(200);
    expect(second.body.count).toBe(first.body.count);
    expect(second.headers['cache-control']).toBe('public, max-age=10');
  });
});

describe('cached permissions still decide at once', () => {
  const PERMISSION = 'plugin::users-permissions.permission';

  it('a role taken away applies to the very next request', async () => {
    const judge = await emulator.createUser({ email: newEmail('demoted') });
    await api.get('/api/users/me').set(bearer(judge.idToken)).expect(200);
    const roleOf = async (type: string) => (await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type } })).id;
    await users().update({ where: { firebaseUid: judge.uid }, data: { role: await roleOf('admin') } });
    await api.get('/api/admin/whoami').set(bearer(judge.idToken)).expect(200);
    await users().update({ where: { firebaseUid: judge.uid }, data: { role: await roleOf('authenticated') } });
    await api.get('/api/admin/whoami').set(bearer(judge.idToken)).expect(403);
  });

  it('a permission removed from a role applies to the next request on this instance', async () => {
    const poet = await emulator.createUser({ email: newEmail('permission') });
    await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200); // the role's ability is now cached
    const role = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    const grant = await cms.strapi.db.query(PERMISSION).findOne({ where: { action: 'api::user.user.me', role: role.id } });
    expect(grant).not.toBeNull();
    await cms.strapi.db.query(PERMISSION).delete({ where: { id: grant.id } });
    try {
      await api.get('/api/users/me').set(bearer(poet.idToken)).expect(403);
    } finally {
      await cms.strapi.db.query(PERMISSION).create({ data: { action: 'api::user.user.me', role: role.id } });
    }
    await api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
  });
});
