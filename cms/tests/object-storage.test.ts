// The cms with FILE_STORAGE=s3 against a real S3-compatible server (s3rver, tests/helpers/s3-server.ts): entries'
// files go to the bucket and nowhere else, leave it only through the routes that check who asks, a refused entry
// leaves no object, the orphan sweep clears the bucket, and the media library (a profile picture) lives there too.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import JSZip from 'jszip';
import sharp from 'sharp';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthEmulator, EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { bearer, entryClient, HOUR } from './helpers/entries';
import { makeDocx } from './helpers/poem-files';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import type { TestCms } from './helpers/strapi';
import { createBucketPrivateFiles } from '../src/lib/private-files';

const ENTRY = 'api::entry.entry';
const ADMIN_EMAIL = 'storage-admin@writory.test';
const PRIVATE_KEY = /^(entries|entry-photos)\/[a-f0-9]{32}\.(pdf|docx|webp)$/;

let s3: TestS3Server;
let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let localDir: string;
let client: ReturnType<typeof entryClient>;
let admin: EmulatorUser;
let poet: EmulatorUser;
let otherPoet: EmulatorUser;
let judge: EmulatorUser;

const keys = async (prefix = '') => (await s3.objects(prefix)).map((object) => object.key);
const privateKeys = async () => [...(await keys('entries/')), ...(await keys('entry-photos/'))].sort();
const filesOnDisk = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

/** supertest parser that keeps a binary body as a Buffer. */
function binary(res: unknown, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

beforeAll(async () => {
  s3 = await startS3Server();
  localDir = mkdtempSync(path.join(tmpdir(), 'writory-private-unused-'));
  stack = await startCmsWithAuth({ ...s3.env, ADMIN_EMAILS: ADMIN_EMAIL, PRIVATE_FILES_DIR: localDir });
  ({ emulator, cms } = stack);
  const server = cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  client = entryClient(api, emulator, cms.strapi);
  admin = await emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true });
  await api.get('/api/users/me').set(bearer(admin)).expect(200);
  [poet, otherPoet, judge] = await Promise.all([
    client.account('poet', { name: 'Mira Okafor' }),
    client.account('other'),
    client.account('judge', { role: 'judge' }),
  ]);
  await client.setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
});

afterAll(async () => {
  await stack?.stop();
  await s3?.stop();
  if (localDir) rmSync(localDir, { recursive: true, force: true });
});

