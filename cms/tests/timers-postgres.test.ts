// Two cms processes on one PostgreSQL database, both running the timer cron every second: a due results timer and
// a due winner timer are each fired by exactly one of them, and what they publish is there once.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCmsOnPostgres, type CmsWithAuthOnPostgres } from './helpers/cms-on-postgres';
import { createContest, createEntries, criteriaCsv, type TestEntry } from './helpers/contest-data';
import { freePort } from './helpers/postgres';
import { story } from './helpers/story';
import { timed } from './helpers/timings';

const ADMIN_EMAIL = 'pg-boss@writory.test';
const MONTH = '2024-03';
const cmsDir = path.resolve(__dirname, '..');
const strapiBin = path.resolve(cmsDir, '..', 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');

interface Instance {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** `strapi start` of the built cms in a process of its own, with the timer cron on. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [strapiBin, 'start'], {
    cwd: cmsDir,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      CRON_ENABLED: 'true',
      WRITORY_DEMO_DATA: 'false',
      SERVE_ADMIN_PANEL: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cms instance exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 90_000) throw new Error(`cms instance not up after 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, port, output: () => output };
}

async function stopInstance({ child }: Instance) {
  if (child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
}

describe('timers with two cms processes on one PostgreSQL', () => {
  let stack: CmsWithAuthOnPostgres;
  let api: ReturnType<typeof supertest>;
  let admin: string;
  let entries: TestEntry[];
  const instances: Instance[] = [];
  const db = (uid: string) => stack.cms.strapi.db.query(uid as any);

  beforeAll(async () => {
    // This one (cron off) makes the schema and the data; the two spawned below only fire timers.
    stack = await startCmsOnPostgres({ ADMIN_EMAILS: ADMIN_EMAIL, WRITORY_DEMO_DATA: 'false' });
    ({ api } = stack);
    admin = (await stack.emulator.createUser({ email: ADMIN_EMAIL })).idToken;
    await api
      .get('/api/users/me')
      .set({ Authorization: `Bearer ${admin}` })
      .expect(200);
    const poetIds: number[] = [];
    for (const email of ['pg-a@writory.test', 'pg-b@writory.test']) {
      const poet = await stack.emulator.createUser({ email });
      const me = await api
        .get('/api/users/me')
        .set({ Authorization: `Bearer ${poet.idToken}` })
        .expect(200);
      poetIds.push((await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: me.body.uid } })).id);
    }
    entries = await createEntries(stack.cms.strapi, await createContest(stack.cms.strapi, MONTH), MONTH, poetIds, 6);
    const env = { ...stack.pg.env, ...stack.emulator.env, ADMIN_EMAILS: ADMIN_EMAIL };
    for (let i = 0; i < 2; i++)
      instances.push(
        await timed(
          'cms process: start',
          () => startInstance(env),
          (instance) => instance.child.pid,
        ),
      );
  });

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await stack?.stop();
  });

  const waitUntilFired = (kind: 'results' | 'winners') =>
    vi.waitFor(
      async () => {
        const timer = await db('api::timer.timer').findOne({ where: { kind }, orderBy: { id: 'desc' } });
        if (timer.status === 'scheduled') throw new Error(`the ${kind} timer did not fire`);
        return timer;
      },
      { timeout: 20_000, interval: 200 },
    );
  const firings = () => instances.map((i) => (i.output().match(/timer \d+ fired on /g) ?? []).length);
  /**
   * Every instance's firings, once the firing of timer `id` has been logged: an instance logs it after its transaction
   * commits, so the timer can read as fired a moment before its line reaches this process.
   */
  async function firingsAfter(id: number) {
    await vi.waitFor(() => expect(instances.some((i) => i.output().includes(`timer ${id} fired on `))).toBe(true), { timeout: 5_000, interval: 50 });
    return firings().reduce((a, b) => a + b, 0);
  }
  /**
   * Nothing happens twice: a fired timer's claim finds nothing to do, however often it runs, at once or after.
   * Run here directly (the same claim both instances' cron runs every second), so the check needs no clock.
   */
  async function expectNoSecondFiring(id: number) {
    const timers = stack.cms.strapi.service('api::publication.publication');
    const again = await Promise.all(Array.from({ length: 5 }, () => timers.fireOne(id)));
    expect(again).toEqual(Array(5).fill({ fired: false }));
    expect(await timers.fireDue()).toBe(0);
  }

  // The winners are picked from the published results: the results' firing comes first, whichever test runs first.
  const month = story();

  it(
    'fires a due results timer once, although both instances claim it in the same second',
    month.step(async () => {
      const publishAt = new Date(Date.now() + 3000).toISOString();
      await api
        .post('/api/admin/upload-csv')
        .set({ Authorization: `Bearer ${admin}` })
        .field('month', MONTH)
        .field('publishAt', publishAt)
        .attach('csvFile', Buffer.from(criteriaCsv(entries)), { filename: 'results.csv', contentType: 'text/csv' })
        .expect(201);
      const timer = await waitUntilFired('results');
      await expectNoSecondFiring(timer.id);
      expect(timer).toMatchObject({ status: 'fired', error: null, summary: { month: MONTH, published: 6, notified: 6, certificates: 2 } });
      expect(instances.map((i) => i.child.pid)).toContain(Number(timer.firedBy.split('#').pop()));
      expect(await firingsAfter(timer.id)).toBe(1);
      expect(await db('api::result.result').count({ where: { month: MONTH } })).toBe(6);
      expect(await db('api::notification.notification').count()).toBe(6);
      expect(await db('api::certificate.certificate').count()).toBe(2);
      expect(await db('api::leaderboard.leaderboard-total').count()).toBe(2);
    }),
  );

  it(
    'fires a due winner timer once as well',
    month.step(async () => {
      const winners = [
        { entryCode: entries[0].code, place: 'first' },
        { entryCode: entries[1].code, place: 'second' },
      ];
      await api
        .post('/api/admin/upload-winners')
        .set({ Authorization: `Bearer ${admin}` })
        .send({ month: MONTH, winners, publishAt: new Date(Date.now() + 2000).toISOString() })
        .expect(201);
      const timer = await waitUntilFired('winners');
      await expectNoSecondFiring(timer.id);
      expect(timer).toMatchObject({ status: 'fired', error: null, summary: { month: MONTH, published: 2 } });
      expect(await firingsAfter(timer.id)).toBe(2);
      expect(await db('api::winner.winner').count()).toBe(2);
      expect(await db('api::certificate.certificate').count({ where: { kind: 'winner' } })).toBe(2);
    }),
  );
});
