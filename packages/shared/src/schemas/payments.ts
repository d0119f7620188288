// The requests of /api/payments*, /api/earnings* and /api/admin/payments*, /api/admin/withdrawals*.
import { z } from 'zod/mini';
import { CURRENCY_CODES, MAX_AMOUNT, type CurrencyCode } from '../money.ts';
import type { PayoutDetails, PayoutMethod } from '../payments.ts';
import { withoutBidiControls } from '../text-safety.ts';
import { competitionSlugSchema } from '../competitions.ts';

const currency = z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]], {
  error: `Currency must be one of ${CURRENCY_CODES.join(', ')} (ISO 4217 codes).`,
});

/** An amount in minor units: a whole number of paise or cents, never negative, never a fraction. */
const minorAmount = (label = 'Amount') =>
  z
    .number({ error: `${label} must be a number of minor units (e.g. 19900 for 199.00).` })
    .check(
      z.int({ error: `${label} must be a whole number of minor units (paise or cents), not a fraction.` }),
      z.gte(0, { error: `${label} cannot be negative.` }),
      z.lte(MAX_AMOUNT, { error: `${label} is too large.` }),
    );

const money = (label = 'Amount') => z.object({ currency, amount: minorAmount(label) });

/** A list with at most one amount per currency. */
const moneyList = (label: string) =>
  z.array(money(label), { error: `${label} must be a list of { currency, amount }.` }).check(
    z.superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((item, index) => {
        if (seen.has(item.currency)) ctx.addIssue({ code: 'custom', path: [index, 'currency'], message: `${label}: ${item.currency} is listed twice.` });
        seen.add(item.currency);
      });
    }),
  );

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .check(z.int({ error: `${label} must be a whole number.` }), z.gt(0, { error: `${label} must be positive.` }));

/** POST/PUT /api/admin/payments/tiers */
export const tierInput = z.strictObject({
  name: z
    .string({ error: 'Name is required.' })
    .check(
      z.overwrite(withoutBidiControls),
      z.trim(),
      z.minLength(1, { error: 'Name is required.' }),
      z.maxLength(60, { error: 'Name must be at most 60 characters.' }),
    ),
  entries: z
    .number({ error: 'Entries must be a number.' })
    .check(
      z.int({ error: 'Entries must be a whole number.' }),
      z.gte(1, { error: 'A tier gives at least 1 entry.' }),
      z.lte(50, { error: 'A tier gives at most 50 entries.' }),
    ),
  active: z.boolean({ error: 'Active must be true or false.' }),
  sortOrder: z._default(z.optional(z.number().check(z.int(), z.gte(0), z.lte(1000))), 0),
  prices: moneyList('Price').check(z.refine((list) => list.length > 0, { error: 'Give the tier a price in at least one currency.' })),
});
export type TierInput = z.input<typeof tierInput>;

export const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
const couponCode = z.pipe(
  z.pipe(
    z.string({ error: 'Code is required.' }).check(z.trim()),
    z.transform((value: string) => value.toUpperCase()),
  ),
  z.string().check(z.regex(COUPON_CODE, { error: 'Code must be 3 to 32 letters, digits, dashes or underscores.' })),
);

