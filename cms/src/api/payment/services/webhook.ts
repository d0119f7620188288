// The Stripe webhook: signature checked over the raw body, each event id handled once, and the order's state
// changed by a conditional update, so replays and duplicates grant nothing twice.
import type { Core } from '@strapi/strapi';
import type Stripe from 'stripe';
import { ApiError } from '../../../lib/api-error';
import { isUniqueViolation } from '../../../lib/db';
import { outcomeOf, planEvent, sessionMatchesOrder } from '../lib/webhook-plan';
import type { OrderRow } from './orders';
import { getService } from '../../../services';

const EVENT = 'api::payment.payment-event';

export interface WebhookResult {
  received: true;
  duplicate: boolean;
  outcome: string;
  order: string | null;
}

const badRequest = (message: string) => new ApiError(400, message, {}, 'BadRequestError');

type Session = Pick<Stripe.Checkout.Session, 'id' | 'client_reference_id' | 'metadata' | 'amount_total' | 'currency' | 'payment_status' | 'payment_intent'>;
type Charge = Pick<Stripe.Charge, 'payment_intent' | 'refunded' | 'metadata'>;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => getService(strapi, 'api::payment.orders');

  async function orderForSession(session: Session): Promise<OrderRow> {
    const code = session.metadata?.orderCode ?? session.client_reference_id ?? null;
    const order: OrderRow | null = (await orders().findBySession(session.id)) ?? (code ? await orders().findByCode(code) : null);
    if (!order) throw new ApiError(404, `No order matches checkout session ${session.id}.`, {}, 'NotFoundError');
    const currency = session.currency?.toUpperCase();
    if (!sessionMatchesOrder(session, order)) {
      strapi.log.error(`stripe webhook: session ${session.id} is ${session.amount_total} ${currency}, order ${order.code} is ${order.total} ${order.currency}`);
      throw new ApiError(
        422,
        `Checkout session ${session.id} is for ${session.amount_total} ${currency}, but order ${order.code} is for ${order.total} ${order.currency}.`,
        {},
        'ValidationError',
      );
    }
    return order;
  }

  async function orderForCharge(charge: Charge): Promise<OrderRow> {
    const intent = idOf(charge.payment_intent as string | null);
    const code = charge.metadata?.orderCode ?? null;
    const order: OrderRow | null = (intent ? await orders().findByPaymentIntent(intent) : null) ?? (code ? await orders().findByCode(code) : null);
    if (!order) throw new ApiError(404, `No order matches payment ${intent ?? '(none)'}.`, {}, 'NotFoundError');
    return order;
  }

  /** Applies one verified event; returns what happened (the order, and a short outcome for the log). */
  async function apply(event: Stripe.Event): Promise<{ order: OrderRow | null; outcome: string }> {
    const plan = planEvent(event);
    switch (plan.action) {
      case 'pay':
      case 'await_payment': {
        const session = event.data.object as Session;
        const order = await orderForSession(session);
        if (plan.action === 'await_payment') return { order, outcome: 'awaiting_payment' };
        const changed = await orders().markPaid(order, { paymentIntentId: idOf(session.payment_intent as string | null) });
        return { order, outcome: outcomeOf('paid', changed, order.state) };
      }
      case 'fail': {
        const order = await orderForSession(event.data.object as Session);
        const changed = await orders().markFailed(order, plan.reason);
        return { order, outcome: outcomeOf('failed', changed, order.state) };
      }
      case 'refund':
      case 'ignore_partial_refund': {
        const order = await orderForCharge(event.data.object as Charge);
        if (plan.action === 'ignore_partial_refund') return { order, outcome: 'partial_refund_ignored' };
        const changed = await orders().markRefunded(order);
        return { order, outcome: outcomeOf('refunded', changed, order.state) };
      }
      case 'ignore':
        return { order: null, outcome: 'ignored' };
    }
  }

  return {
    /**
     * POST /api/payments/webhook, and test-payments mode's simulated deliveries: verifies the signature over
     * the raw body, then handles the event once. 400 for a missing or wrong signature, 404 for an event about an
     * order we do not have; nothing is stored for either.
     */
    async receive(rawBody: string | Buffer | undefined, signature: string | undefined): Promise<WebhookResult> {
      if (!rawBody || rawBody.length === 0) throw badRequest('Empty webhook body.');
      if (!signature) throw badRequest('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = getService(strapi, 'api::payment.gateway').constructEvent(rawBody, signature);
      } catch (error) {
        throw badRequest(`Invalid Stripe signature: ${(error as Error).message.split('\n')[0]}`);
      }
      const events = strapi.db.query(EVENT);
      try {
        return await strapi.db.transaction(async (): Promise<WebhookResult> => {
          if (await events.findOne({ where: { eventId: event.id } })) return { received: true, duplicate: true, outcome: 'duplicate', order: null };
          const { order, outcome } = await apply(event);
          await events.create({ data: { eventId: event.id, type: event.type, orderId: order?.id ?? null, outcome } });
          strapi.log.info(`stripe webhook ${event.id} ${event.type}: ${outcome}${order ? ` (${order.code})` : ''}`);
          return { received: true, duplicate: false, outcome, order: order?.code ?? null };
        });
      } catch (error) {
        // The same event delivered twice at once: the other delivery stored it (and applied it) first.
        if (isUniqueViolation(error) && (await events.findOne({ where: { eventId: event.id } }))) {
          return { received: true, duplicate: true, outcome: 'duplicate', order: null };
        }
        throw error;
      }
    },
  };
};
