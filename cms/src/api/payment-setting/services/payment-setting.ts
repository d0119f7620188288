import type { Core } from '@strapi/strapi';
import type { Money, PaymentSettings, PayoutMethod } from '@writory/shared';

import { DEFAULT_PAYMENT_SETTINGS } from '../lib/defaults';

const UID = 'api::payment-setting.payment-setting';
const POPULATE: ('referralRewardFixed' | 'withdrawalMinimums')[] = ['referralRewardFixed', 'withdrawalMinimums'];

interface Row {
  referralRewardType?: PaymentSettings['referralRewardType'];
  referralRewardPercent?: number;
  referralRewardFixed?: Money[];
  referralHoldDays?: number;
  withdrawalMinimums?: Money[];
  upiEnabled?: boolean;
  bankEnabled?: boolean;
  paypalEnabled?: boolean;
}

const money = (list: Money[] | undefined, fallback: Money[]) => (list ? list.map(({ currency, amount }) => ({ currency, amount })) : fallback);

const METHOD_FIELDS: [PayoutMethod, 'upiEnabled' | 'bankEnabled' | 'paypalEnabled'][] = [
  ['upi', 'upiEnabled'],
  ['bank', 'bankEnabled'],
  ['paypal', 'paypalEnabled'],
];

function fromRow(row: Row | null): PaymentSettings {
  if (!row) return structuredClone(DEFAULT_PAYMENT_SETTINGS);
  const d = DEFAULT_PAYMENT_SETTINGS;
  return {
    referralRewardType: row.referralRewardType ?? d.referralRewardType,
    referralRewardPercent: row.referralRewardPercent ?? d.referralRewardPercent,
    referralRewardFixed: money(row.referralRewardFixed, d.referralRewardFixed),
    referralHoldDays: row.referralHoldDays ?? d.referralHoldDays,
    withdrawalMinimums: money(row.withdrawalMinimums, d.withdrawalMinimums),
    payoutMethods: METHOD_FIELDS.filter(([, field]) => row[field] !== false).map(([method]) => method),
  };
}

function toRow(settings: PaymentSettings): Row {
  return {
    referralRewardType: settings.referralRewardType,
    referralRewardPercent: settings.referralRewardPercent,
    referralRewardFixed: settings.referralRewardFixed,
    referralHoldDays: settings.referralHoldDays,
    withdrawalMinimums: settings.withdrawalMinimums,
    ...Object.fromEntries(METHOD_FIELDS.map(([method, field]) => [field, settings.payoutMethods.includes(method)])),
  };
}

/** Money rules admins set on the withdrawals page: the referral reward, its holding period, payout rules. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async get(): Promise<PaymentSettings> {
    return fromRow((await strapi.documents(UID).findFirst({ populate: POPULATE })) as Row | null);
  },

  async update(settings: PaymentSettings): Promise<PaymentSettings> {
    const documents = strapi.documents(UID);
    const existing = await documents.findFirst();
    const data = toRow(settings) as never;
    const saved = existing
      ? await documents.update({ documentId: existing.documentId, data, populate: POPULATE })
      : await documents.create({ data, populate: POPULATE });
    return fromRow(saved as Row);
  },

  minimumFor(settings: PaymentSettings, currency: Money['currency']): number {
    return settings.withdrawalMinimums.find((m) => m.currency === currency)?.amount ?? 0;
  },
});