const orNull = <T>(value: T | null | undefined) => value ?? null;
const optionalDate = (label: string) =>
  z.pipe(z.optional(z.union([z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` }), z.null()])), z.transform(orNull<string>));
const optionalLimit = (label: string) =>
  z.pipe(
    z.optional(
      z.union([
        z
          .number({ error: `${label} must be a number.` })
          .check(z.int({ error: `${label} must be a whole number.` }), z.gte(1, { error: `${label} must be at least 1 (leave it empty for no limit).` })),
        z.null(),
      ]),
    ),
    z.transform(orNull<number>),
  );

/** POST/PUT /api/admin/payments/coupons */
export const couponInput = z.pipe(
  z
    .strictObject({
      code: couponCode,
      description: z.pipe(
        z.nullish(z.string().check(z.trim(), z.maxLength(120, { error: 'Description must be at most 120 characters.' }))),
        z.transform((value: string | null | undefined) => value || null),
      ),
      discountType: z.enum(['percent', 'fixed'], { error: 'Discount type must be "percent" or "fixed".' }),
      percentOff: z.nullish(
        z
          .number({ error: 'Percent off must be a number.' })
          .check(
            z.int({ error: 'Percent off must be a whole number.' }),
            z.gte(1, { error: 'Percent off must be between 1 and 100.' }),
            z.lte(100, { error: 'Percent off must be between 1 and 100.' }),
          ),
      ),
      amountOff: z.nullish(minorAmount('Amount off').check(z.gte(1, { error: 'Amount off must be more than zero.' }))),
      currency: z.nullish(currency),
      validFrom: optionalDate('Valid from'),
      validUntil: optionalDate('Valid until'),
      maxUses: optionalLimit('Total uses'),
      maxUsesPerPoet: optionalLimit('Uses per poet'),
      tierIds: z._default(z.array(id('Tier id'), { error: 'Tiers must be a list of tier ids.' }).check(z.maxLength(100)), []),
    })
    .check(
      z.superRefine((coupon, ctx) => {
        if (coupon.discountType === 'percent' && !coupon.percentOff)
          ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A percent coupon needs a percent off between 1 and 100.' });
        if (coupon.discountType === 'fixed') {
          if (!coupon.amountOff) ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'A fixed coupon needs an amount off.' });
          if (!coupon.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'A fixed coupon needs the currency of its amount.' });
        }
        if (coupon.validFrom && coupon.validUntil && Date.parse(coupon.validUntil) <= Date.parse(coupon.validFrom)) {
          ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until must be after valid from.' });
        }
      }),
    ),
  z.transform((coupon) => ({
    ...coupon,
    percentOff: coupon.discountType === 'percent' ? (coupon.percentOff ?? null) : null,
    amountOff: coupon.discountType === 'fixed' ? (coupon.amountOff ?? null) : null,
    currency: coupon.discountType === 'fixed' ? (coupon.currency ?? null) : null,
  })),
);
export type CouponInput = z.input<typeof couponInput>;

/** PATCH /api/admin/payments/coupons/{id} */
export const couponPatch = z.strictObject({ disabled: z.boolean({ error: 'disabled must be true or false.' }) });

/** POST /api/payments/quote and /checkout */
export const checkoutInput = z.strictObject({
  tierId: id('Tier'),
  currency,
  /** The competition the credits are for (issue 37); poetry when absent. Shared credits serve every competition. */
  competition: z.optional(competitionSlugSchema),
  couponCode: z.pipe(
    z.nullish(z.string({ error: 'Coupon code must be text.' }).check(z.trim(), z.maxLength(32, { error: 'Coupon code is at most 32 characters.' }))),
    z.transform((value: string | null | undefined) => (value ? value.toUpperCase() : null)),
  ),
});
export type CheckoutInput = z.input<typeof checkoutInput>;

/** POST /api/payments/test-checkout/{id}: how the test payment ends. */
export const testCheckoutOutcome = z.strictObject({ outcome: z.enum(['paid', 'failed'], { error: 'outcome must be "paid" or "failed".' }) });

/** PUT /api/admin/payments/settings */
export const paymentSettingsInput = z.strictObject({
  referralRewardType: z.enum(['percent', 'fixed'], { error: 'Reward type must be "percent" or "fixed".' }),
  referralRewardPercent: z
    .number({ error: 'Reward percent must be a number.' })
    .check(
      z.int({ error: 'Reward percent must be a whole number.' }),
      z.gte(0, { error: 'Reward percent must be between 0 and 100.' }),
      z.lte(100, { error: 'Reward percent must be between 0 and 100.' }),
    ),
  referralRewardFixed: moneyList('Fixed reward'),
  referralHoldDays: z
    .number({ error: 'Holding period must be a number of days.' })
    .check(
      z.int({ error: 'Holding period must be a whole number of days.' }),
      z.gte(0, { error: 'Holding period cannot be negative.' }),
      z.lte(365, { error: 'Holding period is at most 365 days.' }),
    ),
  withdrawalMinimums: moneyList('Withdrawal minimum'),
  payoutMethods: z.pipe(
    z
      .array(z.enum(['upi', 'bank', 'paypal'], { error: 'Payout methods are upi, bank and paypal.' }))
      .check(z.minLength(1, { error: 'Keep at least one payout method.' })),
    z.transform((list: PayoutMethod[]) => [...new Set(list)]),
  ),
});

/** GET /api/admin/payments/revenue?from=&to= */
export const revenueQuery = z.object({
  from: z.optional(z.iso.date({ error: 'from must be a date written YYYY-MM-DD.' })),
  to: z.optional(z.iso.date({ error: 'to must be a date written YYYY-MM-DD.' })),
});

// ---- Withdrawals -------------------------------------------------------------------------------------------------

export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .check(z.trim(), z.minLength(1, { error: `${label} is required.` }), z.maxLength(max, { error: `${label} must be at most ${max} characters.` }));

const upi = z.strictObject({ upiId: required('UPI id', 320).check(z.regex(UPI_ID, { error: 'UPI id must look like name@bank (e.g. asha@okaxis).' })) });
const paypal = z.strictObject({ paypalEmail: z.pipe(required('PayPal email', 254), z.email({ error: 'PayPal email must be an email address.' })) });
const bank = (inr: boolean) =>
  z.strictObject({
    accountName: required('Account holder name', 80).check(
      z.regex(/^[\p{L}\p{M} .'-]+$/u, { error: 'Account holder name may contain letters, spaces, dots, apostrophes and dashes.' }),
    ),
    accountNumber: z.pipe(
      z.pipe(
        required('Account number', 34),
        z.transform((v: string) => v.replace(/\s+/g, '').toUpperCase()),
      ),
      inr
        ? z.string().check(z.regex(/^\d{9,18}$/, { error: 'An Indian account number has 9 to 18 digits.' }))
        : z.string().check(z.regex(/^[A-Z0-9]{8,34}$/, { error: 'Account number (or IBAN) must be 8 to 34 letters and digits.' })),
    ),
    bankCode: z.pipe(
      z.pipe(
        required(inr ? 'IFSC' : 'SWIFT/BIC', 11),
        z.transform((v: string) => v.toUpperCase()),
      ),
      inr
        ? z.string().check(z.regex(IFSC, { error: 'IFSC must be 11 characters like HDFC0001234.' }))
        : z.string().check(z.regex(SWIFT, { error: 'SWIFT/BIC must be 8 or 11 characters like DEUTDEFF.' })),
    ),
  });

/** The payout details a method needs (bank accounts differ for INR). */
export function payoutDetailsSchema(method: PayoutMethod, currencyCode: CurrencyCode) {
  if (method === 'upi') return upi;
  if (method === 'paypal') return paypal;
  return bank(currencyCode === 'INR');
}

/** POST /api/earnings/withdrawals */
export const withdrawalInput = z.pipe(
  z
    .strictObject({
      currency,
      amount: minorAmount('Amount').check(z.gte(1, { error: 'Amount must be more than zero.' })),
      method: z.enum(['upi', 'bank', 'paypal'], { error: 'Method must be upi, bank or paypal.' }),
      details: z.record(z.string(), z.unknown(), { error: 'Payout details are required.' }),
    })
    .check(
      z.superRefine((input, ctx) => {
        if (input.method === 'upi' && input.currency !== 'INR') ctx.addIssue({ code: 'custom', path: ['method'], message: 'UPI pays out in INR only.' });
        const parsed = z.safeParse(payoutDetailsSchema(input.method, input.currency), input.details);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', path: ['details', ...(issue.path as (string | number)[])], message: issue.message });
        }
      }),
    ),
  z.transform((input) => ({
    ...input,
    details: z.parse(payoutDetailsSchema(input.method, input.currency), input.details) as PayoutDetails,
  })),
);
export type WithdrawalInput = Omit<z.input<typeof withdrawalInput>, 'details'> & { details: PayoutDetails };

/** POST /api/admin/withdrawals/{id}/pay */
export const payInput = z.strictObject({ reference: required('Payment reference', 120) });
/** POST /api/admin/withdrawals/{id}/reject */
export const rejectInput = z.strictObject({ reason: required('Reason', 500) });
/** GET /api/admin/withdrawals?status= */
export const withdrawalQuery = z.object({
  status: z.optional(z.enum(['requested', 'approved', 'paid', 'rejected'], { error: 'status must be requested, approved, paid or rejected.' })),
});
