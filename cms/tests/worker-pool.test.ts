// Poems are checked in a pool of worker threads, against the real cms and Auth emulator: the same answers as the
// checks on the request thread, cheap reads answered while big poems are checked, and a full queue answered 503
// with Retry-After, storing nothing, after which the same Idempotency-Key enters the poem once.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthEmulator, EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { listening, type TestCms } from './helpers/strapi';
import { makeDocx, makePdf } from './helpers/poem-files';
import { bearer, entryClient, HOUR } from './helpers/entries';
import { type Author, buildEntry, previewOf } from '../src/api/entry/reading/judge-view';

const ENTRY = 'api::entry.entry';
const FINGERPRINT = 'api::originality.fingerprint';
const NOTIFICATION = 'api::notification.notification';
const ADMIN_EMAIL = 'pool-admin@writory.test';
const CONTACT = { fullName: 'Mira Okafor', phone: '+44 7700 900123' };
// Two workers and two waiting places: four poems fit, a fifth is answered 503.
const WORKERS = 2;
const QUEUE = 2;

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let baseUrl: string;
let client: ReturnType<typeof entryClient>;
let privateDir: string;
let admin: EmulatorUser;
let poet: EmulatorUser;
let bigPoem: { bytes: Buffer; name: string };

const db = (uid: string) => cms.strapi.db.query(uid as never);
const pool = () => cms.strapi.service('api::entry.worker-pool') as { stats(): { active: number; queued: number; workers: number; queueLimit: number } };
const author: Author = { name: 'Mira Okafor', email: '', phone: '+44 7700 900123' }; // email: the poet's, read in beforeAll

/** This process's worker threads (Node names them WorkerThread): Vitest's own and the pool's. */
const workerThreads = () => readdirSync('/proc/self/task').filter((id) => readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim() === 'WorkerThread').length;
let threadsBeforeBoot: number;

function privateFiles(): string[] {
  try {
    return readdirSync(privateDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** Big poems being previewed at once; resolves with their statuses in the order they finished. */
function holdPool(count: number) {
  const finished: number[] = [];
  const all = Promise.all(
    Array.from({ length: count }, async () => {
      const res = await client.preview(poet, bigPoem, CONTACT);
      finished.push(res.status);
      return res;
    }),
  );
  return { finished, all };
}

beforeAll(async () => {
  threadsBeforeBoot = workerThreads();
  privateDir = mkdtempSync(path.join(tmpdir(), 'writory-pool-'));
  stack = await startCmsWithAuth({
    ADMIN_EMAILS: ADMIN_EMAIL,
    PRIVATE_FILES_DIR: privateDir,
    EXTRACTION_WORKERS: String(WORKERS),
    EXTRACTION_QUEUE: String(QUEUE),
  });
  ({ emulator, cms } = stack);
  // A real socket, so requests overlap as they do in production.
  baseUrl = await listening(cms);
  api = supertest(baseUrl);
  client = entryClient(api, emulator, cms.strapi);
  vi.spyOn(cms.strapi.plugin('email').service('email'), 'send').mockResolvedValue(undefined as never);
  admin = await emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true });
  await api.get('/api/users/me').set(bearer(admin)).expect(200);
  poet = await client.account('pool-poet', { name: 'Mira Okafor' });
  author.email = (await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: poet.uid } })).email;
  await client.setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
  // A long poem (3,500 lines of a PDF, near the most text a poem may have): seconds of work for a worker.
  const lines = Array.from({ length: 3500 }, (_, i) => `Line ${i + 1}: the lantern counts the river's stones`);
  bigPoem = { bytes: await makePdf(['The Long Night', 'by Mira Okafor', '', ...lines].join('\n')), name: 'long.pdf' };
});

afterAll(async () => {
  await stack?.stop();
  // The pool's threads end with Strapi: none is left behind.
  expect(workerThreads()).toBe(threadsBeforeBoot);
  if (privateDir) rmSync(privateDir, { recursive: true, force: true });
});

