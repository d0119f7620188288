// Paid entry end to end on the server, in test-payments mode: tiers, coupons, checkout, the signed Stripe
// webhook (signature, idempotency, unknown orders), credits, refunds, the revenue report, referrals, earnings
// and withdrawals. Real cms on SQLite, real Firebase Auth emulator users; every refusal leaves the ledgers as
// they were.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TEST_WEBHOOK_SECRET } from '../src/api/payment/services/gateway';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { entryClient, month } from './helpers/entries';
import { paymentsFixture, type PaymentsFixture } from './helpers/payments';

let stack: CmsWithAuth;
let api: ReturnType<typeof supertest>;
let fx: PaymentsFixture;
const stripe = new Stripe('sk_test_unused');

const signedEvent = (event: Record<string, unknown>, secret = LOCAL_TEST_WEBHOOK_SECRET) => {
  const payload = JSON.stringify({ object: 'event', created: Math.floor(Date.now() / 1000), livemode: false, ...event });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};
const postWebhook = ({ payload, signature }: { payload: string; signature?: string }) => {
  const req = api.post('/api/payments/webhook').set('content-type', 'application/json');
  return (signature ? req.set('stripe-signature', signature) : req).send(payload);
};

beforeAll(async () => {
  stack = await startCmsWithAuth();
  const server = stack.cms.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  fx = await paymentsFixture(stack, api);
});

afterAll(async () => {
  await stack?.stop();
});

describe('tiers', () => {
  it('lists the active tiers with integer prices, in test-payments mode', async () => {
    const res = await api.get('/api/payments/tiers').expect(200);
    expect(res.body).toMatchObject({ mode: 'test', testMode: true, currencies: ['INR', 'USD'] });
    expect(res.body.tiers.map((t: { name: string }) => t.name)).toEqual(['Single', 'Trio', 'Quintet']);
    expect(res.body.tiers[1]).toMatchObject({
      entries: 3,
      prices: [
        { currency: 'INR', amount: 24900 },
        { currency: 'USD', amount: 699 },
      ],
    });
  });

  it('lets an admin add, change and retire a tier', async () => {
    const created = await fx
      .as('admin')
      .post('/api/admin/payments/tiers')
      .send({
        name: 'Decade',
        entries: 10,
        active: true,
        prices: [
          { currency: 'INR', amount: 69900 },
          { currency: 'EUR', amount: 1500 },
        ],
      })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'Decade',
      entries: 10,
      prices: [
        { currency: 'INR', amount: 69900 },
        { currency: 'EUR', amount: 1500 },
      ],
    });
    const catalogue = (await api.get('/api/payments/tiers').expect(200)).body;
    expect(catalogue.currencies).toEqual(['INR', 'USD', 'EUR']);
    await fx
      .as('admin')
      .put(`/api/admin/payments/tiers/${created.body.id}`)
      .send({ name: 'Decade', entries: 10, active: false, prices: [{ currency: 'INR', amount: 59900 }] })
      .expect(200);
    const after = (await api.get('/api/payments/tiers').expect(200)).body;
    expect(after.tiers.some((t: { name: string }) => t.name === 'Decade')).toBe(false);
    const admin = (await fx.as('admin').get('/api/admin/payments/tiers').expect(200)).body;
    expect(admin.find((t: { id: number }) => t.id === created.body.id)).toMatchObject({ active: false, prices: [{ currency: 'INR', amount: 59900 }] });
  });

  it.each([
    ['a negative price', { prices: [{ currency: 'INR', amount: -1 }] }, /cannot be negative/],
    ['a fractional price', { prices: [{ currency: 'INR', amount: 99.5 }] }, /whole number of minor units/],
    ['a price as text', { prices: [{ currency: 'INR', amount: '99.00' }] }, /number of minor units/],
    ['an unknown currency', { prices: [{ currency: 'XYZ', amount: 100 }] }, /Currency must be one of INR, USD, EUR, GBP/],
    [
      'a currency twice',
      {
        prices: [
          { currency: 'USD', amount: 100 },
          { currency: 'USD', amount: 200 },
        ],
      },
      /USD is listed twice/,
    ],
    ['no price', { prices: [] }, /at least one currency/],
    ['zero entries', { entries: 0 }, /at least 1 entry/],
  ])('refuses %s with a 422 and stores nothing', async (_name, change, message) => {
    const before = await fx.count('api::payment.entry-tier');
    const res = await fx
      .as('admin')
      .post('/api/admin/payments/tiers')
      .send({ name: 'Bad', entries: 2, active: true, prices: [{ currency: 'INR', amount: 100 }], ...change })
      .expect(422);
    expect(res.body.error.message).toMatch(message);
    expect(await fx.count('api::payment.entry-tier')).toBe(before);
  });
});

