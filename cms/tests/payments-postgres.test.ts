// The money paths that lean on the database under concurrency, on PostgreSQL (a pool of connections, so
// requests really overlap): withdrawals against one balance, credits spent by parallel entries, a coupon's last
// use, a webhook delivered several times at once, and the revenue sums.
import { Client } from 'pg';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCmsOnPostgres, type CmsWithAuthOnPostgres } from './helpers/cms-on-postgres';
import { entryClient, month } from './helpers/entries';
import { paymentsFixture, type PaymentsFixture } from './helpers/payments';
import type { TestPostgres } from './helpers/postgres';

describe('payments on PostgreSQL', () => {
  let pg: TestPostgres;
  let stack: CmsWithAuthOnPostgres;
  let fx: PaymentsFixture;
  let api: ReturnType<typeof supertest>;

  beforeAll(async () => {
    stack = await startCmsOnPostgres();
    ({ pg, api } = stack);
    fx = await paymentsFixture(stack, api);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * Takes one poet's money lock (the advisory lock every balance check of theirs takes first) on a connection of
   * the test's own, so requests pile up behind it: the race is made to happen, not hoped for.
   */
  async function holdMoneyLock(userId: number) {
    const MONEY_LOCK = 7301; // LOCK.userMoney in src/lib/money-db.ts
    const client = new Client({ connectionString: pg.env.DATABASE_URL });
    await client.connect();
    await client.query('select pg_advisory_lock($1, $2)', [MONEY_LOCK, userId]);
    let open = true;
    return {
      /** Database sessions waiting for the lock right now. */
      async waiting(): Promise<number> {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where d.datname = current_database() and locktype = 'advisory' and classid = $1 and objid = $2 and not granted",
          [MONEY_LOCK, userId],
        );
        return rows[0].n;
      },
      /** Ends the test's session, which lets the lock go (again: nothing). */
      async release() {
        if (!open) return;
        open = false;
        await client.end();
      },
    };
  }

  it('twenty concurrent withdrawal requests against one balance never overdraw it', async () => {
    const poet = await fx.poet('pg-burst');
    await fx.setSettings({ withdrawalMinimums: [{ currency: 'INR', amount: 1000 }], payoutMethods: ['upi'] });
    await fx.earn(poet, 'INR', 10000);
    await fx.earn(poet, 'INR', 5000);
    const lock = await holdMoneyLock(await fx.userId(poet));
    let answers: supertest.Response[];
    try {
      const requests = Promise.all(
        Array.from({ length: 20 }, () =>
          fx
            .as(poet)
            .post('/api/earnings/withdrawals')
            .send({ currency: 'INR', amount: 2000, method: 'upi', details: { upiId: 'pg.burst@okicici' } }),
        ),
      );
      // As many requests as the cms's pool can run at once are inside their balance check, all at the same lock.
      const poolMax = fx.strapi.config.get('database.connection.pool.max') as number;
      await vi.waitFor(async () => expect(await lock.waiting()).toBe(poolMax), { timeout: 30_000, interval: 100 });
      await lock.release();
      answers = await requests;
    } finally {
      await lock.release();
    }
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    expect(answers.find((r) => r.status === 409)!.body.error.message).toMatch(/is available/);
    const earnings = (await fx.as(poet).get('/api/earnings/me').expect(200)).body;
    expect(earnings.balances).toEqual([{ currency: 'INR', available: 1000, pending: 0 }]);
    expect(earnings.withdrawals).toHaveLength(7);
    expect(earnings.ledger.reduce((sum: number, row: { amount: number }) => sum + row.amount, 0)).toBe(1000);
  });

  it('parallel entries spend each credit once, and a refused one stores nothing', async () => {
    const { strapi } = fx;
    const client = entryClient(api, stack.emulator, strapi);
    await fx.openContest();
    const restoreFree = await fx.setFreeEntries(0);
    try {
      const poet = await client.account('pg-entries');
      await fx.buy(poet, 'Trio', 'INR');
      const userId = await fx.userId(poet);
      const results = await Promise.all(Array.from({ length: 6 }, () => client.enter(poet)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 402, 402, 402]);
      const entries = await strapi.db.query('api::entry.entry').findMany({ where: { poet: { id: userId } }, select: ['id'] });
      expect(entries).toHaveLength(3);
      const debits = await strapi.db.query('api::payment.entry-credit').findMany({ where: { userId, reason: 'entry' } });
      expect(debits.map((row: { entryId: number }) => row.entryId).sort()).toEqual(entries.map((row: { id: number }) => row.id).sort());
      expect(await strapi.service('api::payment.credits').available(userId, month())).toBe(0);
    } finally {
      await restoreFree();
    }
  });

  it('a coupon’s last use goes to one checkout only', async () => {
    await fx.coupon({ code: 'PGLAST', discountType: 'percent', percentOff: 100, maxUses: 1 });
    const poets = await Promise.all(Array.from({ length: 6 }, (_, i) => fx.poet(`pg-coupon-${i}`)));
    const answers = await Promise.all(
      poets.map((p) =>
        fx
          .as(p)
          .post('/api/payments/checkout')
          .send({ tierId: fx.tier('Single').id, currency: 'USD', couponCode: 'PGLAST' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect(await fx.count('api::payment.order', { couponCode: 'PGLAST' })).toBe(1);
  });

  it('a webhook delivered five times at once grants the credits once', async () => {
    const poet = await fx.poet('pg-hook');
    const { session } = await fx.startCheckout(poet, 'Quintet', 'USD');
    const answers = await Promise.all(Array.from({ length: 5 }, () => fx.as(poet).post(`/api/payments/test-checkout/${session}`).send({ outcome: 'paid' })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await fx.credits(poet)).toBe(5);
    expect(await fx.count('api::payment.entry-credit', { userId: await fx.userId(poet) })).toBe(1);
  });

  it('revenue totals equal the sum of paid orders minus refunds', async () => {
    const poet = await fx.poet('pg-refund');
    const order = await fx.buy(poet, 'Single', 'INR');
    await fx.as('admin').post(`/api/admin/payments/orders/${order.code}/refund`).expect(200);
    const report = (await fx.as('admin').get('/api/admin/payments/revenue').expect(200)).body;
    const orders = await fx.strapi.db.query('api::payment.order').findMany({ where: { state: { $in: ['paid', 'refunded'] }, currency: 'INR' } });
    const gross = orders.reduce((sum: number, o: { total: number }) => sum + o.total, 0);
    const refunds = orders.filter((o: { state: string }) => o.state === 'refunded').reduce((sum: number, o: { total: number }) => sum + o.total, 0);
    expect(report.currencies.find((c: { currency: string }) => c.currency === 'INR').totals).toMatchObject({ gross, refunds, net: gross - refunds });
    expect(refunds).toBeGreaterThan(0);
  });
});
