// What a verified Stripe event asks of its order, decided without the database: the webhook service finds
// the order, checks it against the session and applies the plan with a conditional update.
import type { OrderState } from '@writory/shared';

export type EventPlan =
  | { action: 'pay' | 'await_payment' }
  | { action: 'fail'; reason: string }
  | { action: 'refund' | 'ignore_partial_refund' }
  | { action: 'ignore' };

export function planEvent(event: { type: string; data: { object: object } }): EventPlan {
  const object = event.data.object as { payment_status?: string | null; refunded?: boolean };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { action: object.payment_status === 'paid' || object.payment_status === 'no_payment_required' ? 'pay' : 'await_payment' };
    case 'checkout.session.async_payment_failed':
      return { action: 'fail', reason: 'The payment failed.' };
    case 'checkout.session.expired':
      return { action: 'fail', reason: 'The checkout expired.' };
    case 'charge.refunded':
      // Partial refunds are not part of Writory's model: only a full refund changes the order.
      return { action: object.refunded ? 'refund' : 'ignore_partial_refund' };
    default:
      return { action: 'ignore' };
  }
}

/** Whether a checkout session charges exactly the order's total in the order's currency (Stripe's is lower case). */
export const sessionMatchesOrder = (session: { amount_total: number | null; currency: string | null }, order: { total: number; currency: string }): boolean =>
  session.amount_total === order.total && session.currency?.toUpperCase() === order.currency;

/** The outcome logged for a state change: its name when it happened, else the state the order already had. */
export const outcomeOf = (done: 'paid' | 'failed' | 'refunded', changed: boolean, state: OrderState): string => (changed ? done : `unchanged_${state}`);