describe('entries in the bucket', () => {
  let code: string;
  let row: { fileKey: string; judgeFileKey: string | null; photoKey: string | null };
  let poem: Buffer;

  beforeAll(async () => {
    poem = await makeDocx('Salt and bread\n— Mira', { author: 'Mira Okafor' });
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const res = await client.enter(poet, { poem: { bytes: poem, name: 'salt.docx' }, photo: { bytes: photo, name: 'me.png' }, fields: { title: 'Salt' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    code = res.body.code;
    row = await cms.strapi.db.query(ENTRY).findOne({ where: { code }, select: ['fileKey', 'judgeFileKey', 'photoKey'] });
    // Assigned here, not in a test: the tests below read the judge's view in any order.
    await client.assignJudges(admin, code, [judge]);
  });

  it('stores the poem, its blind copy and the photo as objects, and nothing on the cms disk', async () => {
    expect([row.fileKey, row.judgeFileKey, row.photoKey].every((key) => key && PRIVATE_KEY.test(key))).toBe(true);
    expect(await privateKeys()).toEqual(expect.arrayContaining([row.fileKey, row.judgeFileKey, row.photoKey]));
    expect(await s3.read(row.fileKey)).toEqual(poem);
    expect((await sharp((await s3.read(row.photoKey!))!).metadata()).format).toBe('webp');
    expect(filesOnDisk(localDir)).toEqual([]);
  });

  it('streams the poem and photo to their poet and to admins, never cached', async () => {
    for (const who of [poet, admin]) {
      const file = await api.get(`/api/entries/${code}/file`).set(bearer(who)).buffer(true).parse(binary).expect(200);
      expect(file.body).toEqual(poem);
      expect(file.headers['content-disposition']).toMatch(/attachment; filename="salt.docx"/);
      expect(file.headers['cache-control']).toBe('private, no-store');
      const photo = await api.get(`/api/entries/${code}/photo`).set(bearer(who)).buffer(true).parse(binary).expect(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.body).toEqual(await s3.read(row.photoKey!));
    }
  });

  it('streams the blind copy to an assigned judge', async () => {
    const copy = await api.get(`/api/judging/entries/${code}/file`).set(bearer(judge)).buffer(true).parse(binary).expect(200);
    expect(copy.body).toEqual(await s3.read(row.judgeFileKey!));
    const zip = await JSZip.loadAsync(copy.body);
    const text = (await Promise.all(Object.values(zip.files).map((part) => part.async('string')))).join('\n');
    expect(text).toContain('Salt and bread');
    expect(text).not.toMatch(/Mira|Okafor/);
  });

  it('refuses everyone else', async () => {
    expect((await api.get(`/api/entries/${code}/file`).set(bearer(otherPoet))).status).toBe(404);
    expect((await api.get(`/api/entries/${code}/photo`).set(bearer(otherPoet))).status).toBe(404);
    expect((await api.get(`/api/entries/${code}/file`).set(bearer(judge))).status).toBe(403);
    expect((await api.get(`/api/entries/${code}/photo`).set(bearer(judge))).status).toBe(403);
    expect((await api.get(`/api/judging/entries/${code}/file`).set(bearer(poet))).status).toBe(403);
    expect((await api.get(`/api/entries/${code}/file`)).status).toBe(401);
  });

  it('never hands out a URL of the bucket: no answer names the object store or a private key', async () => {
    // s3rver does not enforce ACLs, so what keeps objects private here is that nobody learns where they are.
    const answers = [
      await api.get('/api/entries/mine').set(bearer(poet)).expect(200),
      await api.get(`/api/judging/entries/${code}`).set(bearer(judge)).expect(200),
      await api.get('/api/admin/entries').set(bearer(admin)).expect(200),
    ].map((res) => JSON.stringify(res.body) + JSON.stringify(res.headers));
    for (const text of answers) {
      expect(text).not.toContain(s3.endpoint);
      expect(text).not.toContain(s3.bucket);
      for (const key of [row.fileKey, row.judgeFileKey, row.photoKey]) expect(text).not.toContain(key!.split('/')[1].slice(0, 32));
    }
    // Nor does the cms serve private objects under its public media path.
    for (const key of [row.fileKey, row.photoKey]) {
      expect((await api.get(`/uploads/${key}`)).status).toBe(404);
      expect((await api.get(`/uploads/../${key}`)).status).toBe(404);
    }
  });
});

describe('an entry that fails after its files were written', () => {
  it('leaves no object: two entries at once for the last place, one refused after storing its files', async () => {
    const settings = await cms.strapi.documents('api::site-setting.site-setting').findFirst();
    const poetRow = await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: otherPoet.uid } });
    const used = await cms.strapi.db.query(ENTRY).count({ where: { poet: { id: poetRow.id } } });
    await cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { maxEntriesPerMonth: used + 1 } as any });
    // Both entries wait, their files stored, until both have stored them: so both passed the early allowance check,
    // and the second to commit is refused by the allowance in its transaction, after writing its objects.
    const files = cms.strapi.service('api::entry.storage') as { store: (...args: unknown[]) => Promise<unknown> };
    const store = files.store.bind(files);
    let stored = 0;
    let bothStored!: () => void;
    const barrier = new Promise<void>((resolve) => (bothStored = resolve));
    const held = vi.spyOn(files, 'store').mockImplementation(async (...args) => {
      const keys = await store(...args);
      if (++stored === 2) bothStored();
      await barrier;
      return keys;
    });
    try {
      const before = await privateKeys();
      const writtenBefore = s3.written().length;
      const results = await Promise.all([client.enter(otherPoet), client.enter(otherPoet)]);
      expect(stored).toBe(2);
      expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
      const accepted = await cms.strapi.db.query(ENTRY).findOne({ where: { code: results.find((r) => r.status === 201)!.body.code } });
      const added = (await privateKeys()).filter((key) => !before.includes(key));
      expect(added.sort()).toEqual([accepted.fileKey, accepted.judgeFileKey].filter(Boolean).sort());
      // The refused entry did write its files (both passed the early allowance check), and they are gone.
      const writtenNow = s3.written().slice(writtenBefore);
      expect(writtenNow.length).toBeGreaterThan(added.length);
      expect(writtenNow).toEqual(expect.arrayContaining(added));
    } finally {
      held.mockRestore();
      await cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { maxEntriesPerMonth: 50 } as any });
    }
  });
});

