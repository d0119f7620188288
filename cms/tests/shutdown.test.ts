// Shutdown waits for the work a request started and did not wait for (a receipt mailed after a commit, a
// reminder's batches, a cron tick), so nothing queries the database after its pool has closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundCount, runInBackground } from './helpers/background';
import { startTestCms, type TestCms } from './helpers/strapi';

describe('shutdown', () => {
  let cms: TestCms;
  let stopped = false;
  beforeAll(async () => {
    cms = await startTestCms();
  });
  afterAll(async () => {
    if (!stopped) await cms?.stop();
  });

  it('waits for background work that still queries the database, then refuses new work', async () => {
    const users = () => cms.strapi.db.query('plugin::users-permissions.user');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    const closeDatabase = cms.strapi.db.destroy.bind(cms.strapi.db);
    cms.strapi.db.destroy = async () => {
      events.push('database closed');
      await closeDatabase();
    };
    let counted: number | null = null;
    void runInBackground(cms.strapi, 'test: a late query', async () => {
      await released;
      counted = await users().count();
      events.push('late query answered');
    });
    expect(backgroundCount(cms.strapi)).toBe(1);
    stopped = true;
    const stopping = cms.stop();
    // The task queries only once shutdown has begun: the pool must still be open for it.
    release();
    await stopping;
    expect(counted).toBeGreaterThan(0);
    expect(events).toEqual(['late query answered', 'database closed']);
    expect(backgroundCount(cms.strapi)).toBe(0);

    let ran = false;
    await runInBackground(cms.strapi, 'test: after shutdown', async () => {
      ran = true;
    });
    expect(ran).toBe(false);
  });
});
