import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsOnPostgres, type CmsOnPostgres } from './helpers/cms-on-postgres';
import type { TestCms } from './helpers/strapi';

describe('cms on PostgreSQL', () => {
  let stack: CmsOnPostgres;
  let cms: TestCms;
  beforeAll(async () => {
    // A new installation: the cms makes every table itself (the other files copy the run's template).
    stack = await startCmsOnPostgres({}, { auth: false, emptyDatabase: true });
    ({ cms } = stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('boots, migrates and answers the health check on PostgreSQL', async () => {
    const res = await cms.api.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('serves the seeded testimonials from PostgreSQL', async () => {
    const res = await cms.api.get('/api/testimonials').expect(200);
    expect(res.body.length).toBeGreaterThan(0);
  });
});
