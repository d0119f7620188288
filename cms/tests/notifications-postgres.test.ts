// Two cms instances on one PostgreSQL, as behind one proxy: a notification made on either instance reaches the
// poet's stream on the other within a second (LISTEN/NOTIFY). Instance A runs in this process, B as `strapi start`.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@writory/shared';
import { backgroundIdle } from './helpers/background';
import { AUTH_EMULATOR_ENV, type AuthEmulator } from './helpers/auth-emulator';
import { startCmsOnPostgres, type CmsWithAuthOnPostgres } from './helpers/cms-on-postgres';
import { freePort, type TestPostgres } from './helpers/postgres';
import { openStream } from './helpers/sse';
import { LISTENER_APPLICATION_NAME } from '../src/lib/database-listener';
import { processBasics, type TestCms } from './helpers/strapi';
import { timed } from './helpers/timings';

const cmsDir = path.resolve(__dirname, '..');
const strapiBin = path.resolve(cmsDir, '..', 'node_modules', '.bin', 'strapi');

async function startSecondInstance(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(strapiBin, ['start'], {
    cwd: cmsDir,
    env: {
      ...processBasics(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_ADMIN_PANEL: 'false',
      CRON_ENABLED: 'false',
      WRITORY_DEMO_DATA: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`second cms exited with ${child.exitCode}:\n${output}`);
    if (Date.now() - started > 90_000) throw new Error(`second cms not up after 90 s:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, output: () => output };
}

describe('live notifications across two cms instances on PostgreSQL', () => {
  let stack: CmsWithAuthOnPostgres;
  let pg: TestPostgres;
  let emulator: AuthEmulator;
  let cms: TestCms;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let urlA: string;
  let poetToken: string;
  let adminToken: string;
  let poetId: number;

  beforeAll(async () => {
    // One after another, not side by side: on a busy machine the emulator and two cms boots compete for the CPU.
    stack = await startCmsOnPostgres({ ADMIN_EMAILS: 'boss@writory.test' }, { oneAtATime: true });
    ({ pg, emulator, cms, url: urlA } = stack);
    // B starts once A has made the schema, so the two never race to create tables.
    second = await timed(
      'cms process: start',
      () => startSecondInstance({ ...pg.env, ...AUTH_EMULATOR_ENV, ADMIN_EMAILS: 'boss@writory.test' }),
      (started) => started.child.pid,
    );
    adminToken = (await emulator.createUser({ email: 'boss@writory.test' })).idToken;
    ({ token: poetToken, id: poetId } = await newListener('listener'));
  });

  /** A poet of a test's own, so counts of unread notifications never depend on the tests before. */
  async function newListener(label: string) {
    const token = (await emulator.createUser({ email: `${label}@writory.test` })).idToken;
    const me = await supertest(urlA).get('/api/users/me').set('Authorization', `Bearer ${token}`).expect(200);
    const id: number = (await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: me.body.uid } })).id;
    return { token, id };
  }

  afterAll(async () => {
    if (second?.child.exitCode === null) {
      const exited = new Promise((r) => second.child.once('exit', r));
      second.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (second.child.exitCode === null) second.child.kill('SIGKILL');
    }
    await stack?.stop();
  });

  it('uses LISTEN/NOTIFY on PostgreSQL', () => {
    expect(cms.strapi.service('api::notification.live').transportKind()).toBe('postgres');
  });

  it('delivers a notification made on A to the poet’s stream on B, and one made on B to the stream on A', async () => {
    const onB = await openStream(second.url, poetToken);
    const onA = await openStream(urlA, poetToken);
    try {
      await onB.next((e) => e.kind === 'ready');
      await onA.next((e) => e.kind === 'ready');

      await cms.strapi.service('api::notification.notification').notify(poetId, { title: 'from A', message: 'made on instance A' });
      const fromA = await onB.next((e) => e.kind === 'created', 1_000);
      expect(fromA).toMatchObject({ notification: { title: 'from A' }, unreadCount: 1 });
      await onA.next((e) => e.kind === 'created', 1_000);

      await supertest(second.url)
        .post('/api/admin/notifications')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ recipient: 'listener@writory.test', title: 'from B', message: 'sent through instance B' })
        .expect(201);
      const fromB = await onA.next((e) => e.kind === 'created', 1_000);
      expect(fromB).toMatchObject({ notification: { title: 'from B' }, unreadCount: 2 });
      await onB.next((e) => e.kind === 'created', 1_000);

      // A change made on A reaches B too.
      const id = (fromB as { notification: NotificationItem }).notification.id;
      await supertest(urlA).post(`/api/notifications/${id}/read`).set('Authorization', `Bearer ${poetToken}`).expect(200);
      expect(await onB.next((e) => e.kind === 'read', 1_000)).toEqual({ kind: 'read', ids: [id], unreadCount: 1 });
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('listens again after PostgreSQL drops the listening connections, tells open streams to reload, and delivers again', async () => {
    const poet = await newListener('dropped-listener');
    const onB = await openStream(second.url, poet.token);
    try {
      await onB.next((e) => e.kind === 'ready');
      // What an operator's pg_terminate_backend, a failover or an idle-connection reaper does to both instances.
      const dropped = await cms.strapi.db.connection.raw(
        `select pg_terminate_backend(pid) as dropped from pg_stat_activity where datname = current_database() and application_name = ? and pid <> pg_backend_pid()`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(dropped.rows.map((row: { dropped: boolean }) => row.dropped)).toEqual([true, true]);
      // Changes published while B was not listening are lost, so once it listens again its streams reload.
      expect(await onB.next((e) => e.kind === 'resync', 15_000)).toMatchObject({ kind: 'resync' });
      await cms.strapi.service('api::notification.notification').notify(poet.id, { title: 'after the drop', message: 'made on A once both listen again' });
      expect(await onB.next((e) => e.kind === 'created', 2_000)).toMatchObject({ notification: { title: 'after the drop' } });
      // The same connection carries the public cache's drops (src/lib/public-cache.ts): B hears those again too.
      const testimonialsOnB = async () => JSON.stringify((await supertest(second.url).get('/api/testimonials').expect(200)).body);
      expect(await testimonialsOnB()).not.toContain('heard after the drop');
      await cms.strapi.documents('api::testimonial.testimonial').create({ data: { name: 'Listener', message: 'heard after the drop' }, status: 'published' });
      await vi.waitFor(async () => expect(await testimonialsOnB()).toContain('heard after the drop'), { timeout: 1_000, interval: 25 });
      // One listening connection per instance, shared with the public cache's channel. B's is back (it heard the
      // above); A reconnects on its own timer, which a loaded machine can run after all of the above.
      const listeningConnections = async () =>
        (
          await cms.strapi.db.connection.raw(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ?`, [
            LISTENER_APPLICATION_NAME,
          ])
        ).rows[0].n;
      await vi.waitFor(async () => expect(await listeningConnections()).toBe(2), { timeout: 15_000, interval: 100 });
    } finally {
      onB.close();
    }
  });

  it('delivers the poet’s share of a 3,000-notification bulk send on the other instance', async () => {
    const poet = await newListener('bulk-listener');
    const onB = await openStream(second.url, poet.token);
    try {
      await onB.next((e) => e.kind === 'ready');
      const items = Array.from({ length: 3_000 }, (_, i) => ({
        userId: i === 2_500 ? poet.id : 1_000_000 + i, // everyone else has no account and no stream
        notification: { title: i === 2_500 ? 'your result' : `result ${i}`, message: 'Results are out' },
      }));
      await cms.strapi.service('api::notification.notification').notifyMany(items);
      const mine = await onB.next((e) => e.kind === 'created', 2_000);
      expect(mine).toMatchObject({ notification: { title: 'your result' } });
      // PostgreSQL delivers NOTIFYs in commit order and the hub writes them in order: once a later notification
      // has arrived, any stray one from the bulk send would have arrived before it.
      await backgroundIdle(cms.strapi);
      await cms.strapi.service('api::notification.notification').notify(poet.id, { title: 'after the bulk send', message: 'last' });
      await onB.next((e) => e.kind === 'created' && e.notification.title === 'after the bulk send');
      expect(onB.events.filter((e) => e.kind === 'created').map((e) => (e as { notification: NotificationItem }).notification.title)).toEqual([
        'your result',
        'after the bulk send',
      ]);
      expect(second.output()).not.toMatch(/could not (deliver|publish)/);
    } finally {
      onB.close();
    }
  });
});
