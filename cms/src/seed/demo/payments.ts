import type { Core } from '@strapi/strapi';
import type { TierInputParsed } from '../../api/payment/validation/payment';
import { DEFAULT_PAYMENT_SETTINGS } from '../../api/payment-setting/lib/defaults';
import { getService } from '../../services';

/** Entry tiers on sale in the demo: amounts in minor units (paise, cents). */
export const DEMO_TIERS: TierInputParsed[] = [
  {
    name: 'Single',
    entries: 1,
    active: true,
    sortOrder: 1,
    prices: [
      { currency: 'INR', amount: 9900 },
      { currency: 'USD', amount: 299 },
    ],
  },
  {
    name: 'Trio',
    entries: 3,
    active: true,
    sortOrder: 2,
    prices: [
      { currency: 'INR', amount: 24900 },
      { currency: 'USD', amount: 699 },
    ],
  },
  {
    name: 'Quintet',
    entries: 5,
    active: true,
    sortOrder: 3,
    prices: [
      { currency: 'INR', amount: 39900 },
      { currency: 'USD', amount: 999 },
    ],
  },
];

/** First-run demo data for paid entry: tiers, a welcome coupon and the default money settings. */
export async function seedPayments(strapi: Core.Strapi) {
  if ((await strapi.db.query('api::payment.entry-tier').count()) === 0) {
    for (const tier of DEMO_TIERS) await getService(strapi, 'api::payment.tiers').create(tier);
  }
  if ((await strapi.db.query('api::payment.coupon').count()) === 0) {
    await strapi.db.query('api::payment.coupon').create({
      data: { code: 'WELCOME10', description: '10% off your first tier', discountType: 'percent', percentOff: 10, maxUsesPerPoet: 1, tierIds: [] },
    });
  }
  if ((await strapi.db.query('api::payment-setting.payment-setting').count()) === 0) {
    await getService(strapi, 'api::payment-setting.payment-setting').update(DEFAULT_PAYMENT_SETTINGS);
  }
}
