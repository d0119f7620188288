// The money paths that lean on the database under concurrency, on PostgreSQL (a pool of connections, so
// requests really overlap): withdrawals against one balance, credits spent by parallel entries, a coupon's last
// use, a webhook delivered several times at once, and the revenue sums.
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { paymentsFixture, type PaymentsFixture } from './helpers/payments';
import { startTestPostgres, type TestPostgres } from './helpers/postgres';

describe('payments on PostgreSQL', () => {
  let pg: TestPostgres;
  let stack: CmsWithAuth;
  let fx: PaymentsFixture;

  beforeAll(async () => {
    pg = await startTestPostgres();
    stack = await startCmsWithAuth(pg.env);
    const server = stack.cms.strapi.server.httpServer;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fx = await paymentsFixture(stack, supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });

  afterAll(async () => {
    await stack?.stop();
    await pg?.stop();
  });

  it('twenty concurrent withdrawal requests against one balance never overdraw it', async () => {
    const poet = await fx.poet('pg-burst');
    await fx.setSettings({ withdrawalMinimums: [{ currency: 'INR', amount: 1000 }], payoutMethods: ['upi'] });
    await fx.earn(poet, 'INR', 10000);
    await fx.earn(poet, 'INR', 5000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fx.as(poet).post('/api/earnings/withdrawals').send({ currency: 'INR', amount: 2000, method: 'upi', details: { upiId: 'pg.burst@okicici' } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    expect(answers.find((r) => r.status === 409)!.body.error.message).toMatch(/is available/);
    const earnings = (await fx.as(poet).get('/api/earnings/me').expect(200)).body;
    expect(earnings.balances).toEqual([{ currency: 'INR', available: 1000, pending: 0 }]);
    expect(earnings.withdrawals).toHaveLength(7);
    expect(earnings.ledger.reduce((sum: number, row: { amount: number }) => sum + row.amount, 0)).toBe(1000);
  });

  it('parallel entries spend each credit once', async () => {
    const poet = await fx.poet('pg-entries');
    await fx.buy(poet, 'Trio', 'INR');
    const userId = await fx.userId(poet);
    const month = (await fx.as(poet).get('/api/payments/me').expect(200)).body.month;
    const credits = fx.strapi.service('api::payment.credits');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => fx.strapi.db.transaction(() => credits.consume(userId, month, 700000 + i))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals.every((r) => r.reason.status === 402)).toBe(true);
    expect(await credits.available(userId, month)).toBe(0);
  });

  it('a coupon’s last use goes to one checkout only', async () => {
    await fx.coupon({ code: 'PGLAST', discountType: 'percent', percentOff: 100, maxUses: 1 });
    const poets = await Promise.all(Array.from({ length: 6 }, (_, i) => fx.poet(`pg-coupon-${i}`)));
    const answers = await Promise.all(poets.map((p) => fx.as(p).post('/api/payments/checkout').send({ tierId: fx.tier('Single').id, currency: 'USD', couponCode: 'PGLAST' })));
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