describe('the worker pool', () => {
  it('is sized by EXTRACTION_WORKERS and EXTRACTION_QUEUE, and idle until a poem comes', () => {
    expect(pool().stats()).toEqual({ workers: WORKERS, queueLimit: QUEUE, active: 0, queued: 0 });
  });

  it('previews give what the checks on the request thread give', async () => {
    const poem = { bytes: await makeDocx('Mira Okafor\n\nThe lantern sings\nto +44 7700 900123\nin the dark'), name: 'poem.docx' };
    const res = await client.preview(poet, poem, CONTACT);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(await previewOf(author, CONTACT, poem.bytes));
    expect(res.body.text).not.toMatch(/Okafor|7700/);
  });

  it('a refusal of the file comes back from the worker as its own 4xx', async () => {
    const res = await client.preview(poet, { bytes: Buffer.from('not a poem at all, just words'), name: 'poem.docx' }, CONTACT);
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ name: 'UnsupportedMediaTypeError', details: { reason: 'not-docx-or-pdf' } });
  });

  it('an entry stores what the checks on the request thread give, its fingerprint included', async () => {
    const poem = { bytes: await makePdf('Salt Road\nby Mira Okafor\n\nWe walked the salt road\nwhere the river forgets its name'), name: 'salt.pdf' };
    const res = await client.enter(poet, { poem, fields: { title: 'Salt Road' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await db(ENTRY).findOne({ where: { code: res.body.code } });
    const inline = await buildEntry(
      author,
      {
        title: 'Salt Road',
        language: 'English',
        ...CONTACT,
        country: 'GB',
        declarations: {},
        fileName: 'salt.pdf',
        bytes: poem.bytes,
        photo: null,
        idempotencyKey: row.idempotencyKey,
      },
      new Date(),
    );
    expect(row).toMatchObject({
      text: inline.data.text,
      judgeText: inline.data.judgeText,
      judgeTitle: inline.data.judgeTitle,
      wordCount: inline.data.wordCount,
      fileSha256: inline.data.fileSha256,
      fileType: 'pdf',
    });
    expect(row.judgeText).not.toMatch(/Okafor/);
    const fingerprint = await db(FINGERPRINT).findOne({ where: { kind: 'entry', refId: row.id } });
    expect(fingerprint.signature).toEqual(inline.signature);
    // The blind copy came back from the worker and was stored.
    expect(row.judgeFileKey).toBeTruthy();
  });

  it('answers a cheap read while four big poems are checked', async () => {
    const hold = holdPool(WORKERS + QUEUE);
    await vi.waitFor(() => expect(pool().stats()).toMatchObject({ active: WORKERS, queued: QUEUE }), { timeout: 20_000, interval: 20 });
    const count = await api.get('/api/users/count').expect(200);
    expect(typeof count.body === 'number' || typeof count.body?.count === 'number').toBe(true);
    // The read was answered while the poems were still being checked.
    expect(hold.finished).toEqual([]);
    const metrics = await api.get('/api/metrics').expect(200);
    expect(metrics.text).toMatch(new RegExp(`^writory_extraction_queue_depth ${QUEUE}$`, 'm'));
    expect(metrics.text).toMatch(new RegExp(`^writory_extraction_active_tasks ${WORKERS}$`, 'm'));
    const health = await api.get('/api/admin/health').set(bearer(admin)).expect(200);
    expect(health.body.extraction).toEqual({ workers: WORKERS, queueLimit: QUEUE, active: WORKERS, queued: QUEUE });
    expect(workerThreads()).toBe(threadsBeforeBoot + WORKERS);
    const results = await hold.all;
    for (const res of results) {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.body.text).not.toContain('Okafor');
      expect(res.body.text).toContain('Line 3500: the lantern');
    }
    expect(pool().stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it('a full queue answers 503 with Retry-After and stores nothing; the same Idempotency-Key then enters the poem once', async () => {
    const poem = { bytes: await makeDocx('Tidewater\n\nThe tide keeps\nits own hours'), name: 'tide.docx' };
    const sha = (await client.preview(poet, poem, CONTACT).expect(200)).body.textSha256;
    const key = `pool-retry-${Date.now()}`;
    const before = { entries: await db(ENTRY).count(), notifications: await db(NOTIFICATION).count(), files: privateFiles() };

    const hold = holdPool(WORKERS + QUEUE);
    await vi.waitFor(() => expect(pool().stats()).toMatchObject({ active: WORKERS, queued: QUEUE }), { timeout: 20_000, interval: 20 });
    const refused = await client.enter(poet, { poem, key, sha, fields: { title: 'Tidewater' } });
    const previewRefused = await client.preview(poet, poem, CONTACT);
    expect(hold.finished).toEqual([]);
    for (const res of [refused, previewRefused]) {
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error).toMatchObject({ status: 503, name: 'ServiceUnavailableError', details: { reason: 'busy' } });
      expect(res.body.error.message).toMatch(/try again in \d+ seconds?/);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBe(res.body.error.details.retryAfterSeconds);
    }
    expect({ entries: await db(ENTRY).count(), notifications: await db(NOTIFICATION).count(), files: privateFiles() }).toEqual(before);

    await hold.all;
    const entered = await client.enter(poet, { poem, key, sha, fields: { title: 'Tidewater' } });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    const again = await client.enter(poet, { poem, key, sha, fields: { title: 'Tidewater' } });
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(entered.body.code);
    expect(await db(ENTRY).count()).toBe(before.entries + 1);
  });

  it('a full queue answers an upload 503 before its body arrives (the request thread does not read 5 MB to refuse it)', async () => {
    const hold = holdPool(WORKERS + QUEUE);
    await vi.waitFor(() => expect(pool().stats()).toMatchObject({ active: WORKERS, queued: QUEUE }), { timeout: 20_000, interval: 20 });
    // A 5 MB multipart upload of which only the first 64 KB is sent: the answer must come without the rest.
    const boundary = 'writory-pool-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="poem"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const answer = await new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
      const req = request(`${baseUrl}/api/entries`, {
        method: 'POST',
        headers: {
          ...bearer(poet),
          'Idempotency-Key': `pool-early-${Date.now()}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(5 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(Buffer.concat([head, Buffer.alloc(64 * 1024, 0x20)]));
      // The rest of the body is never sent.
    });
    expect(answer.status, answer.body).toBe(503);
    expect(JSON.parse(answer.body).error).toMatchObject({ status: 503, details: { reason: 'busy' } });
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    await hold.all;
  });
});
