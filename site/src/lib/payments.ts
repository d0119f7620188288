// Pure helpers for the money pages: which currency to show first, and labels for months and states.
import type { CurrencyCode, OrderState, PayoutMethod, PublicTier, WithdrawalStatus } from '@writory/shared';

export const CURRENCY_STORAGE_KEY = 'writory-currency';

/** The currency to show first: the poet's last choice, INR in India, USD elsewhere, else the first on sale. */
export function defaultCurrency(onSale: CurrencyCode[], hints: { saved?: string | null; timeZone?: string; languages?: readonly string[] }): CurrencyCode | null {
  const pick = (code: string | null | undefined) => (code && onSale.includes(code as CurrencyCode) ? (code as CurrencyCode) : null);
  const india = hints.timeZone === 'Asia/Kolkata' || hints.timeZone === 'Asia/Calcutta' || (hints.languages ?? []).some((l) => /-IN$/i.test(l));
  return pick(hints.saved) ?? pick(india ? 'INR' : 'USD') ?? pick('USD') ?? onSale[0] ?? null;
}

/** Tiers that have a price in the currency, with that price. */
export function tiersIn(tiers: PublicTier[], currency: CurrencyCode | null): (PublicTier & { price: number })[] {
  if (!currency) return [];
  return tiers.flatMap((tier) => {
    const price = tier.prices.find((p) => p.currency === currency)?.amount;
    return price === undefined ? [] : [{ ...tier, price }];
  });
}

/** "2025-06" → "June 2025". */
export const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const entriesLabel = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

export const ORDER_STATE_LABEL: Record<OrderState, string> = { pending: 'Awaiting payment', paid: 'Paid', failed: 'Not paid', refunded: 'Refunded' };
export const PAYOUT_METHOD_LABEL: Record<PayoutMethod, string> = { upi: 'UPI', bank: 'Bank transfer', paypal: 'PayPal' };
export const WITHDRAWAL_STATUS_LABEL: Record<WithdrawalStatus, string> = { requested: 'Requested', approved: 'Approved', paid: 'Paid', rejected: 'Rejected' };

/** A date for people: "3 Jun 2025". */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