describe('coupons', () => {
  it('refuses malformed coupons and duplicate codes', async () => {
    const before = await fx.count('api::payment.coupon');
    const bad = [
      [{ code: 'X', discountType: 'percent', percentOff: 10 }, /3 to 32 letters/],
      [{ code: 'HALF', discountType: 'percent', percentOff: 150 }, /between 1 and 100/],
      [{ code: 'HALF', discountType: 'percent', percentOff: 12.5 }, /whole number/],
      [{ code: 'FIVE', discountType: 'fixed', amountOff: 500 }, /needs the currency/],
      [{ code: 'FIVE', discountType: 'fixed', amountOff: -500, currency: 'USD' }, /cannot be negative/],
      [{ code: 'LATE', discountType: 'percent', percentOff: 5, validFrom: '2030-01-02T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' }, /after valid from/],
      [{ code: 'NOTIER', discountType: 'percent', percentOff: 5, tierIds: [999999] }, /No tier with id 999999/],
    ] as const;
    for (const [body, message] of bad) {
      const res = await fx.as('admin').post('/api/admin/payments/coupons').send(body).expect(422);
      expect(res.body.error.message).toMatch(message);
    }
    const dup = await fx.as('admin').post('/api/admin/payments/coupons').send({ code: 'welcome10', discountType: 'percent', percentOff: 5 }).expect(409);
    expect(dup.body.error.message).toMatch(/already has this code/);
    expect(await fx.count('api::payment.coupon')).toBe(before);
  });

  it('prices a quote: percent and fixed, and names why a coupon does not apply', async () => {
    const poet = await fx.poet('quote');
    const trio = fx.tier('Trio');
    await fx.coupon({ code: 'QUARTER', discountType: 'percent', percentOff: 25 });
    await fx.coupon({ code: 'TWOUSD', discountType: 'fixed', amountOff: 200, currency: 'USD' });
    await fx.coupon({ code: 'OLD', discountType: 'percent', percentOff: 50, validUntil: '2020-01-31T00:00:00Z' });
    await fx.coupon({ code: 'SOON', discountType: 'percent', percentOff: 50, validFrom: '2099-01-01T00:00:00Z' });
    await fx.coupon({ code: 'SINGLEONLY', discountType: 'percent', percentOff: 50, tierIds: [fx.tier('Single').id] });
    const off = await fx.coupon({ code: 'SWITCHEDOFF', discountType: 'percent', percentOff: 50 });
    await fx.as('admin').patch(`/api/admin/payments/coupons/${off.id}`).send({ disabled: true }).expect(200);

    const quote = (body: object) =>
      fx
        .as(poet)
        .post('/api/payments/quote')
        .send({ tierId: trio.id, ...body });
    expect((await quote({ currency: 'INR', couponCode: 'quarter' }).expect(200)).body).toMatchObject({
      subtotal: 24900,
      discount: 6225,
      total: 18675,
      coupon: { code: 'QUARTER' },
    });
    expect((await quote({ currency: 'USD', couponCode: 'TWOUSD' }).expect(200)).body).toMatchObject({ subtotal: 699, discount: 200, total: 499 });
    for (const [body, message] of [
      [{ currency: 'INR', couponCode: 'TWOUSD' }, /takes \$2\.00 off USD orders only/],
      [{ currency: 'INR', couponCode: 'OLD' }, /expired on 2020-01-31/],
      [{ currency: 'INR', couponCode: 'SOON' }, /can be used from 2099-01-01/],
      [{ currency: 'INR', couponCode: 'SINGLEONLY' }, /does not apply to the Trio tier/],
      [{ currency: 'INR', couponCode: 'SWITCHEDOFF' }, /no longer available/],
      [{ currency: 'INR', couponCode: 'NOPE' }, /There is no coupon NOPE/],
      [{ currency: 'GBP' }, /no GBP price/],
      [{ currency: 'JPY' }, /Currency must be one of/],
    ] as const) {
      const res = await quote(body).expect(422);
      expect(res.body.error.message).toMatch(message);
    }
  });
});

