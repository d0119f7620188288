// Pure helpers for the money pages: which currency to show first, and labels for months and states.
import { monthName, type CurrencyCode, type EntryAllowance, type OrderState, type PayoutMethod, type PublicTier, type WithdrawalStatus } from '@writory/shared';

export const CURRENCY_STORAGE_KEY = 'writory-currency';

/** The currency to show first: the poet's last choice, INR in India, USD elsewhere, else the first on sale. */
export function defaultCurrency(
  onSale: CurrencyCode[],
  hints: { saved?: string | null; timeZone?: string; languages?: readonly string[] },
): CurrencyCode | null {
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

export { monthName };

export const entriesLabel = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** The rule for the fee table: how many entries are free each month, and what a credit is for. */
export const freeEntriesText = (free: number) =>
  free > 0
    ? `Every poet may enter ${free} ${free === 1 ? 'poem' : 'poems'} a month free; each further poem uses one entry credit.`
    : 'Each poem you enter uses one entry credit.';

export const ORDER_STATE_LABEL: Record<OrderState, string> = { pending: 'Awaiting payment', paid: 'Paid', failed: 'Not paid', refunded: 'Refunded' };
export const PAYOUT_METHOD_LABEL: Record<PayoutMethod, string> = { upi: 'UPI', bank: 'Bank transfer', paypal: 'PayPal' };
export const WITHDRAWAL_STATUS_LABEL: Record<WithdrawalStatus, string> = { requested: 'Requested', approved: 'Approved', paid: 'Paid', rejected: 'Rejected' };

/** What /submit says a poet may still enter: the total, then free entries and entry credits. */
export function allowanceSummary({ remaining, freeLeft, credits }: Pick<EntryAllowance, 'remaining' | 'freeLeft' | 'credits'>): string {
  const parts = [
    freeLeft > 0 ? `${freeLeft} free ${freeLeft === 1 ? 'entry' : 'entries'}` : null,
    credits > 0 ? `${credits} entry ${credits === 1 ? 'credit' : 'credits'}` : null,
  ].filter(Boolean);
  if (remaining <= 0) return 'You have no entries left this month.';
  return `You can enter ${remaining} more ${remaining === 1 ? 'poem' : 'poems'} this month (${parts.join(' and ')}).`;
}

/**
 * /earnings with no withdrawable balance: "No earnings yet" only when there is nothing at all; with rewards from test
 * payments (shown below it) it says why none of them can be withdrawn instead.
 */
export function noEarningsText(hasTestRewards: boolean): string {
  return hasTestRewards ? 'Nothing to withdraw yet: your rewards so far come from test payments, shown below, which are not money.' : 'No earnings yet.';
}
