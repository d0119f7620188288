// Paid entry in the browser: the tier catalogue, the poet's credits and orders, and the checkout actions.
import { atom } from 'nanostores';
import type { MyPayments, OrderState, OrderSummary, TestCheckoutSession, TierCatalogue } from '@writory/shared';
import { myPayments, order, testCheckout, tierCatalogue } from '../api/payments';

export const $catalogue = atom<TierCatalogue | null>(null);
/** The signed-in poet's credits for the month on sale and their recent orders. */
export const $myPayments = atom<MyPayments | null>(null);

/** Test-payments mode: the checkout session open on /checkout-test. */
export const $testCheckout = atom<TestCheckoutSession | null>(null);

export async function loadCatalogue(): Promise<TierCatalogue> {
  const catalogue = await tierCatalogue();
  $catalogue.set(catalogue);
  return catalogue;
}

/** The poet's payments, with their credits for this competition (the one chosen on /submit). */
export async function loadMyPayments(competition?: string): Promise<MyPayments> {
  const mine = await myPayments(competition);
  $myPayments.set(mine);
  return mine;
}

export async function loadTestCheckout(session: string): Promise<TestCheckoutSession> {
  const checkout = await testCheckout(session);
  $testCheckout.set(checkout);
  return checkout;
}

/**
 * After Stripe sends the poet back, the webhook may still be on its way: asks again until the order leaves
 * `pending` (or the time is up, and the last state is returned).
 */
export async function settledOrder(code: string, { timeoutMs = 30_000, everyMs = 1000 } = {}): Promise<OrderSummary> {
  const started = Date.now();
  for (;;) {
    const current = await order(code);
    const done: OrderState[] = ['paid', 'failed', 'refunded'];
    if (done.includes(current.state) || Date.now() - started > timeoutMs) return current;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
