// The upload corpus (tests/fixtures/upload-corpus.ts) sent through the real cms wherever a user can send a file:
// the poem preview, the entry (poem and author photo) and the profile picture. Every refusal has its exact status and
// reason and leaves no row and no private file behind; what is kept (a hostile name, an image with a tail) is made safe.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { bearer, entryClient, HOUR } from './helpers/entries';
import { makeDocx } from './helpers/poem-files';
import { HOSTILE_NAMES, jpegWithHtmlTail, PHOTO_REFUSALS, PICTURE_REFUSALS, POEM_REFUSALS, type Refusal, type Upload } from './fixtures/upload-corpus';

const ADMIN_EMAIL = 'corpus-admin@writory.test';

let stack: CmsWithAuth;
let api: ReturnType<typeof supertest>;
let client: ReturnType<typeof entryClient>;
let privateDir: string;
let poet: EmulatorUser;

const db = (uid: string) => stack.cms.strapi.db.query(uid as never);
const privateFiles = () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  return walk(privateDir).sort();
};

/** Everything a refused upload must leave as it was. */
async function stored() {
  return {
    entries: await db('api::entry.entry').count(),
    uploads: await db('plugin::upload.file').count(),
    users: await db('plugin::users-permissions.user').findMany({
      select: ['id', 'name'],
      populate: { profilePicture: { select: ['id'] } },
      orderBy: { id: 'asc' },
    }),
    files: privateFiles(),
  };
}

function expectRefusal(res: { status: number; body: any }, refusal: Refusal) {
  expect(res.status, JSON.stringify(res.body)).toBe(refusal.status);
  expect(res.body.error).toMatchObject({ status: refusal.status, message: expect.stringMatching(refusal.message) });
  if (refusal.reason) expect(res.body.error.details.reason).toBe(refusal.reason);
}

beforeAll(async () => {
  privateDir = mkdtempSync(path.join(tmpdir(), 'writory-corpus-'));
  stack = await startCmsWithAuth({ ADMIN_EMAILS: ADMIN_EMAIL, PRIVATE_FILES_DIR: privateDir });
  const server = stack.cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  client = entryClient(api, stack.emulator, stack.cms.strapi);
  vi.spyOn(stack.cms.strapi.plugin('email').service('email'), 'send').mockResolvedValue(undefined as never);
  const admin = await stack.emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true });
  await api.get('/api/users/me').set(bearer(admin)).expect(200);
  await client.setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
  poet = await client.account('corpus', { name: 'Mira Okafor' });
  // Room for the entries the file-name cases make (the free allowance is 3 a month).
  const settings = await stack.cms.strapi.documents('api::site-setting.site-setting').findFirst();
  await stack.cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { maxEntriesPerMonth: 50 } as never });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('poem files', () => {
  it.each(POEM_REFUSALS.map((r) => [r.what, r] as const))('refuses %s in the preview and the entry, storing nothing', async (_what, refusal) => {
    const poem: Upload = await refusal.make();
    const before = await stored();
    expectRefusal(await client.preview(poet, poem), refusal);
    expectRefusal(await client.enter(poet, { poem, sha: '0'.repeat(64) }), refusal);
    expect(await stored()).toEqual(before);
  });
});

describe('author photos', () => {
  it.each(PHOTO_REFUSALS.map((r) => [r.what, r] as const))('refuses %s with a good poem, storing nothing', async (_what, refusal) => {
    const photo = await refusal.make();
    const before = await stored();
    expectRefusal(await client.enter(poet, { photo }), refusal);
    expect(await stored()).toEqual(before);
  });
});

describe('profile pictures', () => {
  it.each(PICTURE_REFUSALS.map((r) => [r.what, r] as const))('refuses %s, storing nothing', async (_what, refusal) => {
    const picture = await refusal.make();
    const before = await stored();
    expectRefusal(await api.post('/api/users/me/picture').set(bearer(poet)).attach('picture', picture.bytes, picture.name), refusal);
    expect(await stored()).toEqual(before);
  });

  it('keeps a JPEG with a web page after its end only as a re-encoded WebP, without the page', async () => {
    const picture = await jpegWithHtmlTail();
    const res = await api.post('/api/users/me/picture').set(bearer(poet)).attach('picture', picture.bytes, picture.name).expect(200);
    const url: string = res.body.profilePictureUrl;
    expect(url).toMatch(/\.webp$/);
    const file = await db('plugin::upload.file').findOne({ where: { url } });
    expect(file).toMatchObject({ mime: 'image/webp' });
    const bytes = await api
      .get(url)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(bytes.status).toBe(200);
    expect((bytes.body as Buffer).subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((bytes.body as Buffer).includes('<script')).toBe(false);
  });
});

describe('file names', () => {
  // A poet of their own: the refusals above use up the first poet's 30 entries per 10 minutes.
  let namer: EmulatorUser;
  beforeAll(async () => {
    namer = await client.account('corpus-names', { name: 'Mira Okafor' });
  });

  it.each(HOSTILE_NAMES.map((n) => [n.name, n.stored] as const))('keeps %j as %j: no folders, no bidi controls', async (name, expected) => {
    const res = await client.enter(namer, { poem: { bytes: await makeDocx(`A poem named ${expected}\nwith two lines`), name } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await db('api::entry.entry').findOne({ where: { code: res.body.code } });
    expect(row.fileName).toBe(expected);
    // The private file has a random name inside the private folder, whatever the poet's file was called.
    expect(privateFiles().every((file) => file.startsWith(privateDir + path.sep) && !file.includes('passwd') && !file.includes('win.ini'))).toBe(true);
    const file = await api.get(`/api/entries/${res.body.code}/file`).set(bearer(namer)).expect(200);
    expect(file.headers['content-disposition']).not.toMatch(/[\u202A-\u202E\u2066-\u2069]|%E2%80%AE|%E2%81%A7|\.\.\//);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(expected).replace(/'/g, '%27'));
  });
});
