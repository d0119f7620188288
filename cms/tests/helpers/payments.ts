// Shared steps of the payments tests (SQLite and PostgreSQL): callers, tiers, coupons, purchases, ledgers.
import demo from '@writory/shared/demo-accounts.json';
import type supertest from 'supertest';
import { expect } from 'vitest';
import type { EmulatorUser } from './auth-emulator';
import type { CmsWithAuth } from './cms-with-auth';
import { HOUR, month } from './entries';

type Api = ReturnType<typeof supertest>;
type Caller = 'admin' | 'judge' | EmulatorUser;
const DAY_MS = 86_400_000;

export type PaymentsFixture = Awaited<ReturnType<typeof paymentsFixture>>;

export async function paymentsFixture(stack: CmsWithAuth, api: Api) {
  const { strapi } = stack.cms;
  const staff: Record<'admin' | 'judge', EmulatorUser> = {} as never;
  for (const role of ['admin', 'judge'] as const) {
    const account = demo.accounts.find((a) => a.role === role)!;
    staff[role] = await stack.emulator.createUser({ uid: account.uid, email: account.email, password: account.password });
  }
  let seq = 0;

  const as = (caller: Caller) => {
    const token = (typeof caller === 'string' ? staff[caller] : caller).idToken;
    const auth = (test: supertest.Test) => test.set('Authorization', `Bearer ${token}`);
    return {
      get: (path: string) => auth(api.get(path)),
      post: (path: string) => auth(api.post(path)),
      put: (path: string) => auth(api.put(path)),
      patch: (path: string) => auth(api.patch(path)),
    };
  };

  const tiers: { id: number; name: string }[] = (await as('admin').get('/api/admin/payments/tiers').expect(200)).body;
  const userIds = new Map<string, number>();

  async function userId(user: EmulatorUser): Promise<number> {
    if (!userIds.has(user.uid)) {
      const row = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: user.uid }, select: ['id'] });
      userIds.set(user.uid, row.id);
    }
    return userIds.get(user.uid)!;
  }

  const fx = {
    strapi,
    as,
    userId,

    /** A new poet, known to the cms (first sync done). */
    async poet(label: string, emailVerified = true, displayName?: string): Promise<EmulatorUser> {
      const user = await stack.emulator.createUser({ email: `${label}-${++seq}-${Date.now()}@writory.test`, emailVerified, displayName });
      await as(user).post('/api/users').send({ uid: user.uid }).expect(200);
      return user;
    },

    /** POST /api/users as the site sends it after sign-in, with a referral code the browser kept. */
    async sync(user: EmulatorUser, referralCode: string) {
      await as(user).post('/api/users').send({ uid: user.uid, referralCode }).expect(200);
    },

    tier(name: string) {
      const tier = tiers.find((t) => t.name === name);
      if (!tier) throw new Error(`no tier ${name}`);
      return tier;
    },

    async coupon(input: Record<string, unknown>) {
      return (await as('admin').post('/api/admin/payments/coupons').send(input).expect(201)).body;
    },

    async startCheckout(poet: EmulatorUser, tierName: string, currency: string, couponCode?: string) {
      const res = await as(poet)
        .post('/api/payments/checkout')
        .send({ tierId: fx.tier(tierName).id, currency, couponCode })
        .expect(201);
      const session = new URL(res.body.checkoutUrl, 'http://x').searchParams.get('session')!;
      return { order: res.body.order, session };
    },

    /** Checkout, then pay on the test page: the signed event completes it. */
    async buy(poet: EmulatorUser, tierName: string, currency: string, couponCode?: string) {
      const { session } = await fx.startCheckout(poet, tierName, currency, couponCode);
      const paid = await as(poet).post(`/api/payments/test-checkout/${session}`).send({ outcome: 'paid' }).expect(200);
      expect(paid.body.order.state).toBe('paid');
      return paid.body.order;
    },

    async credits(poet: EmulatorUser): Promise<number> {
      return (await as(poet).get('/api/payments/me').expect(200)).body.credits.available;
    },

    count: (uid: string, where: Record<string, unknown> = {}) => strapi.db.query(uid as never).count({ where }),

    /** Everything a refused payment request must leave as it was. */
    async ledgers() {
      const rows = (uid: string) => strapi.db.query(uid as never).findMany({ orderBy: { id: 'asc' } });
      const strip = (list: Record<string, unknown>[]) => list.map(({ updatedAt: _u, ...rest }) => rest);
      return {
        orders: strip(await rows('api::payment.order')),
        credits: strip(await rows('api::payment.entry-credit')),
        events: strip(await rows('api::payment.payment-event')),
        earnings: strip(await rows('api::earning.earning')),
        withdrawals: strip(await rows('api::earning.withdrawal')),
      };
    },

    async orderState(code: string) {
      return (await strapi.db.query('api::payment.order').findOne({ where: { code } })).state;
    },

    async notificationTitles(user: EmulatorUser): Promise<string[]> {
      const rows = await strapi.db.query('api::notification.notification').findMany({ where: { userId: await userId(user) }, orderBy: { id: 'asc' } });
      return rows.map((row: { title: string }) => row.title);
    },

    /** The poet's earnings ledger, newest first, with how many days each row is still pending. */
    async ledger(user: EmulatorUser) {
      const rows = await strapi.db
        .query('api::earning.earning')
        .findMany({ where: { userId: await userId(user) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
      return rows.map((row: { kind: string; amount: number; currency: string; availableAt: string | number }) => ({
        kind: row.kind,
        amount: row.amount,
        currency: row.currency,
        pendingDays: Math.max(0, Math.round((new Date(row.availableAt).getTime() - Date.now()) / DAY_MS)),
      }));
    },

    /** Gives a poet an available balance (a referral reward already out of its holding period). */
    async earn(user: EmulatorUser, currency: string, amount: number) {
      await strapi.db.query('api::earning.earning').create({
        data: { userId: await userId(user), currency, amount, kind: 'referral_reward', availableAt: new Date(Date.now() - DAY_MS) },
      });
    },

    /** Opens this month's contest for entries from yesterday to tomorrow, as an admin would. */
    async openContest() {
      const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
      await as('admin')
        .put(`/api/admin/contests/${month()}`)
        .send({ opensAt: at(-24), closesAt: at(24), resultsAt: at(72) })
        .expect(200);
    },

    /** Sets the free entries per poet per month (site settings); returns a function that puts the old value back. */
    async setFreeEntries(maxEntriesPerMonth: number): Promise<() => Promise<void>> {
      const settings = (await strapi.documents('api::site-setting.site-setting').findFirst()) as { documentId: string; maxEntriesPerMonth: number };
      const update = (value: number) =>
        strapi.documents('api::site-setting.site-setting').update({ documentId: settings.documentId, data: { maxEntriesPerMonth: value } as never });
      await update(maxEntriesPerMonth);
      return async () => void (await update(settings.maxEntriesPerMonth));
    },

    async setSettings(change: Record<string, unknown>) {
      const current = (await as('admin').get('/api/admin/payments/settings').expect(200)).body;
      return (
        await as('admin')
          .put('/api/admin/payments/settings')
          .send({ ...current, ...change })
          .expect(200)
      ).body;
    },
  };
  return fx;
}
