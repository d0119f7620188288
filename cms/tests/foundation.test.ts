import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { listening, startTestCms, type TestCms } from './helpers/strapi';

function getOn(agent: http.Agent, url: string): Promise<{ status: number; keepAlive: string | string[] | undefined; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, keepAlive: res.headers['keep-alive'], reusedSocket: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

describe('cms foundation on SQLite', () => {
  let cms: TestCms;
  beforeAll(async () => {
    // A new installation: the cms makes every table itself (the other files copy the run's template).
    cms = await startTestCms({}, { emptyDatabase: true });
  });
  afterAll(async () => {
    await cms?.stop();
  });

  it('answers the health check with the database it uses', async () => {
    const res = await cms.api.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'sqlite' });
  });

  it('counts requests per route pattern in Prometheus metrics, read from the local network only', async () => {
    await cms.api.get('/api/site-settings').expect(200);
    await cms.api.get('/api/site-settings').expect(200);
    await cms.api.get('/api/users/uid-that-must-not-become-a-label').expect(404);
    const res = await cms.api.get('/api/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const count = (labels: string) => Number(new RegExp(`^writory_http_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(res.text)?.[1] ?? 0);
    expect(count('method="GET",route="/api/site-settings",status="200"')).toBeGreaterThanOrEqual(2);
    expect(count('method="GET",route="/api/users/:uid",status="404"')).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toContain('uid-that-must-not-become-a-label');
    expect(res.text).toMatch(/^writory_http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/site-settings"\} \d+$/m);
    expect(res.text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);

    const outside = await cms.api.get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').expect(403);
    expect(outside.body.error.message).toBe('Only the local network may read this.');
  });

  it('runs SQLite in WAL mode with a busy timeout', async () => {
    const [mode] = await cms.strapi.db.connection.raw('PRAGMA journal_mode');
    const [timeout] = await cms.strapi.db.connection.raw('PRAGMA busy_timeout');
    expect(mode.journal_mode).toBe('wal');
    expect(Object.values(timeout)[0]).toBe(5000);
  });

  it('serves public site settings for the footer', async () => {
    const res = await cms.api.get('/api/site-settings').expect(200);
    expect(res.body.contactEmail).toMatch(/@/);
    expect(res.body.whatsappNumbers).toHaveLength(2);
    expect(res.body.socialLinks.map((l: { label: string }) => l.label)).toContain('Instagram');
  });

  it('serves published testimonials only, with both picture spellings', async () => {
    const res = await cms.api.get('/api/testimonials').expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const testimonial of res.body) {
      expect(testimonial).toHaveProperty('profile_picture');
      expect(testimonial).toHaveProperty('profilePicture');
      expect(typeof testimonial.name).toBe('string');
    }
  });

  it('seeds the demo accounts with their roles', async () => {
    const admin = await cms.strapi.db.query('plugin::users-permissions.user').findOne({
      where: { email: 'admin@writory.local' },
      populate: ['role'],
    });
    expect(admin.firebaseUid).toBe('demo-admin-0001');
    expect(admin.role.type).toBe('admin');
  });

  it('has dropped the plugin’s local sign-up and login routes', async () => {
    const users = cms.strapi.db.query('plugin::users-permissions.user');
    const before = await users.count();
    const res = await cms.api.post('/api/auth/local/register').send({ username: 'intruder', email: 'x@example.com', password: 'secret123' });
    expect([404, 405]).toContain(res.status);
    expect(res.body?.jwt).toBeUndefined();
    expect(await users.count()).toBe(before);
    const login = await cms.api.post('/api/auth/local').send({ identifier: 'poet@writory.local', password: 'WritoryPoet1!' });
    expect([404, 405]).toContain(login.status);
    expect(login.body?.jwt).toBeUndefined();
  });

  it('creates the current contest month', async () => {
    const contests = await cms.strapi.documents('api::contest.contest').findMany({});
    expect(contests.length).toBe(1);
    expect(contests[0].month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('keeps an idle connection open longer than its clients keep theirs, so none is reset as it reuses one', async () => {
    const base = await listening(cms);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getOn(agent, `${base}/api/health`);
      expect(first).toMatchObject({ status: 200, keepAlive: 'timeout=65' });
      // Real idle time on a real socket (fake timers cannot hold a kernel connection): past Node's default of 5 s.
      await sleep(6_000);
      const second = await getOn(agent, `${base}/api/health`);
      expect(second).toEqual({ status: 200, keepAlive: 'timeout=65', reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});