describe('checkout and the webhook', () => {
  it('buys a tier with a coupon: pending order, test checkout, signed event, credits granted once', async () => {
    const poet = await fx.poet('buyer');
    await fx.coupon({ code: 'HALFTRIO', discountType: 'percent', percentOff: 50 });
    const started = await fx
      .as(poet)
      .post('/api/payments/checkout')
      .send({ tierId: fx.tier('Trio').id, currency: 'INR', couponCode: 'HALFTRIO' })
      .expect(201);
    expect(started.body.order).toMatchObject({
      state: 'pending',
      subtotal: 24900,
      discount: 12450,
      total: 12450,
      couponCode: 'HALFTRIO',
      provider: 'stripe_test',
      testMode: true,
    });
    expect(started.body.checkoutUrl).toMatch(/^\/checkout-test\?session=cs_test_writory_/);
    const session = new URL(started.body.checkoutUrl, 'http://x').searchParams.get('session')!;

    // Another poet cannot see or pay it.
    const other = await fx.poet('snoop');
    await fx.as(other).get(`/api/payments/test-checkout/${session}`).expect(404);
    await fx.as(other).post(`/api/payments/test-checkout/${session}`).send({ outcome: 'paid' }).expect(404);
    expect((await fx.as(poet).get('/api/payments/me').expect(200)).body.credits.available).toBe(0);

    const page = await fx.as(poet).get(`/api/payments/test-checkout/${session}`).expect(200);
    expect(page.body.order.code).toBe(started.body.order.code);
    const paid = await fx.as(poet).post(`/api/payments/test-checkout/${session}`).send({ outcome: 'paid' }).expect(200);
    expect(paid.body.order).toMatchObject({ state: 'paid' });
    expect(paid.body.redirectUrl).toBe(`/submit?order=${started.body.order.code}&checkout=success`);

    const mine = (await fx.as(poet).get('/api/payments/me').expect(200)).body;
    expect(mine.credits).toMatchObject({ available: 3, purchased: 3, used: 0 });
    expect(mine.orders[0]).toMatchObject({ code: started.body.order.code, state: 'paid' });
    expect(await fx.notificationTitles(poet)).toContain('Payment received');

    // Paying again (a second click, a replay) changes nothing.
    await fx.as(poet).post(`/api/payments/test-checkout/${session}`).send({ outcome: 'paid' }).expect(200);
    expect((await fx.as(poet).get('/api/payments/me').expect(200)).body.credits.available).toBe(3);
  });

  it('verifies signatures (400), refuses unknown orders (404) and mismatched amounts (422), and stores nothing for them', async () => {
    const poet = await fx.poet('hooks');
    const { order, session } = await fx.startCheckout(poet, 'Single', 'USD');
    const before = await fx.ledgers();
    const completed = (id: string, object: Record<string, unknown> = {}) => ({
      id,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: session,
          object: 'checkout.session',
          amount_total: 299,
          currency: 'usd',
          payment_status: 'paid',
          payment_intent: `pi_${id}`,
          metadata: { orderCode: order.code },
          ...object,
        },
      },
    });

    const wrongSecret = signedEvent(completed('evt_wrong'), 'whsec_someone_else');
    expect((await postWebhook(wrongSecret).expect(400)).body.error.message).toMatch(/Invalid Stripe signature/);
    const tampered = signedEvent(completed('evt_tamper'));
    await postWebhook({ payload: tampered.payload.replace('"amount_total":299', '"amount_total":1'), signature: tampered.signature }).expect(400);
    expect((await postWebhook({ payload: tampered.payload }).expect(400)).body.error.message).toMatch(/Missing Stripe-Signature/);
    const unknown = await postWebhook(signedEvent(completed('evt_unknown', { id: 'cs_nobody', metadata: {} }))).expect(404);
    expect(unknown.body.error.message).toMatch(/No order matches checkout session cs_nobody/);
    const mismatch = await postWebhook(signedEvent(completed('evt_cheap', { amount_total: 1 }))).expect(422);
    expect(mismatch.body.error.message).toMatch(/is for 1 USD, but order .* is for 299 USD/);
    expect(await fx.ledgers()).toEqual(before);
    expect(await fx.orderState(order.code)).toBe('pending');

    // The real event: applied once. Its replay, and a second event for the same session, grant nothing more.
    const event = signedEvent(completed('evt_real'));
    expect((await postWebhook(event).expect(200)).body).toEqual({ received: true, duplicate: false, outcome: 'paid', order: order.code });
    expect((await postWebhook(event).expect(200)).body).toMatchObject({ duplicate: true });
    expect((await postWebhook(signedEvent(completed('evt_again'))).expect(200)).body).toMatchObject({ duplicate: false, outcome: 'unchanged_paid' });
    const concurrent = signedEvent(completed('evt_burst'));
    const burst = await Promise.all(Array.from({ length: 5 }, () => postWebhook(concurrent)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await fx.credits(poet)).toBe(1);
    expect(await fx.count('api::payment.payment-event', { eventId: { $in: ['evt_real', 'evt_again', 'evt_burst'] } })).toBe(3);
    expect(await fx.count('api::payment.entry-credit', { userId: await fx.userId(poet) })).toBe(1);
  });

  it('a failed payment leaves the order failed and grants nothing', async () => {
    const poet = await fx.poet('declined');
    const { order, session } = await fx.startCheckout(poet, 'Trio', 'USD');
    const res = await fx.as(poet).post(`/api/payments/test-checkout/${session}`).send({ outcome: 'failed' }).expect(200);
    expect(res.body.order.state).toBe('failed');
    expect(await fx.orderState(order.code)).toBe('failed');
    expect(await fx.credits(poet)).toBe(0);
    expect(await fx.notificationTitles(poet)).toContain('Payment not completed');
  });

  it('a 100% coupon needs no payment step; its per-poet and total limits hold', async () => {
    await fx.coupon({ code: 'ONTHEHOUSE', discountType: 'percent', percentOff: 100, maxUses: 2, maxUsesPerPoet: 1 });
    const [a, b, c] = [await fx.poet('free-a'), await fx.poet('free-b'), await fx.poet('free-c')];
    const res = await fx
      .as(a)
      .post('/api/payments/checkout')
      .send({ tierId: fx.tier('Single').id, currency: 'INR', couponCode: 'ONTHEHOUSE' })
      .expect(201);
    expect(res.body).toMatchObject({ checkoutUrl: null, order: { state: 'paid', total: 0, provider: 'free' } });
    expect(await fx.credits(a)).toBe(1);
    const again = await fx
      .as(a)
      .post('/api/payments/checkout')
      .send({ tierId: fx.tier('Single').id, currency: 'INR', couponCode: 'ONTHEHOUSE' })
      .expect(422);
    expect(again.body.error.message).toMatch(/already used coupon ONTHEHOUSE once/);
    await fx
      .as(b)
      .post('/api/payments/checkout')
      .send({ tierId: fx.tier('Single').id, currency: 'INR', couponCode: 'ONTHEHOUSE' })
      .expect(201);
    const exhausted = await fx
      .as(c)
      .post('/api/payments/checkout')
      .send({ tierId: fx.tier('Single').id, currency: 'INR', couponCode: 'ONTHEHOUSE' })
      .expect(422);
    expect(exhausted.body.error.message).toMatch(/has been used up/);
    expect(await fx.count('api::payment.order', { userId: await fx.userId(c) })).toBe(0);
    const coupon = (await fx.as('admin').get('/api/admin/payments/coupons').expect(200)).body.find((x: { code: string }) => x.code === 'ONTHEHOUSE');
    expect(coupon).toMatchObject({ uses: 2, paidUses: 2, status: 'exhausted' });
  });

  it('an unverified poet cannot buy', async () => {
    const poet = await fx.poet('unverified', false);
    const res = await fx
      .as(poet)
      .post('/api/payments/checkout')
      .send({ tierId: fx.tier('Single').id, currency: 'INR' })
      .expect(403);
    expect(res.body.error.message).toMatch(/verify your email/);
  });
});

