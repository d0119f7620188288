// Order receipts name the competition (issue 37): the receipt and refund emails, as they arrive in the mail sink,
// and every order the poet reads (their orders, one order, the test checkout) say which competition the credits are for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { startMailSink, type MailSink } from './helpers/mail-sink';
import { paymentsFixture, type PaymentsFixture } from './helpers/payments';

describe('order receipts name the competition', () => {
  let stack: CmsWithAuth;
  let mail: MailSink;
  let fx: PaymentsFixture;
  let poet: EmulatorUser;

  /** Checkout of a tier for one competition, paid on the test page. */
  async function buyFor(competition: string | undefined) {
    const started = await fx
      .as(poet)
      .post('/api/payments/checkout')
      .send({ tierId: fx.tier('Trio').id, currency: 'INR', ...(competition ? { competition } : {}) })
      .expect(201);
    expect(started.body.order.competition).toEqual(competition === 'story' ? { slug: 'story', name: 'Story' } : { slug: 'poetry', name: 'Poetry' });
    const session = new URL(started.body.checkoutUrl, 'http://x').searchParams.get('session')!;
    const page = await fx.as(poet).get(`/api/payments/test-checkout/${session}`).expect(200);
    expect(page.body.order.competition.slug).toBe(competition ?? 'poetry');
    const paid = await fx.as(poet).post(`/api/payments/test-checkout/${session}`).send({ outcome: 'paid' }).expect(200);
    expect(paid.body.order.state).toBe('paid');
    return paid.body.order as { code: string; competition: { slug: string; name: string } };
  }

  beforeAll(async () => {
    mail = await startMailSink();
    stack = await startCmsWithAuth(mail.env);
    fx = await paymentsFixture(stack, stack.cms.api);
    poet = await fx.poet('receipt-poet');
  });

  afterAll(async () => {
    await stack?.stop();
    await mail?.stop();
  });

  it('mails a receipt for Story credits that names the Story Competition, and the poet’s orders say so too', async () => {
    const order = await buyFor('story');
    expect(order.competition).toEqual({ slug: 'story', name: 'Story' });
    const [receipt] = await mail.arrived((m) => m.subject.includes(order.code));
    expect(receipt!.subject).toBe(`[TEST MODE] Your Writory receipt ${order.code}: Story Competition`);
    expect(receipt!.text).toContain('Thank you for entering the Writory Story Competition.');
    expect(receipt!.text).toMatch(/Competition: Story Competition\n/);
    expect(receipt!.html).toContain('Competition: Story Competition');

    const mine = (await fx.as(poet).get('/api/payments/me?competition=story').expect(200)).body;
    expect(mine.orders.find((o: { code: string }) => o.code === order.code).competition).toEqual({ slug: 'story', name: 'Story' });
    const one = (await fx.as(poet).get(`/api/payments/orders/${order.code}`).expect(200)).body;
    expect(one.competition).toEqual({ slug: 'story', name: 'Story' });
    // The bell names it by its name, not its slug.
    const notes = await fx.strapi.db.query('api::notification.notification').findMany({ where: { userId: await fx.userId(poet), title: 'Payment received' } });
    expect(notes.map((n: { message: string }) => n.message).join('\n')).toContain('3 entry credits for the Story Competition');
  });

  it('names Poetry on a checkout that names no competition, and the refund email names the competition', async () => {
    const order = await buyFor(undefined);
    const [receipt] = await mail.arrived((m) => m.subject.includes(order.code));
    expect(receipt!.text).toMatch(/Competition: Poetry Competition\n/);

    await fx.as('admin').post(`/api/admin/payments/orders/${order.code}/refund`).expect(200);
    const [refund] = await mail.arrived((m) => m.subject.startsWith('[TEST MODE] Refund of Writory order') && m.subject.includes(order.code));
    expect(refund!.text).toMatch(/Competition: Poetry Competition\n/);
  });

  it('names Poetry on an order from before competitions (no slug stored)', async () => {
    const order = await buyFor(undefined);
    await fx.strapi.db.query('api::payment.order').update({ where: { code: order.code }, data: { competitionSlug: null } });
    const one = (await fx.as(poet).get(`/api/payments/orders/${order.code}`).expect(200)).body;
    expect(one.competition).toEqual({ slug: 'poetry', name: 'Poetry' });
  });
});
