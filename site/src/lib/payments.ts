// Pure helpers for the money pages: which currency to show first, and labels for months and states.
import type { CurrencyCode, EntryAllowance, OrderState, PayoutMethod, PublicTier, WithdrawalStatus } from '@writory/shared';
import { t } from '../i18n/t';
import { countOf, formatMonth, nounForms } from './format';

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

/** "October 2026" in the page's language. */
export const monthName = (month: string) => formatMonth(month);

/** "1 entry", "3 entries" in the page's language. */
export const entriesLabel = (n: number) => countOf(n, nounForms('entry'));

/** The rule for the fee table: how many entries are free each month, and what a credit is for. */
export const freeEntriesText = (free: number) => (free > 0 ? t('money.freeEntries', { poems: countOf(free, nounForms('poem')) }) : t('money.everyEntryPaid'));

/**
 * Labels by value, each read from the catalogue when it is shown (a getter per value), so the server's one module
 * says each page's language and `LABEL[value]` reads as before.
 */
function labels<T extends string>(values: readonly T[], label: (value: T) => string): Record<T, string> {
  const out = {} as Record<T, string>;
  for (const value of values) Object.defineProperty(out, value, { get: () => label(value), enumerable: true });
  return out;
}

export const ORDER_STATE_LABEL = labels<OrderState>(['pending', 'paid', 'failed', 'refunded'], (state) => t(`money.order.${state}`));
/** UPI and PayPal are names, the same in every language. */
export const PAYOUT_METHOD_LABEL = labels<PayoutMethod>(['upi', 'bank', 'paypal'], (method) =>
  method === 'bank' ? t('money.method.bank') : method === 'upi' ? 'UPI' : 'PayPal',
);
export const WITHDRAWAL_STATUS_LABEL = labels<WithdrawalStatus>(['requested', 'approved', 'paid', 'rejected'], (status) => t(`money.withdrawal.${status}`));

/** What /submit says a poet may still enter: the total, then free entries and entry credits. */
export function allowanceSummary({ remaining, freeLeft, credits }: Pick<EntryAllowance, 'remaining' | 'freeLeft' | 'credits'>): string {
  const parts = [freeLeft > 0 ? countOf(freeLeft, nounForms('freeEntry')) : null, credits > 0 ? countOf(credits, nounForms('entryCredit')) : null].filter(
    (part): part is string => part !== null,
  );
  if (remaining <= 0) return t('money.allowance.none');
  const both = parts.length === 2 ? t('money.and', { first: parts[0], second: parts[1] }) : (parts[0] ?? '');
  return t('money.allowance.left', { poems: countOf(remaining, nounForms('morePoem')), parts: both });
}

/**
 * /earnings with no withdrawable balance: "No earnings yet" only when there is nothing at all; with rewards from test
 * payments (shown below it) it says why none of them can be withdrawn instead.
 */
export function noEarningsText(hasTestRewards: boolean): string {
  return hasTestRewards ? t('money.noEarningsTest') : t('money.noEarnings');
}
