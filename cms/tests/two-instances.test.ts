// Two cms processes (the built cms, `strapi start`) on one PostgreSQL, behind Debian's nginx running the real
// deploy/nginx.conf (tests/helpers/nginx.ts points its upstream at the two), with the Auth emulator: what a poet,
// a judge and an admin do works whichever instance answers, and losing an instance loses nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DECLARATION_KEYS } from '@writory/shared';
import { LISTENER_APPLICATION_NAME } from '../src/lib/database-listener';
import { startAuthEmulator, type AuthEmulator, type EmulatorUser } from './helpers/auth-emulator';
import { criteriaCsv } from './helpers/contest-data';
import { HOUR, month } from './helpers/entries';
import { startNginx, type TestNginx } from './helpers/nginx';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { makeDocx, makeLargeDocx } from './helpers/poem-files';
import { freePort, startTestPostgres, type TestPostgres } from './helpers/postgres';
import { openStream } from './helpers/sse';
import { story } from './helpers/story';
import { processBasics } from './helpers/strapi';
import { timed } from './helpers/timings';

const cmsDir = path.resolve(__dirname, '..');
const strapiBin = path.resolve(cmsDir, '..', 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
const ADMIN_EMAIL = 'two-boss@writory.test';
const EDITOR = { email: 'two-editor@writory.test', password: 'Editor-pass-2024!' };
const OWNER = { email: 'two-owner@writory.test', password: 'Owner-pass-2024!' };

interface Shared {
  pg: TestPostgres;
  emulator: AuthEmulator;
  s3: TestS3Server;
  smtpPort: number;
}

/**
 * The environment every cms instance of this suite runs with, the one place it is built: the database, the Auth
 * emulator, and the bucket both instances keep their files in (a real S3-compatible server, s3rver).
 */
function cmsEnv({ pg, emulator, s3, smtpPort }: Shared): Record<string, string> {
  return {
    ...pg.env,
    ...emulator.env,
    ...s3.env,
    ADMIN_EMAILS: ADMIN_EMAIL,
    STRAPI_ADMIN_EMAIL: OWNER.email,
    STRAPI_ADMIN_PASSWORD: OWNER.password,
    STRAPI_EDITOR_EMAIL: EDITOR.email,
    STRAPI_EDITOR_PASSWORD: EDITOR.password,
    // nginx on loopback is the proxy whose X-Forwarded-For counts.
    TRUSTED_PROXIES: 'loopback',
    // Receipts go nowhere: nothing listens there, and a receipt that cannot be mailed fails alone.
    SMTP_PORT: String(smtpPort),
    CRON_ENABLED: 'true',
    WRITORY_DEMO_DATA: 'false',
    SERVE_ADMIN_PANEL: 'false',
    STRAPI_TELEMETRY_DISABLED: 'true',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
  };
}

/** One cms process on a port of its own, which it keeps across a restart (nginx's upstream names it). */
class Instance {
  child: ChildProcess | null = null;
  private outputs: string[] = [];
  readonly url: string;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly tmp: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Everything every process on this port printed. */
  output = () => this.outputs.join('');

  start(env: Record<string, string>) {
    return timed(
      'cms process: start',
      () => this.boot(env),
      () => this.child?.pid,
    );
  }

  private async boot(env: Record<string, string>) {
    const index = this.outputs.push('') - 1;
    const child = spawn(process.execPath, [strapiBin, 'start'], {
      cwd: cmsDir,
      env: { ...processBasics(), ...env, PORT: String(this.port), TMPDIR: this.tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk) => (this.outputs[index] += chunk));
    child.stderr!.on('data', (chunk) => (this.outputs[index] += chunk));
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`cms ${this.name} exited with ${child.exitCode}:\n${this.outputs[index]}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() - started > 90_000) throw new Error(`cms ${this.name} not up after 90 s:\n${this.outputs[index]}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  running = () => this.child !== null && this.child.exitCode === null && this.child.signalCode === null;

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child;
    if (!child || !this.running()) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (this.running()) child.kill('SIGKILL');
    await exited;
  }
}

const bearer = (user: EmulatorUser) => ({ Authorization: `Bearer ${user.idToken}` });
const binary = (res: any, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

// A test runs the story's steps before its own that no test ran yet (tests/helpers/story.ts), so the first test of a
// shuffled order, or one run alone, may kill and restart an instance on the way: each test gets the whole story's time.
describe('two cms instances behind deploy/nginx.conf on one PostgreSQL', { timeout: 180_000 }, () => {
  let shared: Shared;
  let a: Instance;
  let b: Instance;
  let nginx: TestNginx;
  let db: Client;
  let admin: EmulatorUser;
  let seq = 0;
  const tmpDirs: string[] = [];
  const folder = (label: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `writory-two-${label}-`));
    tmpDirs.push(dir);
    return dir;
  };
  const via = (target: string) => supertest(target);
  const edge = () => via(nginx.urls['80']);
  const privateFiles = async () => (await shared.s3.objects('entries/')).length + (await shared.s3.objects('entry-photos/')).length;

  beforeAll(async () => {
    const pg = await startTestPostgres({ withSchema: true });
    const emulator = await startAuthEmulator().catch(async (error) => {
      await pg.stop();
      throw error;
    });
    const s3 = await startS3Server().catch(async (error) => {
      await Promise.all([emulator.stop(), pg.stop()]);
      throw error;
    });
    shared = { pg, emulator, s3, smtpPort: await freePort() };
    a = new Instance('A', await freePort(), folder('tmp-a'));
    b = new Instance('B', await freePort(), folder('tmp-b'));
    // A boots (and checks the template's tables) before B starts, so the two never race at boot.
    await a.start(cmsEnv(shared));
    await b.start(cmsEnv(shared));
    nginx = await startNginx({
      listen: { '80': await freePort(), '8081': await freePort() },
      upstreams: { 'cms:1337': [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`], 'site:4321': [`127.0.0.1:${await freePort()}`] },
    });
    db = new Client({ connectionString: pg.env.DATABASE_URL });
    await db.connect();
    admin = await shared.emulator.createUser({ email: ADMIN_EMAIL });
    await edge().get('/api/users/me').set(bearer(admin)).expect(200);
    await edge()
      .put(`/api/admin/contests/${month()}`)
      .set(bearer(admin))
      .send({
        opensAt: new Date(Date.now() - 24 * HOUR).toISOString(),
        closesAt: new Date(Date.now() + 24 * HOUR).toISOString(),
        resultsAt: new Date(Date.now() + 72 * HOUR).toISOString(),
      })
      .expect(200);
  });

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await nginx?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await shared?.emulator.stop();
    await shared?.s3.stop();
    await shared?.pg.stop();
    for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The PostgreSQL backend serving an instance's listening connection (matched by the instance's own TCP ports). */
  async function listeningBackendOf(instance: Instance): Promise<number> {
    const pid = instance.child!.pid!;
    const sockets = new Set(
      readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
        try {
          const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          return inode ? [inode] : [];
        } catch {
          return [];
        }
      }),
    );
    const ports = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
      readFileSync(table, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => sockets.has(fields[9]))
        .map((fields) => Number.parseInt(fields[1].split(':').pop()!, 16)),
    );
    const { rows } = await db.query('select pid from pg_stat_activity where application_name = $1 and client_port = any($2::int[])', [
      LISTENER_APPLICATION_NAME,
      ports,
    ]);
    expect(rows).toHaveLength(1);
    return rows[0].pid as number;
  }

  /** A signed-in account with a role (set by the admin through A) and a profile complete enough to enter. */
  async function account(label: string, role = 'authenticated') {
    const user = await shared.emulator.createUser({ email: `${label}-${++seq}@writory.test`, emailVerified: true, displayName: `${label} Poet` });
    await via(a.url).get('/api/users/me').set(bearer(user)).expect(200);
    // Through B: A, which read the user first, must see the profile at once (a write drops the user on every instance).
    await via(b.url)
      .put('/api/users/me')
      .set(bearer(user))
      .send({ dateOfBirth: '2000-05-17', phone: '+44 7700 900123', name: `${label} Poet` })
      .expect(200);
    if (role !== 'authenticated') await via(a.url).put(`/api/admin/users/${user.uid}/role`).set(bearer(admin)).send({ role }).expect(200);
    return user;
  }

  const entryFields = (title: string) => ({
    title,
    language: 'English',
    fullName: 'Mira Okafor',
    phone: '+44 7700 900123',
    country: 'GB',
    declarations: DECLARATION_KEYS.join(','),
  });

  async function preview(target: string, poet: EmulatorUser, poem: Buffer): Promise<string> {
    const res = await via(target)
      .post('/api/entries/preview')
      .set(bearer(poet))
      .attach('poem', poem, 'poem.docx')
      .field('fullName', 'Mira Okafor')
      .field('phone', '+44 7700 900123');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.textSha256;
  }

  function enter(target: string, poet: EmulatorUser, poem: Buffer, sha: string, key: string, title = 'Lanterns') {
    let req = via(target).post('/api/entries').set(bearer(poet)).set('Idempotency-Key', key).attach('poem', poem, 'poem.docx');
    for (const [name, value] of Object.entries({ ...entryFields(title), confirmedTextSha256: sha })) req = req.field(name, value);
    return req;
  }

  const entriesOf = async (poet: EmulatorUser): Promise<string[]> =>
    (await via(a.url).get('/api/entries/mine').set(bearer(poet)).expect(200)).body.map((entry: { code: string }) => entry.code);

  const flow = story();

  it(
    'takes a poem entered through A, previewed through B, and lets B show, judge and hand it out',
    flow.step(async () => {
      const poet = await account('across');
      const judge = await account('judge', 'judge');
      const countBefore = (await via(b.url).get('/api/submission-count').expect(200)).body.count;
      const poem = await makeDocx('Two lamps on one hill\nby Mira Okafor');
      const sha = await preview(b.url, poet, poem);
      const entered = await enter(a.url, poet, poem, sha, `across-${Date.now()}`);
      expect(entered.status, JSON.stringify(entered.body)).toBe(201);
      const { code } = entered.body;
      // B's public counter was cached before the entry; it counts it at once.
      await vi.waitFor(async () => expect((await via(b.url).get('/api/submission-count').expect(200)).body.count).toBe(countBefore + 1), {
        timeout: 1_000,
        interval: 50,
      });

      await via(b.url)
        .put(`/api/judging/entries/${code}/judges`)
        .set(bearer(admin))
        .send({ judges: [judge.uid] })
        .expect(200);
      const view = await via(b.url).get(`/api/judging/entries/${code}`).set(bearer(judge)).expect(200);
      expect(JSON.stringify(view.body)).toContain('Two lamps on one hill');
      expect(JSON.stringify(view.body)).not.toContain('Mira Okafor');
      const copy = await via(b.url).get(`/api/judging/entries/${code}/file`).set(bearer(judge)).buffer(true).parse(binary).expect(200);
      expect(copy.body.length).toBeGreaterThan(0);
      await via(b.url)
        .post(`/api/judging/entries/${code}/scores`)
        .set(bearer(judge))
        .send({ structure: 15, creativity: 16, language: 17, emotionalImpact: 18, theme: 19 })
        .expect(201);
      const own = await via(b.url).get(`/api/entries/${code}/file`).set(bearer(poet)).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(own.body, poem)).toBe(0);
    }),
  );

  it(
    'serves a testimonial changed through A fresh from B within a second',
    flow.step(async () => {
      const cachedOnB = async () => (await via(b.url).get('/api/testimonials').expect(200)).body;
      const before = await cachedOnB();
      expect(await cachedOnB()).toEqual(before);
      const login = await via(a.url).post('/admin/login').send(EDITOR).expect(200);
      const panel = via(a.url);
      const collection = '/content-manager/collection-types/api::testimonial.testimonial';
      const created = await panel
        .post(collection)
        .set({ Authorization: `Bearer ${login.body.data.token}` })
        .send({ name: 'Asha R.', message: 'Both instances know me now.', order: 1 })
        .expect(201);
      await panel
        .post(`${collection}/${created.body.data.documentId}/actions/publish`)
        .set({ Authorization: `Bearer ${login.body.data.token}` })
        .send({})
        .expect(200);
      const published = Date.now();
      await vi.waitFor(async () => expect(JSON.stringify(await cachedOnB())).toContain('Both instances know me now.'), { timeout: 1_000, interval: 25 });
      expect(Date.now() - published).toBeLessThan(1_000);
    }),
  );

  it(
    'refuses on B, at the very next request, a poet suspended on A; a role changed on A shows on B at once (issue 38: users cached per token)',
    flow.step(async () => {
      const poet = await account('cached');
      // Both instances have read the poet (and keep them for their token).
      expect((await via(a.url).get('/api/users/me').set(bearer(poet)).expect(200)).body.role).toBe('authenticated');
      expect((await via(b.url).get('/api/users/me').set(bearer(poet)).expect(200)).body.role).toBe('authenticated');
      await via(a.url).put(`/api/admin/users/${poet.uid}/role`).set(bearer(admin)).send({ role: 'judge' }).expect(200);
      expect((await via(b.url).get('/api/users/me').set(bearer(poet)).expect(200)).body.role).toBe('judge');
      await via(a.url).put(`/api/admin/users/${poet.uid}/role`).set(bearer(admin)).send({ role: 'authenticated' }).expect(200);
      expect((await via(b.url).get('/api/notifications').set(bearer(poet)).expect(200)).status).toBe(200);
      await via(a.url).post(`/api/admin/users/${poet.uid}/suspend`).set(bearer(admin)).expect(200);
      const refused = await via(b.url).get('/api/users/me').set(bearer(poet));
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toContain('suspended');
      await via(b.url).get('/api/notifications').set(bearer(poet)).expect(403);
      await via(a.url).get('/api/users/me').set(bearer(poet)).expect(403);
      await via(b.url).post(`/api/admin/users/${poet.uid}/restore`).set(bearer(admin)).expect(200);
      await via(a.url).get('/api/users/me').set(bearer(poet)).expect(200);
    }),
  );

  it(
    'refuses on B a poet suspended on A even while B has not yet heard the drop (its listening connection held up)',
    flow.step(async () => {
      const poet = await account('unheard');
      expect((await via(b.url).get('/api/users/me').set(bearer(poet)).expect(200)).body.role).toBe('authenticated');
      // A busy machine can leave B's listening backend unscheduled after A's suspension has committed and been
      // answered: stopped here, it cannot pass the drop on until it is let go.
      const listener = await listeningBackendOf(b);
      process.kill(listener, 'SIGSTOP');
      let asked: Promise<supertest.Response> | undefined;
      try {
        await via(a.url).post(`/api/admin/users/${poet.uid}/suspend`).set(bearer(admin)).expect(200);
        asked = Promise.resolve(via(b.url).get('/api/users/me').set(bearer(poet)));
        // B must wait for what its listening connection has to say rather than answer from what it remembers.
        await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 500))]);
      } finally {
        process.kill(listener, 'SIGCONT');
      }
      const refused = await asked!;
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toContain('suspended');
      await via(a.url).post(`/api/admin/users/${poet.uid}/restore`).set(bearer(admin)).expect(200);
      await via(b.url).get('/api/users/me').set(bearer(poet)).expect(200);
    }),
  );

  it(
    'answers on B while B’s listening connection does not answer at all, trusting nothing it remembers (a role changed on A shows)',
    flow.step(async () => {
      const poet = await account('stalled');
      expect((await via(b.url).get('/api/users/me').set(bearer(poet)).expect(200)).body.role).toBe('authenticated');
      // A listening connection whose backend never answers (stopped here; a connection lost without a reset alike):
      // B cannot know what it missed, so it reads the poet afresh instead of waiting for that connection forever.
      const listener = await listeningBackendOf(b);
      process.kill(listener, 'SIGSTOP');
      try {
        await via(a.url).put(`/api/admin/users/${poet.uid}/role`).set(bearer(admin)).send({ role: 'judge' }).expect(200);
        const answered = await via(b.url).get('/api/users/me').set(bearer(poet)).timeout(20_000);
        expect(answered.status).toBe(200);
        expect(answered.body.role).toBe('judge');
      } finally {
        process.kill(listener, 'SIGCONT');
      }
      await via(a.url).put(`/api/admin/users/${poet.uid}/role`).set(bearer(admin)).send({ role: 'authenticated' }).expect(200);
      expect((await via(b.url).get('/api/users/me').set(bearer(poet)).expect(200)).body.role).toBe('authenticated');
    }),
  );

  it(
    'delivers a notification made on A to a live stream held through nginx on B, unbuffered and open',
    flow.step(async () => {
      const poet = await account('listener');
      const streams = [];
      try {
        // Streams through nginx until one is held by B (nginx balances between the two).
        while (nginx.connectionsTo(b.port) === 0) {
          if (streams.length === 6) throw new Error('nginx sent six streams in a row to A');
          const stream = await openStream(nginx.urls['80'], poet.idToken);
          streams.push(stream);
          expect(stream.status).toBe(200);
          expect(stream.contentType).toMatch(/^text\/event-stream/);
          // The first event arrives while the response is still open: nginx passes it on, not the whole body.
          await stream.next((e) => e.kind === 'ready', 2_000);
          expect(await Promise.race([stream.ended.then(() => 'ended'), Promise.resolve('open')])).toBe('open');
        }
        await via(a.url)
          .post('/api/admin/notifications')
          .set(bearer(admin))
          .send({ recipient: poet.email, title: 'from A', message: 'made on instance A' })
          .expect(201);
        for (const stream of streams)
          expect(await stream.next((e) => e.kind === 'created', 1_000)).toMatchObject({ notification: { title: 'from A' }, unreadCount: 1 });
      } finally {
        for (const stream of streams) stream.close();
      }
    }),
  );

  it(
    'holds the month’s entry limit across both instances',
    flow.step(async () => {
      const poet = await account('limited');
      // Checked while places are left; entered once none is.
      const extra = await Promise.all(
        [a.url, b.url].map(async (target) => {
          const poem = await makeDocx(`One too many\nthrough ${target}`);
          return { target, poem, sha: await preview(target, poet, poem) };
        }),
      );
      const targets = [a.url, b.url, a.url];
      for (const [i, target] of targets.entries()) {
        const poem = await makeDocx(`Limit poem ${i}\nthe ${i}th lamp`);
        const res = await enter(target, poet, poem, await preview(target, poet, poem), `limit-${i}-${Date.now()}`, `Limit ${i}`);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      for (const [i, { target, poem, sha }] of extra.entries()) {
        const refused = await enter(target, poet, poem, sha, `limit-over-${i}-${Date.now()}`, 'Over');
        expect(refused.status, JSON.stringify(refused.body)).toBe(403);
        expect(refused.body.error).toMatchObject({ name: 'EntryLimitError', details: { reason: 'limit', used: 3 } });
      }
      expect(await entriesOf(poet)).toHaveLength(3);
    }),
  );

  // Its instance starts again at the end (a boot of its own, slow on a busy machine).
  it(
    'loses nothing when an instance is killed mid-upload: the retry with the same key succeeds on the other',
    flow.step(async () => {
      const poet = await account('killed');
      const poem = await makeLargeDocx('Half a lamp\nthe other half', 4.5 * 1024 * 1024);
      const sha = await preview(a.url, poet, poem);
      const key = `killed-${Date.now()}`;
      const filesBefore = await privateFiles();
      const boundary = 'writory-two-instances';
      const parts = [
        ...Object.entries({ ...entryFields('Half a lamp'), confirmedTextSha256: sha }).map(
          ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
        `--${boundary}\r\nContent-Disposition: form-data; name="poem"; filename="poem.docx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n`,
      ].join('');
      const body = Buffer.concat([Buffer.from(parts), poem, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const request = http.request(`${b.url}/api/entries`, {
        method: 'POST',
        headers: { ...bearer(poet), 'Idempotency-Key': key, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
      });
      const answered = new Promise<string>((resolve) => {
        request.on('response', (res) => resolve(`answered ${res.statusCode}`));
        request.on('error', (error) => resolve(`failed: ${error.message}`));
      });
      const uploadsOnB = () => readdirSync(b.tmp).filter((name) => !name.startsWith('.')).length;
      const uploadsBefore = uploadsOnB();
      // Half the body, then wait until B is writing the upload to its temp folder, then kill it.
      request.write(body.subarray(0, body.length / 2));
      await vi.waitFor(() => expect(uploadsOnB()).toBeGreaterThan(uploadsBefore), { timeout: 10_000, interval: 20 });
      await b.stop('SIGKILL');
      expect(await answered).toMatch(/^failed/);
      expect(await entriesOf(poet)).toEqual([]);
      expect(await privateFiles()).toBe(filesBefore);

      // The poet's page retries with the same key; nginx passes it to A, the one instance left.
      let retry = edge().post('/api/entries').set(bearer(poet)).set('Idempotency-Key', key).attach('poem', poem, 'poem.docx');
      for (const [name, value] of Object.entries({ ...entryFields('Half a lamp'), confirmedTextSha256: sha })) retry = retry.field(name, value);
      const res = await retry;
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await entriesOf(poet)).toEqual([res.body.code]);
      // The entry's own files, nothing else: the killed upload left no file behind.
      expect(await privateFiles()).toBe(filesBefore + 2);
      await b.start(cmsEnv(shared));
    }),
  );

  it(
    'fires a due results timer once, with both instances running the timer cron',
    flow.step(async () => {
      const codes = (await db.query(`select code from entries`)).rows.map((row) => row.code as string);
      await edge()
        .post('/api/admin/upload-csv')
        .set(bearer(admin))
        .field('month', month())
        .field('publishAt', new Date(Date.now() + 2_000).toISOString())
        .attach('csvFile', Buffer.from(criteriaCsv(codes.map((code) => ({ code })))), { filename: 'results.csv', contentType: 'text/csv' })
        .expect(201);
      const timer = await vi.waitFor(
        async () => {
          const row = (await db.query(`select status, error, fired_by from timers where kind = 'results' order by id desc limit 1`)).rows[0];
          if (row.status === 'scheduled') throw new Error('the results timer did not fire');
          return row;
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(timer).toMatchObject({ status: 'fired', error: null });
      // The instance logs the firing after its transaction commits: wait until its output has reached this process.
      const firings = () => [a, b].map((instance) => (instance.output().match(/timer \d+ fired on /g) ?? []).length).reduce((x, y) => x + y, 0);
      await vi.waitFor(() => expect(firings()).toBeGreaterThan(0), { timeout: 5_000, interval: 50 });
      expect(firings()).toBe(1);
      expect([a.child!.pid, b.child!.pid]).toContain(Number(timer.fired_by.split('#').pop()));
      expect((await db.query(`select count(*)::int as n from results where month = $1`, [month()])).rows[0].n).toBe(codes.length);
    }),
  );

  it(
    'moves the poet to the other instance when the one holding their stream stops',
    flow.step(async () => {
      const poet = await account('moved');
      const stream = await openStream(nginx.urls['80'], poet.idToken);
      await stream.next((e) => e.kind === 'ready', 2_000);
      const held = [a, b].map((instance) => nginx.connectionsTo(instance.port));
      expect(held.sort()).toEqual([0, 1]);
      const [holder, other] = nginx.connectionsTo(a.port) === 1 ? [a, b] : [b, a];
      await holder.stop();
      await stream.ended;
      // The page reconnects through the same address: nginx's upstream takes it to the instance still running.
      const again = await openStream(nginx.urls['80'], poet.idToken);
      try {
        await again.next((e) => e.kind === 'ready', 2_000);
        for (let i = 0; i < 4; i++) await edge().get('/api/users/me').set(bearer(poet)).expect(200);
        expect(other.running()).toBe(true);
      } finally {
        again.close();
      }
    }),
  );
});