describe('the orphan sweep', () => {
  it('deletes objects no entry uses once they are an hour old, and keeps every entry’s files and foreign objects', async () => {
    const orphan = `entries/${'ab'.repeat(16)}.pdf`;
    const foreign = 'entries/notes.txt';
    for (const key of [orphan, foreign]) await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'left by a crash' }));
    const used = (await cms.strapi.db.query(ENTRY).findMany({ select: ['fileKey', 'judgeFileKey', 'photoKey'] }))
      .flatMap((entry: any) => [entry.fileKey, entry.judgeFileKey, entry.photoKey])
      .filter(Boolean);
    const files = cms.strapi.service('api::entry.storage');
    // Young: kept (it may be an entry being written right now).
    expect(await files.sweepOrphans()).toBe(0);
    expect(await keys('entries/')).toContain(orphan);
    // An hour and more later: gone, and only it.
    const removed = await files.sweepOrphans(new Date(Date.now() + 2 * HOUR));
    expect(removed).toBe(1);
    const left = await privateKeys();
    expect(left).not.toContain(orphan);
    expect(left).toEqual(expect.arrayContaining(used));
    expect(await keys('entries/')).toContain(foreign);
  });
});

describe('the media library in the bucket', () => {
  it('stores a profile picture as an object, serves it from the cms at /uploads, and deletes the replaced one', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c85028' } })
      .png()
      .toBuffer();
    const first = await api.post('/api/users/me/picture').set(bearer(poet)).attach('picture', png, 'holiday.png').expect(200);
    const url: string = first.body.profilePictureUrl;
    expect(url).toMatch(/^\/uploads\/[^/]+\.webp$/);
    expect(await keys('uploads/')).toContain(url.slice(1));
    const served = await api.get(url).buffer(true).parse(binary).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const head = await api.head(url).expect(200);
    expect(head.headers['content-length']).toBe(String(served.body.length));
    expect(served.body).toEqual(await s3.read(url.slice(1)));
    expect((await sharp(served.body).metadata()).width).toBe(512);
    expect(filesOnDisk(path.join(cms.strapi.dirs.static.public, 'uploads'))).not.toContain(url.split('/').pop());

    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer();
    const second = await api.post('/api/users/me/picture').set(bearer(poet)).attach('picture', jpeg, 'me.png').expect(200);
    expect(await keys('uploads/')).not.toContain(url.slice(1));
    expect(await keys('uploads/')).toContain(second.body.profilePictureUrl.slice(1));
    expect((await api.get(url)).status).toBe(404);
    expect((await api.head(url)).status).toBe(404);
  });
});

describe('a bucket shared with other sites (S3_PREFIX)', () => {
  it('keeps the private files under the prefix and never lists or touches anything outside it', async () => {
    const files = createBucketPrivateFiles(s3.client, { bucket: s3.bucket, prefix: 'site-b/' });
    const before = await keys();
    const key = await files.put('entries', Buffer.from('a poem'), 'pdf');
    expect(key).toMatch(PRIVATE_KEY);
    expect(await keys()).toEqual([...before, `site-b/${key}`].sort());
    expect(await files.exists(key)).toBe(true);
    const body = await files.open(key);
    expect(Buffer.concat(await body!.toArray())).toEqual(Buffer.from('a poem'));
    // The site without a prefix has entries of its own: this one sees none of them.
    expect(await files.listOlderThan('entries', new Date(Date.now() + HOUR))).toEqual([key]);
    await files.remove(key);
    expect(await files.exists(key)).toBe(false);
    expect(await files.open(key)).toBeNull();
    expect(await keys()).toEqual(before);
    await expect(files.put('../entries', Buffer.from('x'), 'pdf')).rejects.toThrow(/not a private file key/);
  });
});
