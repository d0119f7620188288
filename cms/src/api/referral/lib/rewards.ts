import { percentOf, type CurrencyCode, type PaymentSettings } from '@writory/shared';

/** The reward on an order under the admin's rule; 0 when the rule gives nothing in that currency. */
export function rewardFor(order: { total: number; currency: CurrencyCode }, settings: PaymentSettings): number {
  if (settings.referralRewardType === 'percent') return percentOf(order.total, settings.referralRewardPercent);
  return settings.referralRewardFixed.find((m) => m.currency === order.currency)?.amount ?? 0;
}
