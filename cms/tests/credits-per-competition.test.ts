// Limits per competition (issue 37): entry credits serve the competition they were bought for, unless the admin
// shares them across competitions (site setting creditsShared); a refusal names the competition; a checkout
// says which competition its credits are for; credits from before competitions are poetry's.
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { bearer, entryClient, HOUR, month } from './helpers/entries';
import { getService } from '../src/services';

const CREDIT = 'api::payment.entry-credit';
const COMPETITION = 'api::competition.competition';

describe('entry credits per competition', () => {
  let stack: CmsWithAuth;
  let api: ReturnType<typeof supertest>;
  let admin: EmulatorUser;
  let poet: EmulatorUser;
  let poetId: number;
  const db = (uid: string) => stack.cms.strapi.db.query(uid as never);
  const allowance = async (competition: string) => (await api.get(`/api/entries/allowance?competition=${competition}`).set(bearer(poet)).expect(200)).body;
  const setShared = async (creditsShared: boolean) => {
    const settings = (await api.get('/api/admin/settings').set(bearer(admin)).expect(200)).body;
    await api
      .put('/api/admin/settings')
      .set(bearer(admin))
      .send({ ...settings, creditsShared })
      .expect(200);
  };

  beforeAll(async () => {
    stack = await startCmsWithAuth();
    api = stack.cms.api;
    const client = entryClient(api, stack.emulator, stack.cms.strapi);
    admin = await client.account('credits-admin', { role: 'admin' });
    poet = await client.account('credits-poet');
    poetId = (await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: poet.uid }, select: ['id'] })).id;
    // Story and poetry both open now, with no free entries: every entry needs a credit.
    const now = Date.now();
    for (const competition of ['poetry', 'story']) {
      await api
        .put(`/api/admin/contests/${month()}?competition=${competition}`)
        .set(bearer(admin))
        .send({
          opensAt: new Date(now - HOUR).toISOString(),
          closesAt: new Date(now + 48 * HOUR).toISOString(),
          resultsAt: new Date(now + 96 * HOUR).toISOString(),
        })
        .expect(200);
    }
    await db(COMPETITION).update({ where: { slug: 'story' }, data: { freeEntriesPerMonth: 0 } });
    const settings = (await api.get('/api/admin/settings').set(bearer(admin)).expect(200)).body;
    await api
      .put('/api/admin/settings')
      .set(bearer(admin))
      .send({ ...settings, maxEntriesPerMonth: 0 })
      .expect(200);
    // Two poetry credits bought for this month.
    await db(CREDIT).create({ data: { userId: poetId, month: month(), competitionSlug: 'poetry', delta: 2, reason: 'purchase' } });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('spends poetry’s credits on poetry only, and the story refusal names the Story competition', async () => {
    await setShared(false);
    expect(await allowance('poetry')).toMatchObject({ credits: 2, remaining: 2, blocker: null });
    const story = await allowance('story');
    expect(story).toMatchObject({ competition: { slug: 'story' }, credits: 0, remaining: 0 });
    expect(story.blocker.message).toMatch(/^You have entered 0 stories in the Story Competition’s .* contest/);
  });

  it('lets every competition use the credits when the admin shares them', async () => {
    await setShared(true);
    try {
      expect(await allowance('story')).toMatchObject({ credits: 2, remaining: 2, blocker: null });
      const mine = (await api.get('/api/payments/me?competition=story').set(bearer(poet)).expect(200)).body;
      expect(mine.credits).toMatchObject({ competition: null, available: 2 });
    } finally {
      await setShared(false);
    }
    const mine = (await api.get('/api/payments/me?competition=story').set(bearer(poet)).expect(200)).body;
    expect(mine.credits).toMatchObject({ competition: 'story', available: 0 });
  });

  it('grants an order’s credits to the competition it names', async () => {
    const credits = getService(stack.cms.strapi, 'api::payment.credits');
    const before = await credits.available(poetId, '2031-01', 'story');
    await stack.cms.strapi.db.transaction(() =>
      credits.grant({ id: 987_654, userId: poetId, month: '2031-01', entries: 3, competitionSlug: 'story' } as never),
    );
    expect(await credits.available(poetId, '2031-01', 'story')).toBe(before + 3);
    expect(await credits.available(poetId, '2031-01', 'poetry')).toBe(0);
  });

  it('refuses a checkout for a competition that does not exist, naming the ones there are', async () => {
    const res = await api.post('/api/payments/checkout').set(bearer(poet)).send({ tierId: 1, currency: 'INR', competition: 'no-such-thing' });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.error.message).toMatch(/^There is no competition "no-such-thing"\. Choose one of: poetry, story, regional-languages/);
  });

  it('makes credits from before competitions poetry’s, once', async () => {
    await db(CREDIT).create({ data: { userId: poetId, month: '2030-02', delta: 1, reason: 'purchase' } });
    const credits = getService(stack.cms.strapi, 'api::payment.credits');
    expect(await credits.migrateToPoetry()).toBeGreaterThanOrEqual(1);
    expect(await credits.migrateToPoetry()).toBe(0);
    expect(await credits.available(poetId, '2030-02', 'poetry')).toBe(1);
  });
});
