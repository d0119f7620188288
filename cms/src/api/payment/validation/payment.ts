// The boundary of /api/payments* and /api/admin/payments*: every body is parsed here before a service sees it.
import { z } from 'zod';
import { CURRENCY_CODES, MAX_AMOUNT, withoutBidiControls, type CurrencyCode } from '@writory/shared';

export const currency = z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]], {
  error: `Currency must be one of ${CURRENCY_CODES.join(', ')} (ISO 4217 codes).`,
});

/** An amount in minor units: a whole number of paise or cents, never negative, never a fraction. */
export const minorAmount = (label = 'Amount') =>
  z
    .number({ error: `${label} must be a number of minor units (e.g. 19900 for 199.00).` })
    .int({ error: `${label} must be a whole number of minor units (paise or cents), not a fraction.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(MAX_AMOUNT, { error: `${label} is too large.` });

export const money = (label = 'Amount') => z.object({ currency, amount: minorAmount(label) });

/** A list with at most one amount per currency. */
export const moneyList = (label: string) =>
  z.array(money(label), { error: `${label} must be a list of { currency, amount }.` }).superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      if (seen.has(item.currency)) ctx.addIssue({ code: 'custom', path: [index, 'currency'], message: `${label}: ${item.currency} is listed twice.` });
      seen.add(item.currency);
    });
  });

const id = (label: string) => z.number({ error: `${label} must be a number.` }).int({ error: `${label} must be a whole number.` }).positive({ error: `${label} must be positive.` });

export const tierInput = z.strictObject({
  name: z.string({ error: 'Name is required.' }).overwrite(withoutBidiControls).trim().min(1, { error: 'Name is required.' }).max(60, { error: 'Name must be at most 60 characters.' }),
  entries: z.number({ error: 'Entries must be a number.' }).int({ error: 'Entries must be a whole number.' }).min(1, { error: 'A tier gives at least 1 entry.' }).max(50, { error: 'A tier gives at most 50 entries.' }),
  active: z.boolean({ error: 'Active must be true or false.' }),
  sortOrder: z.number().int().min(0).max(1000).optional().default(0),
  prices: moneyList('Price').refine((list) => list.length > 0, { error: 'Give the tier a price in at least one currency.' }),
});

export const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
const couponCode = z
  .string({ error: 'Code is required.' })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(COUPON_CODE, { error: 'Code must be 3 to 32 letters, digits, dashes or underscores.' }));

const optionalDate = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` }), z.null()])
    .optional()
    .transform((value) => value ?? null);
const optionalLimit = (label: string) =>
  z
    .union([z.number({ error: `${label} must be a number.` }).int({ error: `${label} must be a whole number.` }).min(1, { error: `${label} must be at least 1 (leave it empty for no limit).` }), z.null()])
    .optional()
    .transform((value) => value ?? null);

export const couponInput = z
  .strictObject({
    code: couponCode,
    description: z.string().trim().max(120, { error: 'Description must be at most 120 characters.' }).nullish().transform((v) => v || null),
    discountType: z.enum(['percent', 'fixed'], { error: 'Discount type must be "percent" or "fixed".' }),
    percentOff: z.number({ error: 'Percent off must be a number.' }).int({ error: 'Percent off must be a whole number.' }).min(1, { error: 'Percent off must be between 1 and 100.' }).max(100, { error: 'Percent off must be between 1 and 100.' }).nullish(),
    amountOff: minorAmount('Amount off').min(1, { error: 'Amount off must be more than zero.' }).nullish(),
    currency: currency.nullish(),
    validFrom: optionalDate('Valid from'),
    validUntil: optionalDate('Valid until'),
    maxUses: optionalLimit('Total uses'),
    maxUsesPerPoet: optionalLimit('Uses per poet'),
    tierIds: z.array(id('Tier id'), { error: 'Tiers must be a list of tier ids.' }).max(100).default([]),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.discountType === 'percent' && !coupon.percentOff) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A percent coupon needs a percent off between 1 and 100.' });
    if (coupon.discountType === 'fixed') {
      if (!coupon.amountOff) ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'A fixed coupon needs an amount off.' });
      if (!coupon.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'A fixed coupon needs the currency of its amount.' });
    }
    if (coupon.validFrom && coupon.validUntil && Date.parse(coupon.validUntil) <= Date.parse(coupon.validFrom)) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until must be after valid from.' });
    }
  })
  .transform((coupon) => ({
    ...coupon,
    percentOff: coupon.discountType === 'percent' ? (coupon.percentOff ?? null) : null,
    amountOff: coupon.discountType === 'fixed' ? (coupon.amountOff ?? null) : null,
    currency: coupon.discountType === 'fixed' ? (coupon.currency ?? null) : null,
  }));

export const couponPatch = z.strictObject({ disabled: z.boolean({ error: 'disabled must be true or false.' }) });

export const checkoutInput = z.strictObject({
  tierId: id('Tier'),
  currency,
  couponCode: z
    .string({ error: 'Coupon code must be text.' })
    .trim()
    .max(32, { error: 'Coupon code is at most 32 characters.' })
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
});

export const testCheckoutOutcome = z.strictObject({ outcome: z.enum(['paid', 'failed'], { error: 'outcome must be "paid" or "failed".' }) });

export const settingsInput = z.strictObject({
  referralRewardType: z.enum(['percent', 'fixed'], { error: 'Reward type must be "percent" or "fixed".' }),
  referralRewardPercent: z.number({ error: 'Reward percent must be a number.' }).int({ error: 'Reward percent must be a whole number.' }).min(0, { error: 'Reward percent must be between 0 and 100.' }).max(100, { error: 'Reward percent must be between 0 and 100.' }),
  referralRewardFixed: moneyList('Fixed reward'),
  referralHoldDays: z.number({ error: 'Holding period must be a number of days.' }).int({ error: 'Holding period must be a whole number of days.' }).min(0, { error: 'Holding period cannot be negative.' }).max(365, { error: 'Holding period is at most 365 days.' }),
  withdrawalMinimums: moneyList('Withdrawal minimum'),
  payoutMethods: z.array(z.enum(['upi', 'bank', 'paypal'], { error: 'Payout methods are upi, bank and paypal.' })).min(1, { error: 'Keep at least one payout method.' }).transform((list) => [...new Set(list)]),
});

export const revenueQuery = z.object({
  from: z.iso.date({ error: 'from must be a date written YYYY-MM-DD.' }).optional(),
  to: z.iso.date({ error: 'to must be a date written YYYY-MM-DD.' }).optional(),
});

export type TierInputParsed = z.infer<typeof tierInput>;
export type CouponInputParsed = z.infer<typeof couponInput>;
export type CheckoutInputParsed = z.infer<typeof checkoutInput>;
