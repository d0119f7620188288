// The admin operations' own SQL on PostgreSQL: visit roll-ups (upserts), the dashboard's aggregates, the
// export's keyset pages, and the admin-role lock that keeps one active admin.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsOnPostgres, type CmsOnPostgres } from './helpers/cms-on-postgres';
import type { TestCms } from './helpers/strapi';
import { story } from './helpers/story';

const USER = 'plugin::users-permissions.user';

describe('admin operations on PostgreSQL', () => {
  let stack: CmsOnPostgres;
  let cms: TestCms;
  beforeAll(async () => {
    stack = await startCmsOnPostgres({}, { auth: false });
    ({ cms } = stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  // The visits stored first are exported next; the admin demoted here is a poet in the audiences after: steps of one story.
  const steps = story();
  const visits = () => cms.strapi.service('api::visit.visit');
  const visit = (visitorId: string, page: string, day: string, hour: number) => ({
    visitorId,
    userType: 'anonymous' as const,
    userId: null,
    page,
    device: 'mobile' as const,
    day,
    visitedAt: new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`),
  });

  it(
    'rolls visits up across batches and aggregates a range',
    steps.step(async () => {
      await visits().store([visit('pg-a', '/', '2021-03-01', 1), visit('pg-a', '/', '2021-03-01', 2), visit('pg-b', '/wall', '2021-03-02', 1)]);
      await visits().store([visit('pg-a', '/', '2021-03-01', 3), visit('pg-c', '/wall', '2021-03-02', 2)]);
      const summary = await visits().summary({ from: '2021-03-01', to: '2021-03-02' });
      expect(summary).toMatchObject({
        totals: { visits: 5, uniqueVisitors: 3 },
        days: [
          { day: '2021-03-01', visits: 3, uniqueVisitors: 1 },
          { day: '2021-03-02', visits: 2, uniqueVisitors: 2 },
        ],
        topPages: [
          { page: '/', visits: 3 },
          { page: '/wall', visits: 2 },
        ],
        devices: { mobile: 5, desktop: 0 },
      });
    }),
  );

  it(
    'pages through an export in order',
    steps.step(async () => {
      const rows: (string | null)[][] = [];
      for await (const page of visits().exportRows({ from: '2021-03-01', to: '2021-03-02' })) rows.push(...page);
      expect(rows.map((row) => [row[0], row[3]])).toEqual([
        ['pg-a', '2021-03-01T01:00:00.000Z'],
        ['pg-a', '2021-03-01T02:00:00.000Z'],
        ['pg-a', '2021-03-01T03:00:00.000Z'],
        ['pg-b', '2021-03-02T01:00:00.000Z'],
        ['pg-c', '2021-03-02T02:00:00.000Z'],
      ]);
      expect(Papa.parse(rows.map((row) => row.join(',')).join('\n')).data).toHaveLength(5);
    }),
  );

  it(
    'lets only one of two admins demoting each other succeed',
    steps.step(async () => {
      const users = cms.strapi.db.query(USER);
      const adminRole = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'admin' } });
      await users.create({
        data: {
          username: 'pg-second',
          email: 'pg-second@writory.test',
          provider: 'firebase',
          confirmed: true,
          firebaseUid: 'pg-second',
          emailVerified: true,
          role: adminRole.id,
        },
      });
      const actor = (uid: string) => users.findOne({ where: { firebaseUid: uid }, populate: ['role'] });
      const [one, two] = [await actor('demo-admin-0001'), await actor('pg-second')];
      const service = cms.strapi.service('api::user.admin-users');
      const results = await Promise.allSettled([service.setRole(one, 'pg-second', 'authenticated'), service.setRole(two, 'demo-admin-0001', 'authenticated')]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
      expect(await users.count({ where: { role: { type: 'admin' }, suspendedAt: { $null: true } } })).toBe(1);
    }),
  );

  it(
    'counts the reminder audiences',
    steps.step(async () => {
      const { audiences } = await cms.strapi.service('api::email-reminder.email-reminder').audienceCounts();
      // Verified poets: the two demo poets (each entered this month with the demo data) and the admin made a poet above.
      expect(Object.fromEntries(audiences.map((a: { id: string; count: number }) => [a.id, a.count]))).toEqual({
        'verified-poets': 3,
        'not-entered-this-month': 1,
        'entered-this-month': 2,
      });
    }),
  );
});
