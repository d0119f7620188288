// Every poem check is bounded (issue 35), against the real cms, its worker pool and the Auth emulator: files made
// to exhaust a check are refused with a 422 naming the limit and nothing is stored, a check past its deadline is
// ended (its worker replaced) while another poet's poem is checked, and an account that spends its check time
// is answered 429 while other poets go on. The bombs are built in memory (helpers/poem-bombs.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthEmulator, EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { listening, type TestCms } from './helpers/strapi';
import { makeDocx } from './helpers/poem-files';
import { makeNestedDocxBomb, makePagesPdfBomb, makeSpacePdfBomb } from './helpers/poem-bombs';
import { bearer, entryClient, HOUR } from './helpers/entries';

const ENTRY = 'api::entry.entry';
const ADMIN_EMAIL = 'bounds-admin@writory.test';
const WORKERS = 2;
// A check may take 1 s here, and an account 2 s of checks in 10 minutes.
const TASK_SECONDS = 1;
const ACCOUNT_SECONDS = 2;

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let client: ReturnType<typeof entryClient>;
let privateDir: string;
let admin: EmulatorUser;

const db = (uid: string) => cms.strapi.db.query(uid as never);
const pool = () => cms.strapi.service('api::entry.worker-pool') as { stats(): { active: number; queued: number } };
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

const honest = async (title: string) => ({ bytes: await makeDocx(`${title}\n\nThe tide keeps\nits own hours`), name: 'honest.docx' });
/**
 * Fifty thousand pages sharing one tiny content stream (4.8 MB): no cap sees it, and checking it takes about 3 s of a
 * quiet core (poppler reads fast; the pages still have to be walked), three times this file's deadline.
 */
const pagesBomb = () => ({ bytes: makePagesPdfBomb(50_000), name: 'pages.pdf' });

beforeAll(async () => {
  threadsBeforeBoot = workerThreads();
  privateDir = mkdtempSync(path.join(tmpdir(), 'writory-bounds-'));
  stack = await startCmsWithAuth({
    ADMIN_EMAILS: ADMIN_EMAIL,
    PRIVATE_FILES_DIR: privateDir,
    EXTRACTION_WORKERS: String(WORKERS),
    EXTRACTION_QUEUE: '4',
    EXTRACTION_TASK_SECONDS: String(TASK_SECONDS),
    EXTRACTION_ACCOUNT_SECONDS: String(ACCOUNT_SECONDS),
  });
  ({ emulator, cms } = stack);
  api = supertest(await listening(cms));
  client = entryClient(api, emulator, cms.strapi);
  vi.spyOn(cms.strapi.plugin('email').service('email'), 'send').mockResolvedValue(undefined as never);
  admin = await emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true });
  await api.get('/api/users/me').set(bearer(admin)).expect(200);
  await client.setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
});

afterAll(async () => {
  await stack?.stop();
  expect(workerThreads()).toBe(threadsBeforeBoot);
  if (privateDir) rmSync(privateDir, { recursive: true, force: true });
});

describe('bounded poem checks', () => {
  it.each([
    ['a .docx of 400,000 nested <w:customXml>', () => makeNestedDocxBomb(400_000), 'bomb.docx', 'nested-too-deeply'],
    ['a PDF whose content stream inflates to 1.2 GB of spaces', () => makeSpacePdfBomb(1200 * 1024 * 1024), 'bomb.pdf', 'pdf-streams-too-large'],
  ])('%s is refused by its cap, in the preview and the entry, storing nothing', async (_, make, name, reason) => {
    const poet = await client.account(`bounds-cap-${reason}`);
    const bomb = { bytes: await make(), name };
    const before = { entries: await db(ENTRY).count(), files: privateFiles() };
    for (const res of [await client.preview(poet, bomb), await client.enter(poet, { poem: bomb, sha: '0'.repeat(64) })]) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error).toMatchObject({ status: 422, name: 'ValidationError', details: { reason } });
    }
    expect({ entries: await db(ENTRY).count(), files: privateFiles() }).toEqual(before);
  });

  it('a check past its deadline is ended and its worker replaced, while another poet’s poem is checked', async () => {
    const attacker = await client.account('bounds-deadline');
    const poet = await client.account('bounds-honest');
    const before = { entries: await db(ENTRY).count(), files: privateFiles() };
    // Two bombs take both workers; the honest poem waits for one of them to be ended, then is checked.
    const bombs = [client.preview(attacker, pagesBomb()), client.enter(attacker, { poem: pagesBomb(), sha: '0'.repeat(64) })];
    const poem = await honest('Tidewater');
    const checked = client.preview(poet, poem);
    for (const res of await Promise.all(bombs)) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error).toMatchObject({ name: 'ValidationError', details: { reason: 'check-too-long', maxSeconds: TASK_SECONDS } });
      expect(res.body.error.message).toMatch(new RegExp(`took longer than ${TASK_SECONDS} seconds`));
    }
    const res = await checked;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.text).toContain('The tide keeps');
    expect({ entries: await db(ENTRY).count(), files: privateFiles() }).toEqual(before);
    // The ended workers were replaced: the pool is idle, has no more threads than workers, and checks poems again.
    await vi.waitFor(() => expect(pool().stats()).toMatchObject({ active: 0, queued: 0 }));
    expect(workerThreads()).toBeLessThanOrEqual(threadsBeforeBoot + WORKERS);
    const entered = await client.enter(poet, { poem });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
  });

  it('an account that has spent its check time is answered 429 with when to retry; other poets go on', async () => {
    const attacker = await client.account('bounds-budget');
    const poet = await client.account('bounds-other');
    // Each bomb runs to the 1 s deadline: two of them spend the 2 s, the third is not checked at all.
    for (let i = 0; i < 2; i++) expect((await client.preview(attacker, pagesBomb())).body.error?.details?.reason).toBe('check-too-long');
    for (const res of [
      await client.preview(attacker, await honest('Salt Road')),
      await client.enter(attacker, { poem: await honest('Salt Road'), sha: '0'.repeat(64) }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(429);
      expect(res.body.error).toMatchObject({ name: 'TooManyRequestsError' });
      expect(res.body.error.message).toMatch(new RegExp(`used its ${ACCOUNT_SECONDS} seconds of file checks for 10 minutes\\. Try again in`));
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await client.preview(poet, await honest('Salt Road'))).status).toBe(200);
  });
});
