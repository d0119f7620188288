import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { competitionQuerySchema, type TestCheckoutSession } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { msg, say } from '../../../lib/messages';
import { UNPARSED_BODY } from '../../../lib/raw-body';
import { createLimit } from '../../../lib/rate-limit';
import { randomId } from '../lib/checkout';
import { checkoutInput, testCheckoutOutcome } from '../validation/payment';
import { getService } from '../../../services';

const checkoutsPerPoet = createLimit({ points: 20, durationSeconds: 600, message: msg('payment.checkoutsLimit') });

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => getService(strapi, 'api::payment.orders');
  const gateway = () => getService(strapi, 'api::payment.gateway');

  /** The test-payments checkout page's session (its poet's, or any for an admin); 404 in live mode. */
  async function testSession(ctx: Context) {
    if (!gateway().testMode()) throw new errors.NotFoundError(say('order.testCheckoutOnly'));
    return orders().visibleTo(ctx.state.user, await orders().findBySession(String(ctx.params.session)), 'order.noSession');
  }

  return {
    async tiers(ctx: Context) {
      ctx.body = await getService(strapi, 'api::payment.tiers').catalogue();
      ctx.set('Cache-Control', 'public, max-age=30');
    },

    async quote(ctx: Context) {
      ctx.body = await orders().quote(ctx.state.user, parseInput(checkoutInput, ctx.request.body));
    },

    async checkout(ctx: Context) {
      const input = parseInput(checkoutInput, ctx.request.body);
      await checkoutsPerPoet(String(ctx.state.user.id));
      ctx.status = 201;
      ctx.body = await orders().checkout(ctx.state.user, input);
    },

    async me(ctx: Context) {
      ctx.body = await orders().mine(ctx.state.user, parseInput(competitionQuerySchema, { competition: ctx.query.competition }).competition);
    },

    async order(ctx: Context) {
      const order = await orders().visibleTo(ctx.state.user, await orders().findByCode(String(ctx.params.code)), 'order.noOrderWithCode');
      ctx.body = await orders().summary(order);
    },

    async testCheckout(ctx: Context) {
      const order = await testSession(ctx);
      ctx.body = { sessionId: order.checkoutSessionId!, order: await orders().summary(order) } satisfies TestCheckoutSession;
    },

    /** Test-payments mode: the poet pays (or the payment fails) on our test page; Stripe's event follows, signed. */
    async completeTestCheckout(ctx: Context) {
      const { outcome } = parseInput(testCheckoutOutcome, ctx.request.body);
      const order = await testSession(ctx);
      const session = {
        id: order.checkoutSessionId,
        object: 'checkout.session',
        client_reference_id: order.code,
        metadata: { orderCode: order.code },
        amount_total: order.total,
        currency: order.currency.toLowerCase(),
        mode: 'payment',
        livemode: false,
        payment_intent: outcome === 'paid' ? `pi_test_writory_${randomId(18)}` : null,
        payment_status: outcome === 'paid' ? 'paid' : 'unpaid',
        status: outcome === 'paid' ? 'complete' : 'expired',
      };
      await gateway().simulateEvent(outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.async_payment_failed', session);
      const after = await orders().reload(order.id);
      ctx.body = {
        order: await orders().summary(after),
        redirectUrl: `/submit?${new URLSearchParams({ order: order.code, checkout: outcome === 'paid' ? 'success' : 'failed' })}`,
      };
    },

    /** Stripe's webhook: the raw body (kept for this path only, see lib/raw-body.ts) and its signature. */
    async webhook(ctx: Context) {
      const raw = ctx.request.body?.[UNPARSED_BODY];
      const signature = ctx.request.header['stripe-signature'];
      ctx.body = await getService(strapi, 'api::payment.webhook').receive(raw, Array.isArray(signature) ? signature[0] : signature);
    },
  };
};
