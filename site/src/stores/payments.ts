// Paid entry in the browser: the tier catalogue, the poet's credits and orders, and the checkout actions.
import { atom } from 'nanostores';
import type { CheckoutInput, CheckoutStarted, MyPayments, OrderState, OrderSummary, Quote, TierCatalogue } from '@writory/shared';
import { apiFetch, authedFetch } from '../lib/api';

export const $catalogue = atom<TierCatalogue | null>(null);
/** The signed-in poet's credits for the month on sale and their recent orders. */
export const $myPayments = atom<MyPayments | null>(null);

export async function loadCatalogue(): Promise<TierCatalogue> {
  const catalogue = await apiFetch<TierCatalogue>('/api/payments/tiers');
  $catalogue.set(catalogue);
  return catalogue;
}

export async function loadMyPayments(): Promise<MyPayments> {
  const mine = await authedFetch<MyPayments>('/api/payments/me');
  $myPayments.set(mine);
  return mine;
}

const post = <T>(path: string, body: unknown) => authedFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const quote = (input: CheckoutInput) => post<Quote>('/api/payments/quote', input);
export const startCheckout = (input: CheckoutInput) => post<CheckoutStarted>('/api/payments/checkout', input);
export const fetchOrder = (code: string) => authedFetch<OrderSummary>(`/api/payments/orders/${encodeURIComponent(code)}`);

/**
 * After Stripe sends the poet back, the webhook may still be on its way: asks again until the order leaves
 * `pending` (or the time is up, and the last state is returned).
 */
export async function settledOrder(code: string, { timeoutMs = 30_000, everyMs = 1000 } = {}): Promise<OrderSummary> {
  const started = Date.now();
  for (;;) {
    const order = await fetchOrder(code);
    const done: OrderState[] = ['paid', 'failed', 'refunded'];
    if (done.includes(order.state) || Date.now() - started > timeoutMs) return order;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