describe('live mode, by configuration only', () => {
  it('checks out through the Stripe API, confirms by a webhook signed with the live secret, refunds through Stripe', async () => {
    // Stripe's API stands in as a small local server (no network here); everything of ours is real.
    const calls: { path: string; params: URLSearchParams; idempotencyKey: string | undefined }[] = [];
    const stripeApi = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        calls.push({ path: req.url ?? '', params: new URLSearchParams(body), idempotencyKey: req.headers['idempotency-key'] as string | undefined });
        res.setHeader('content-type', 'application/json');
        const answer =
          req.url === '/v1/checkout/sessions'
            ? { id: 'cs_live_fake_0001', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_live_fake_0001' }
            : { id: 're_fake_0001', object: 'refund', status: 'succeeded' };
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const live = {
      STRIPE_SECRET_KEY: 'sk_test_fake_live',
      STRIPE_WEBHOOK_SECRET: 'whsec_live_suite',
      STRIPE_API_URL: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`,
    };
    Object.assign(process.env, live);
    try {
      expect((await api.get('/api/payments/tiers').expect(200)).body).toMatchObject({ mode: 'live', testMode: false });
      const poet = await fx.poet('live');
      const started = await fx
        .as(poet)
        .post('/api/payments/checkout')
        .send({ tierId: fx.tier('Trio').id, currency: 'USD' })
        .expect(201);
      const { code } = started.body.order;
      expect(started.body).toMatchObject({
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_live_fake_0001',
        order: { provider: 'stripe', testMode: false, total: 699 },
      });
      expect(calls[0].path).toBe('/v1/checkout/sessions');
      expect(calls[0].idempotencyKey).toBe(`checkout-${code}`);
      expect(Object.fromEntries(calls[0].params)).toMatchObject({
        mode: 'payment',
        client_reference_id: code,
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '699',
        'line_items[0][quantity]': '1',
        success_url: `http://localhost:4321/submit?order=${code}&checkout=success`,
      });
      // The test checkout does not exist in live mode, and the local test secret signs nothing here.
      await fx.as(poet).post('/api/payments/test-checkout/cs_live_fake_0001').send({ outcome: 'paid' }).expect(404);
      const session = {
        id: 'cs_live_fake_0001',
        object: 'checkout.session',
        amount_total: 699,
        currency: 'usd',
        payment_status: 'paid',
        payment_intent: 'pi_live_fake_0001',
        client_reference_id: code,
      };
      await postWebhook(signedEvent({ id: 'evt_live_local', type: 'checkout.session.completed', data: { object: session } })).expect(400);
      await postWebhook(signedEvent({ id: 'evt_live_1', type: 'checkout.session.completed', data: { object: session } }, live.STRIPE_WEBHOOK_SECRET)).expect(
        200,
      );
      expect(await fx.credits(poet)).toBe(3);

      await fx.as('admin').post(`/api/admin/payments/orders/${code}/refund`).expect(200);
      expect(calls[1]).toMatchObject({ path: '/v1/refunds', idempotencyKey: `refund-${code}` });
      expect(calls[1].params.get('payment_intent')).toBe('pi_live_fake_0001');
      expect(await fx.orderState(code)).toBe('refunded');
      // Stripe's own charge.refunded event for it follows, and changes nothing more.
      const refunded = { id: 'ch_1', object: 'charge', payment_intent: 'pi_live_fake_0001', refunded: true, metadata: { orderCode: code } };
      expect(
        (await postWebhook(signedEvent({ id: 'evt_live_2', type: 'charge.refunded', data: { object: refunded } }, live.STRIPE_WEBHOOK_SECRET)).expect(200)).body
          .outcome,
      ).toBe('unchanged_refunded');
    } finally {
      for (const name of Object.keys(live)) delete process.env[name];
      await new Promise((resolve) => stripeApi.close(resolve));
    }
  });
});

describe('payments off (no Stripe keys, test payments not allowed)', () => {
  it('takes free orders only, and stores nothing for a paid one', async () => {
    const poet = await fx.poet('off');
    await fx.coupon({ code: 'OFFFREE', discountType: 'percent', percentOff: 100 });
    const before = await fx.count('api::payment.order', { userId: await fx.userId(poet) });
    process.env.PAYMENTS_TEST_MODE = 'false';
    try {
      expect((await api.get('/api/payments/tiers').expect(200)).body).toMatchObject({ mode: 'off', testMode: false });
      const paid = await fx
        .as(poet)
        .post('/api/payments/checkout')
        .send({ tierId: fx.tier('Single').id, currency: 'INR' })
        .expect(503);
      expect(paid.body.error.message).toMatch(/Card payments are not set up/);
      expect(await fx.count('api::payment.order', { userId: await fx.userId(poet) })).toBe(before);
      const free = await fx
        .as(poet)
        .post('/api/payments/checkout')
        .send({ tierId: fx.tier('Single').id, currency: 'INR', couponCode: 'OFFFREE' })
        .expect(201);
      expect(free.body).toMatchObject({ checkoutUrl: null, order: { state: 'paid', provider: 'free' } });
      // With no webhook secret configured, no event is accepted.
      await postWebhook(signedEvent({ id: 'evt_off', type: 'checkout.session.completed', data: { object: {} } })).expect(400);
    } finally {
      delete process.env.PAYMENTS_TEST_MODE;
    }
  });
});

