import type { PaymentSettings } from '@writory/shared';

/** The payment settings before an admin changes them (and what the seed writes). */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  referralRewardType: 'percent',
  referralRewardPercent: 10,
  referralRewardFixed: [
    { currency: 'INR', amount: 5000 },
    { currency: 'USD', amount: 100 },
  ],
  referralHoldDays: 14,
  withdrawalMinimums: [
    { currency: 'INR', amount: 10000 },
    { currency: 'USD', amount: 500 },
  ],
  payoutMethods: ['upi', 'bank', 'paypal'],
};
