import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, type TestCms } from './helpers/strapi';
import { startTestPostgres, type TestPostgres } from './helpers/postgres';

describe('cms on PostgreSQL', () => {
  let pg: TestPostgres;
  let cms: TestCms;
  beforeAll(async () => {
    pg = await startTestPostgres();
    cms = await startTestCms(pg.env);
  });
  afterAll(async () => {
    await cms?.stop();
    await pg?.stop();
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
