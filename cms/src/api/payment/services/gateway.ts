// Stripe, through the official SDK, in one of three modes (configuration only):
// - live: STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) set;
// - test-payments (the default outside production, or PAYMENTS_TEST_MODE=true): no call leaves the machine,
//   checkout completes on our own test page, and the outcome reaches the cms as a Stripe event signed with the
//   SDK's test-signature helper and handled by the same webhook code that live events go through;
// - off: production without Stripe keys (or PAYMENTS_TEST_MODE=false without them). Free orders (100% coupons,
//   zero prices) still work; paid ones cannot start.
import type { Core } from '@strapi/strapi';
import Stripe from 'stripe';
import type { PaymentsMode } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { CHECKOUT_EXPIRES_MINUTES, randomId } from '../lib/checkout';
import type { OrderRow } from './orders';
import { getService } from '../../../services';
import { siteUrl } from '../../../lib/site-url';

/** The webhook secret test-payments mode signs with when STRIPE_WEBHOOK_SECRET is not set (dev and tests only). */
export const LOCAL_TEST_WEBHOOK_SECRET = 'whsec_writory_local_test_payments';
export interface PaymentsConfig {
  mode: PaymentsMode;
  secretKey: string | null;
  webhookSecret: string | null;
  siteUrl: string;
  /** Another Stripe API host (stripe-mock, or a fake in tests); Stripe's own when unset. */
  apiUrl: string | null;
}

export function paymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const secretKey = env.STRIPE_SECRET_KEY || null;
  // PAYMENTS_TEST_MODE: "true" forces test payments, "false" forbids them, unset means "outside production".
  const testAllowed = env.PAYMENTS_TEST_MODE === 'true' || (env.PAYMENTS_TEST_MODE !== 'false' && env.NODE_ENV !== 'production');
  const mode: PaymentsMode = secretKey && env.PAYMENTS_TEST_MODE !== 'true' ? 'live' : testAllowed ? 'test' : 'off';
  return {
    mode,
    secretKey: mode === 'live' ? secretKey : null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || (mode === 'test' ? LOCAL_TEST_WEBHOOK_SECRET : null),
    siteUrl: siteUrl(env),
    apiUrl: env.STRIPE_API_URL || null,
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let client: { id: string; stripe: Stripe } | null = null;
  const config = () => paymentsConfig();
  /** The SDK; in test-payments mode only its offline helpers (webhook signatures) are used. */
  const stripe = (): Stripe => {
    const { secretKey, apiUrl } = config();
    const key = secretKey ?? 'sk_test_writory_offline';
    const id = `${key} ${apiUrl ?? ''}`;
    if (client?.id !== id) {
      const api = apiUrl ? new URL(apiUrl) : null;
      const host = api
        ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' }
        : {};
      client = { id, stripe: new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000, ...host }) };
    }
    return client.stripe;
  };

  return {
    mode: () => config().mode,
    testMode: () => config().mode === 'test',
    provider: () => (config().mode === 'test' ? 'stripe_test' : 'stripe') as OrderRow['provider'],

    /** Verifies a webhook's signature over the raw body; throws the SDK's error when it does not match. */
    constructEvent(rawBody: string | Buffer, signature: string): Stripe.Event {
      const secret = config().webhookSecret;
      if (!secret) throw new Error('Stripe webhooks are not configured on this site (STRIPE_WEBHOOK_SECRET).');
      return stripe().webhooks.constructEvent(rawBody, signature, secret);
    },

    /** A Stripe Checkout session for a pending order: where the poet pays. */
    async createCheckout(order: OrderRow, poetEmail: string | null): Promise<{ sessionId: string; url: string }> {
      const { mode, siteUrl } = config();
      if (mode === 'off') throw new Error('createCheckout() needs Stripe keys or test-payments mode');
      if (mode === 'test') {
        const sessionId = `cs_test_writory_${randomId(18)}`;
        return { sessionId, url: `/checkout-test?${new URLSearchParams({ session: sessionId })}` };
      }
      const back = (result: string) => `${siteUrl}/submit?${new URLSearchParams({ order: order.code, checkout: result })}`;
      try {
        const session = await stripe().checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: order.code,
            metadata: { orderCode: order.code },
            payment_intent_data: { metadata: { orderCode: order.code } },
            customer_email: poetEmail ?? undefined,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: order.currency.toLowerCase(),
                  unit_amount: order.total,
                  product_data: { name: `${order.tierName}: ${order.entries} contest ${order.entries === 1 ? 'entry' : 'entries'} for ${order.month}` },
                },
              },
            ],
            success_url: back('success'),
            cancel_url: back('cancelled'),
            expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_EXPIRES_MINUTES * 60,
          },
          { idempotencyKey: `checkout-${order.code}` },
        );
        if (!session.url) throw new Error('Stripe returned a session without a URL');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        strapi.log.error(`stripe: checkout for ${order.code} failed: ${(error as Error).message}`);
        throw new ApiError(502, msg('payment.checkoutFailed'), {}, 'PaymentServiceError');
      }
    },

    /** Refunds a paid order in full. In test-payments mode the refund arrives as a signed charge.refunded event. */
    async refund(order: OrderRow): Promise<void> {
      if (config().mode === 'test') {
        await this.simulateEvent('charge.refunded', {
          id: `ch_test_writory_${randomId()}`,
          object: 'charge',
          amount: order.total,
          amount_refunded: order.total,
          currency: order.currency.toLowerCase(),
          payment_intent: order.paymentIntentId,
          refunded: true,
          metadata: { orderCode: order.code },
        });
        return;
      }
      if (!order.paymentIntentId) throw new ApiError(409, msg('order.noStripePayment', { code: order.code }), {}, 'ConflictError');
      try {
        await stripe().refunds.create(
          { payment_intent: order.paymentIntentId, metadata: { orderCode: order.code } },
          { idempotencyKey: `refund-${order.code}` },
        );
      } catch (error) {
        strapi.log.error(`stripe: refund of ${order.code} failed: ${(error as Error).message}`);
        throw new ApiError(502, msg('order.refundFailed', { code: order.code, error: (error as Error).message }), {}, 'PaymentServiceError');
      }
    },

    /**
     * Test-payments mode: builds the event Stripe would send, signs it with generateTestHeaderString and the
     * webhook secret, and hands raw body and signature to the webhook handler, exactly as an HTTP delivery would.
     */
    async simulateEvent(type: string, object: Record<string, unknown>) {
      const { mode, webhookSecret } = config();
      if (mode !== 'test' || !webhookSecret) throw new Error('simulateEvent() is for test-payments mode only');
      const payload = JSON.stringify({
        id: `evt_test_writory_${randomId(18)}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = stripe().webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return getService(strapi, 'api::payment.webhook').receive(payload, signature);
    },
  };
};