describe('credits', () => {
  it('consume() uses one credit inside the entry transaction and refuses the last-but-none with a 402', async () => {
    const poet = await fx.poet('entrant');
    await fx.buy(poet, 'Single', 'INR');
    const userId = await fx.userId(poet);
    const credits = stack.cms.strapi.service('api::payment.credits');
    const month = (await fx.as(poet).get('/api/payments/me').expect(200)).body.month;
    await expect(credits.consume(userId, month, 900001)).rejects.toThrow(/inside the entry's transaction/);
    expect(await stack.cms.strapi.db.transaction(() => credits.consume(userId, month, 900001))).toBe(0);
    await expect(stack.cms.strapi.db.transaction(() => credits.consume(userId, month, 900002))).rejects.toMatchObject({
      status: 402,
      message: expect.stringMatching(/no entry credits left/),
    });
    // A failing entry rolls its debit back with it.
    await fx.buy(poet, 'Single', 'INR');
    await expect(
      stack.cms.strapi.db.transaction(async () => {
        await credits.consume(userId, month, 900003);
        throw new Error('the entry could not be stored');
      }),
    ).rejects.toThrow('the entry could not be stored');
    expect(await credits.available(userId, month)).toBe(1);
    expect((await fx.as(poet).get('/api/payments/me').expect(200)).body.credits).toMatchObject({ available: 1, purchased: 2, used: 1 });
  });
});

describe('entries: the free entries of the month first, then entry credits', () => {
  it('an entry spends a credit in its own transaction; a failed entry spends nothing; a refund takes back the unused credits', async () => {
    const { strapi } = stack.cms;
    const client = entryClient(api, stack.emulator, strapi);
    const allowance = async (poet: EmulatorUser) => (await fx.as(poet).get('/api/entries/allowance').expect(200)).body;
    const entriesOf = async (poet: EmulatorUser) => fx.count('api::entry.entry', { poet: { id: await fx.userId(poet) } });
    await fx.openContest();
    const restoreFree = await fx.setFreeEntries(1);
    try {
      const poet = await client.account('credit-entrant');
      expect(await allowance(poet)).toMatchObject({
        limit: 1,
        used: 0,
        remaining: 1,
        free: 1,
        freeLeft: 1,
        credits: 0,
        blocker: null,
        contest: { month: month() },
      });
      // The free entry spends no credit.
      expect((await client.enter(poet)).status).toBe(201);
      expect(await fx.count('api::payment.entry-credit', { userId: await fx.userId(poet) })).toBe(0);
      const none = await allowance(poet);
      expect(none).toMatchObject({
        used: 1,
        remaining: 0,
        freeLeft: 0,
        credits: 0,
        blocker: {
          code: 'no-credits',
          message: expect.stringMatching(/entered 1 poem in the .* contest \(your free entry included\) and have no entry credits left\. Buy entries/),
        },
      });

      // Nothing left: 402, and nothing is stored.
      const before = { ledgers: await fx.ledgers(), entries: await entriesOf(poet) };
      const refused = await client.enter(poet);
      expect(refused.status, JSON.stringify(refused.body)).toBe(402);
      expect(refused.body.error).toMatchObject({ name: 'PaymentRequiredError', details: { reason: 'no-credits' } });
      expect({ ledgers: await fx.ledgers(), entries: await entriesOf(poet) }).toEqual(before);

      // Three credits bought for this month: the next entry spends one, recorded against that entry.
      const order = await fx.buy(poet, 'Trio', 'INR');
      expect(order.month).toBe(month());
      expect(await allowance(poet)).toMatchObject({ limit: 4, used: 1, remaining: 3, freeLeft: 0, credits: 3, blocker: null });
      const paid = await client.enter(poet);
      expect(paid.status).toBe(201);
      const entry = await strapi.db.query('api::entry.entry').findOne({ where: { code: paid.body.code } });
      expect(await strapi.db.query('api::payment.entry-credit').findMany({ where: { userId: await fx.userId(poet), reason: 'entry' } })).toEqual([
        expect.objectContaining({ delta: -1, month: month(), entryId: entry.id }),
      ]);
      expect(await allowance(poet)).toMatchObject({ used: 2, remaining: 2, credits: 2 });

      // An entry that fails after its credit was spent (here: its originality fingerprint cannot be stored)
      // rolls back whole: no entry, no debit.
      const originality = strapi.service('api::originality.originality');
      const register = originality.register;
      originality.register = async () => {
        throw new Error('the fingerprint store is down');
      };
      const failedBefore = { ledgers: await fx.ledgers(), entries: await entriesOf(poet) };
      try {
        expect((await client.enter(poet)).status).toBe(500);
      } finally {
        originality.register = register;
      }
      expect({ ledgers: await fx.ledgers(), entries: await entriesOf(poet) }).toEqual(failedBefore);

      // A refund takes back the two unused credits; the entry made with the third stays.
      await fx.as('admin').post(`/api/admin/payments/orders/${order.code}/refund`).expect(200);
      expect(await allowance(poet)).toMatchObject({ used: 2, remaining: 0, credits: 0, blocker: { code: 'no-credits' } });
      expect((await fx.as(poet).get('/api/payments/me').expect(200)).body.credits).toEqual({
        month: month(),
        competition: 'poetry',
        available: 0,
        purchased: 3,
        used: 1,
      });
      expect(await strapi.db.query('api::entry.entry').findOne({ where: { id: entry.id } })).toBeTruthy();
      expect((await client.enter(poet)).status).toBe(402);

      // With no tier on sale there is nothing to buy: the refusal says so (403).
      const tiers = (await fx.as('admin').get('/api/admin/payments/tiers').expect(200)).body as { id: number; active: boolean }[];
      const active = tiers.filter((t) => t.active);
      const setActive = (on: boolean) =>
        Promise.all(active.map((t) => strapi.db.query('api::payment.entry-tier').update({ where: { id: t.id }, data: { active: on } })));
      await setActive(false);
      try {
        expect((await allowance(poet)).blocker).toMatchObject({ code: 'limit', message: expect.stringMatching(/next contest opens/) });
        const limited = await client.enter(poet);
        expect(limited.status).toBe(403);
        expect(limited.body.error.details).toMatchObject({ reason: 'limit' });
      } finally {
        await setActive(true);
      }
    } finally {
      await restoreFree();
    }
  });
});

describe('refunds and the revenue report', () => {
  it('refunds a paid order: unused credits go back, the report nets it out, a second refund is refused', async () => {
    const poet = await fx.poet('refunded');
    const order = await fx.buy(poet, 'Quintet', 'USD');
    expect(await fx.credits(poet)).toBe(5);
    await fx.as(poet).post(`/api/admin/payments/orders/${order.code}/refund`).expect(403);
    const refunded = await fx.as('admin').post(`/api/admin/payments/orders/${order.code}/refund`).expect(200);
    expect(refunded.body).toMatchObject({ state: 'refunded', refundedAt: expect.any(String) });
    expect(await fx.credits(poet)).toBe(0);
    expect(await fx.notificationTitles(poet)).toContain('Order refunded');
    expect((await fx.as('admin').post(`/api/admin/payments/orders/${order.code}/refund`).expect(409)).body.error.message).toMatch(/already refunded/);
    await fx.as('admin').post('/api/admin/payments/orders/WR-NOSUCH/refund').expect(404);
  });

  it('report totals equal the sum of paid orders minus refunds, per currency', async () => {
    // Paid orders in both currencies and a refund of its own, whatever the other cases did before it.
    const poet = await fx.poet('reported');
    await fx.buy(poet, 'Single', 'INR');
    const refunded = await fx.buy(poet, 'Single', 'USD');
    await fx.as('admin').post(`/api/admin/payments/orders/${refunded.code}/refund`).expect(200);
    const res = await fx.as('admin').get('/api/admin/payments/revenue').expect(200);
    const orders = await stack.cms.strapi.db.query('api::payment.order').findMany({ where: { state: { $in: ['paid', 'refunded'] } } });
    for (const currency of ['INR', 'USD']) {
      const mine = orders.filter((o: { currency: string }) => o.currency === currency);
      const gross = mine.reduce((sum: number, o: { total: number }) => sum + o.total, 0);
      const refunds = mine.filter((o: { state: string }) => o.state === 'refunded').reduce((sum: number, o: { total: number }) => sum + o.total, 0);
      const report = res.body.currencies.find((c: { currency: string }) => c.currency === currency);
      expect(report.totals).toMatchObject({ orders: mine.length, gross, refunds, net: gross - refunds });
      for (const group of ['byDay', 'byMonth', 'byTier', 'byCoupon']) {
        expect(report[group].reduce((sum: number, row: { net: number }) => sum + row.net, 0)).toBe(gross - refunds);
      }
    }
    expect(res.body.currencies.find((c: { currency: string }) => c.currency === 'USD').totals.refunds).toBeGreaterThan(0);
    await fx.as('admin').get('/api/admin/payments/revenue?from=2025-02-30').expect(422);
    await fx.as('admin').get('/api/admin/payments/revenue?from=2025-03-02&to=2025-03-01').expect(422);
  });
});

describe('referrals and withdrawals', () => {
  it('attributes a new poet at the first sync, refuses self-referral, old accounts and loops, and rewards the first paid order', async () => {
    // The reward this case checks: 10 % held 14 days (the defaults; other cases change them).
    await fx.setSettings({ referralRewardType: 'percent', referralRewardPercent: 10, referralHoldDays: 14 });
    const referrer = await fx.poet('referrer');
    const { code, path } = (await fx.as(referrer).get('/api/referrals/me').expect(200)).body;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(path).toBe(`/join?ref=${code}`);
    expect((await api.get(`/api/referrals/codes/${code}`).expect(200)).body).toEqual({ code, inviter: expect.stringMatching(/^\w\w\*+/) });
    await api.get('/api/referrals/codes/ZZZZZZZZ').expect(404);

    // Self-referral: nothing stored.
    await fx.sync(referrer, code);
    expect(await fx.count('api::referral.referral', { referrerId: await fx.userId(referrer) })).toBe(0);

    const referee = await fx.poet('referee', true, 'Noor Haddad');
    await fx.sync(referee, code);
    const listed = (await fx.as(referrer).get('/api/referrals/me').expect(200)).body.referrals;
    expect(listed).toEqual([{ name: 'No** H*****', joinedAt: expect.any(String), status: 'signed_up', reward: null, rewardAvailableAt: null }]);
    expect(await fx.notificationTitles(referrer)).toContain('A poet joined through your link');

    // A loop (the referrer attributed to their own referee) and an old account are refused.
    const refereeCode = (await fx.as(referee).get('/api/referrals/me').expect(200)).body.code;
    await fx.sync(referrer, refereeCode);
    const old = await fx.poet('old-account');
    await stack.cms.strapi.db
      .query('plugin::users-permissions.user')
      .update({ where: { id: await fx.userId(old) }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000) } });
    await fx.sync(old, code);
    expect(await fx.count('api::referral.referral', { refereeId: { $in: [await fx.userId(referrer), await fx.userId(old)] } })).toBe(0);

    // The referee's first paid order rewards the referrer: 10% held 14 days; the second order adds nothing.
    const order = await fx.buy(referee, 'Trio', 'INR');
    const ledger = await fx.ledger(referrer);
    expect(ledger).toEqual([{ kind: 'referral_reward', amount: 2490, currency: 'INR', pendingDays: 14 }]);
    await fx.buy(referee, 'Single', 'INR');
    expect(await fx.ledger(referrer)).toHaveLength(1);
    // The order was a test payment: the reward is shown apart and never counts as money.
    const earnings = (await fx.as(referrer).get('/api/earnings/me').expect(200)).body;
    expect(earnings.balances).toEqual([]);
    expect(earnings.testBalances).toEqual([{ currency: 'INR', available: 0, pending: 2490 }]);
    expect(earnings.ledger).toEqual([expect.objectContaining({ kind: 'referral_reward', amount: 2490, testMode: true })]);
    expect(await fx.notificationTitles(referrer)).toContain('You earned a referral reward');

    // Refunded within the holding period: the pending reward is reversed.
    await fx.as('admin').post(`/api/admin/payments/orders/${order.code}/refund`).expect(200);
    expect((await fx.as(referrer).get('/api/earnings/me').expect(200)).body.testBalances).toEqual([{ currency: 'INR', available: 0, pending: 0 }]);
    expect((await fx.as(referrer).get('/api/referrals/me').expect(200)).body.referrals[0].status).toBe('reversed');
  });

  it('a reward from a test payment is never withdrawable: not after its holding period, not beside real money', async () => {
    await fx.setSettings({ referralHoldDays: 0, withdrawalMinimums: [{ currency: 'INR', amount: 100 }], payoutMethods: ['upi'] });
    const referrer = await fx.poet('test-referrer');
    const referee = await fx.poet('test-referee', true, 'Tara Test');
    await fx.sync(referee, (await fx.as(referrer).get('/api/referrals/me').expect(200)).body.code);
    // The referee pays their own checkout on the test checkout page, as any poet can in test mode.
    const order = await fx.buy(referee, 'Trio', 'INR');
    const stored = await stack.cms.strapi.db.query('api::payment.order').findOne({ where: { code: order.code } });
    expect(stored).toMatchObject({ state: 'paid', testMode: true });
    expect(await stack.cms.strapi.db.query('api::earning.earning').findOne({ where: { orderId: stored.id } })).toMatchObject({ testMode: true, amount: 2490 });

    const mine = (await fx.as(referrer).get('/api/earnings/me').expect(200)).body;
    expect(mine.balances).toEqual([]);
    expect(mine.testBalances).toEqual([{ currency: 'INR', available: 2490, pending: 0 }]);
    const before = await fx.ledgers();
    const res = await fx
      .as(referrer)
      .post('/api/earnings/withdrawals')
      .send({ currency: 'INR', amount: 2490, method: 'upi', details: { upiId: 'tara@okaxis' } })
      .expect(409);
    expect(res.body.error.message).toMatch(/₹0\.00 is available/);
    expect(await fx.ledgers()).toEqual(before);

    // Beside real money, only the real money can leave.
    await fx.earn(referrer, 'INR', 1000);
    await fx
      .as(referrer)
      .post('/api/earnings/withdrawals')
      .send({ currency: 'INR', amount: 1001, method: 'upi', details: { upiId: 'tara@okaxis' } })
      .expect(409);
    await fx
      .as(referrer)
      .post('/api/earnings/withdrawals')
      .send({ currency: 'INR', amount: 1000, method: 'upi', details: { upiId: 'tara@okaxis' } })
      .expect(201);
    const after = (await fx.as(referrer).get('/api/earnings/me').expect(200)).body;
    expect(after.balances).toEqual([{ currency: 'INR', available: 0, pending: 0 }]);
    expect(after.testBalances).toEqual([{ currency: 'INR', available: 2490, pending: 0 }]);
  });

  it('withdrawals: minimum, balance, payout details and methods are checked; approve, pay, reject', async () => {
    const poet = await fx.poet('earner');
    await fx.setSettings({ referralHoldDays: 0, withdrawalMinimums: [{ currency: 'INR', amount: 5000 }], payoutMethods: ['upi', 'bank'] });
    await fx.earn(poet, 'INR', 20000);
    const before = await fx.ledger(poet);
    const request = (body: object) =>
      fx
        .as(poet)
        .post('/api/earnings/withdrawals')
        .send({ currency: 'INR', amount: 10000, method: 'upi', details: { upiId: 'asha@okaxis' }, ...body });
    for (const [body, status, message] of [
      [{ amount: 4999 }, 422, /minimum withdrawal is ₹50\.00/],
      [{ amount: 20001 }, 409, /asked for ₹200\.01 but ₹200\.00 is available/],
      [{ amount: 100.5 }, 422, /whole number/],
      [{ amount: -100 }, 422, /cannot be negative/],
      [{ currency: 'XYZ' }, 422, /Currency must be one of/],
      [{ details: { upiId: 'not a upi id' } }, 422, /UPI id must look like name@bank/],
      [{ details: { upiId: 'asha@okaxis', extra: 'x' } }, 422, /Unrecognized key/],
      [{ method: 'bank', details: { accountName: 'Asha Verse', accountNumber: '12', bankCode: 'HDFC0001234' } }, 422, /9 to 18 digits/],
      [{ method: 'bank', details: { accountName: 'Asha Verse', accountNumber: '123456789012', bankCode: 'HDFC1234' } }, 422, /IFSC must be 11 characters/],
      [{ method: 'paypal', details: { paypalEmail: 'asha@example.com' } }, 422, /PayPal payouts are not offered/],
      [{ currency: 'USD', details: { upiId: 'asha@okaxis' } }, 422, /UPI pays out in INR only/],
    ] as const) {
      const res = await request(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    expect(await fx.ledger(poet)).toEqual(before);
    expect(await fx.count('api::earning.withdrawal', { userId: await fx.userId(poet) })).toBe(0);

    const first = (await request({}).expect(201)).body;
    expect(first).toMatchObject({ amount: 10000, status: 'requested', destination: 'UPI as***@okaxis' });
    const second = (
      await request({ method: 'bank', amount: 6000, details: { accountName: 'Asha Verse', accountNumber: '1234 5678 9012', bankCode: 'hdfc0001234' } }).expect(
        201,
      )
    ).body;
    expect(second.destination).toBe('Bank account ••••9012 (HDFC0001234)');
    expect((await fx.as(poet).get('/api/earnings/me').expect(200)).body.balances).toEqual([{ currency: 'INR', available: 4000, pending: 0 }]);

    await fx.as(poet).post(`/api/admin/withdrawals/${first.id}/approve`).expect(403);
    await fx.as('admin').post(`/api/admin/withdrawals/${first.id}/pay`).send({ reference: 'UTR1' }).expect(409);
    await fx.as('admin').post(`/api/admin/withdrawals/${first.id}/approve`).expect(200);
    await fx.as('admin').post(`/api/admin/withdrawals/${first.id}/pay`).send({}).expect(422);
    const paid = (await fx.as('admin').post(`/api/admin/withdrawals/${first.id}/pay`).send({ reference: 'UTR123456' }).expect(200)).body;
    expect(paid).toMatchObject({ status: 'paid', reference: 'UTR123456', details: { upiId: 'asha@okaxis' } });
    await fx.as('admin').post(`/api/admin/withdrawals/${first.id}/reject`).send({ reason: 'Too late' }).expect(409);

    await fx.as('admin').post(`/api/admin/withdrawals/${second.id}/reject`).send({}).expect(422);
    await fx.as('admin').post(`/api/admin/withdrawals/${second.id}/reject`).send({ reason: 'The IFSC belongs to a closed branch.' }).expect(200);
    await fx.as('admin').post(`/api/admin/withdrawals/${second.id}/reject`).send({ reason: 'again' }).expect(409);
    const after = (await fx.as(poet).get('/api/earnings/me').expect(200)).body;
    expect(after.balances).toEqual([{ currency: 'INR', available: 10000, pending: 0 }]);
    expect(after.ledger.map((row: { kind: string; amount: number }) => [row.kind, row.amount])).toEqual([
      ['withdrawal_returned', 6000],
      ['withdrawal', -6000],
      ['withdrawal', -10000],
      ['referral_reward', 20000],
    ]);
    expect(after.withdrawals.map((w: { status: string }) => w.status)).toEqual(['rejected', 'paid']);
    expect(await fx.notificationTitles(poet)).toEqual(
      expect.arrayContaining(['Withdrawal requested', 'Withdrawal approved', 'Withdrawal paid', 'Withdrawal rejected']),
    );
    const list = (await fx.as('admin').get('/api/admin/withdrawals?status=paid').expect(200)).body;
    expect(list.some((w: { id: number }) => w.id === first.id)).toBe(true);
    await fx.as('admin').get('/api/admin/withdrawals?status=lost').expect(422);
  });

  it('twenty concurrent withdrawal requests against one balance never overdraw it', async () => {
    const poet = await fx.poet('burst');
    await fx.setSettings({ withdrawalMinimums: [{ currency: 'USD', amount: 100 }], payoutMethods: ['paypal'] });
    await fx.earn(poet, 'USD', 2500);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fx
          .as(poet)
          .post('/api/earnings/withdrawals')
          .send({ currency: 'USD', amount: 300, method: 'paypal', details: { paypalEmail: 'burst@example.com' } }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12);
    expect((await fx.as(poet).get('/api/earnings/me').expect(200)).body.balances).toEqual([{ currency: 'USD', available: 100, pending: 0 }]);
  });
});

describe('who may call what', () => {
  it.each([
    ['GET', '/api/payments/me'],
    ['POST', '/api/payments/checkout'],
    ['GET', '/api/referrals/me'],
    ['GET', '/api/earnings/me'],
    ['POST', '/api/earnings/withdrawals'],
  ])('%s %s needs a signed-in poet (401)', async (method, path) => {
    const res = await api[method.toLowerCase() as 'get' | 'post'](path).send({});
    expect(res.status).toBe(401);
  });

  it.each([
    ['GET', '/api/admin/payments/tiers'],
    ['POST', '/api/admin/payments/tiers'],
    ['GET', '/api/admin/payments/coupons'],
    ['POST', '/api/admin/payments/coupons'],
    ['GET', '/api/admin/payments/revenue'],
    ['GET', '/api/admin/payments/settings'],
    ['PUT', '/api/admin/payments/settings'],
    ['GET', '/api/admin/withdrawals'],
    ['POST', '/api/admin/withdrawals/1/approve'],
  ])('%s %s is for admins only (401 / 403 / judge 403)', async (method, path) => {
    const m = method.toLowerCase() as 'get' | 'post' | 'put';
    expect((await api[m](path).send({})).status).toBe(401);
    expect(
      (
        await fx
          .as(await fx.poet('matrix'))
          [m](path)
          .send({})
      ).status,
    ).toBe(403);
    expect((await fx.as('judge')[m](path).send({})).status).toBe(403);
  });

  it('an order is read by its poet and by admins; to anyone else it does not exist', async () => {
    const [buyer, other] = [await fx.poet('order-owner'), await fx.poet('order-stranger')];
    const order = await fx.buy(buyer, 'Quintet', 'USD');
    const path = `/api/payments/orders/${order.code}`;
    expect((await fx.as(buyer).get(path).expect(200)).body).toMatchObject({ code: order.code, state: 'paid' });
    expect((await fx.as('admin').get(path).expect(200)).body).toMatchObject({ code: order.code });
    expect((await api.get(path)).status).toBe(401);
    const missing = (await fx.as(other).get('/api/payments/orders/WR-NOSUCH').expect(404)).body;
    for (const stranger of [other, 'judge'] as const) {
      const refused = await fx.as(stranger).get(path).expect(404);
      expect(refused.body).toEqual(missing);
      expect(JSON.stringify(refused.body)).not.toContain(order.code);
    }
  });

  it('admins read and change the money settings; bad ones are refused', async () => {
    const current = (await fx.as('admin').get('/api/admin/payments/settings').expect(200)).body;
    expect(current).toMatchObject({ referralRewardType: 'percent', payoutMethods: expect.any(Array) });
    await fx
      .as('admin')
      .put('/api/admin/payments/settings')
      .send({ ...current, referralHoldDays: -1 })
      .expect(422);
    await fx
      .as('admin')
      .put('/api/admin/payments/settings')
      .send({ ...current, payoutMethods: [] })
      .expect(422);
    await fx
      .as('admin')
      .put('/api/admin/payments/settings')
      .send({ ...current, referralRewardFixed: [{ currency: 'INR', amount: 12.5 }] })
      .expect(422);
    const saved = (
      await fx
        .as('admin')
        .put('/api/admin/payments/settings')
        .send({ ...current, referralRewardType: 'fixed', referralRewardFixed: [{ currency: 'INR', amount: 7500 }] })
        .expect(200)
    ).body;
    expect(saved).toMatchObject({ referralRewardType: 'fixed', referralRewardFixed: [{ currency: 'INR', amount: 7500 }] });
    await fx.as('admin').put('/api/admin/payments/settings').send(current).expect(200);
  });
});
