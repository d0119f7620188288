// The boundary of /api/earnings* and /api/admin/withdrawals*.
import { z } from 'zod';
import type { CurrencyCode, PayoutDetails, PayoutMethod } from '@writory/shared';
import { currency, minorAmount } from '../../payment/validation/payment';

export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).trim().min(1, { error: `${label} is required.` }).max(max, { error: `${label} must be at most ${max} characters.` });

const upi = z.strictObject({ upiId: text('UPI id', 320).regex(UPI_ID, { error: 'UPI id must look like name@bank (e.g. asha@okaxis).' }) });
const paypal = z.strictObject({ paypalEmail: text('PayPal email', 254).pipe(z.email({ error: 'PayPal email must be an email address.' })) });
const bank = (inr: boolean) =>
  z.strictObject({
    accountName: text('Account holder name', 80).regex(/^[\p{L}\p{M} .'-]+$/u, { error: 'Account holder name may contain letters, spaces, dots, apostrophes and dashes.' }),
    accountNumber: text('Account number', 34)
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(
        inr
          ? z.string().regex(/^\d{9,18}$/, { error: 'An Indian account number has 9 to 18 digits.' })
          : z.string().regex(/^[A-Z0-9]{8,34}$/, { error: 'Account number (or IBAN) must be 8 to 34 letters and digits.' }),
      ),
    bankCode: text(inr ? 'IFSC' : 'SWIFT/BIC', 11)
      .transform((v) => v.toUpperCase())
      .pipe(inr ? z.string().regex(IFSC, { error: 'IFSC must be 11 characters like HDFC0001234.' }) : z.string().regex(SWIFT, { error: 'SWIFT/BIC must be 8 or 11 characters like DEUTDEFF.' })),
  });

export function detailsSchema(method: PayoutMethod, currencyCode: CurrencyCode) {
  if (method === 'upi') return upi;
  if (method === 'paypal') return paypal;
  return bank(currencyCode === 'INR');
}

export const withdrawalInput = z
  .strictObject({
    currency,
    amount: minorAmount('Amount').min(1, { error: 'Amount must be more than zero.' }),
    method: z.enum(['upi', 'bank', 'paypal'], { error: 'Method must be upi, bank or paypal.' }),
    details: z.record(z.string(), z.unknown(), { error: 'Payout details are required.' }),
  })
  .superRefine((input, ctx) => {
    if (input.method === 'upi' && input.currency !== 'INR') ctx.addIssue({ code: 'custom', path: ['method'], message: 'UPI pays out in INR only.' });
    const parsed = detailsSchema(input.method, input.currency as CurrencyCode).safeParse(input.details);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['details', ...(issue.path as (string | number)[])], message: issue.message });
    }
  })
  .transform((input) => ({
    ...input,
    currency: input.currency as CurrencyCode,
    details: detailsSchema(input.method, input.currency as CurrencyCode).parse(input.details) as PayoutDetails,
  }));

export const payInput = z.strictObject({ reference: text('Payment reference', 120) });
export const rejectInput = z.strictObject({ reason: text('Reason', 500) });
export const withdrawalQuery = z.object({ status: z.enum(['requested', 'approved', 'paid', 'rejected'], { error: 'status must be requested, approved, paid or rejected.' }).optional() });

export type WithdrawalInputParsed = z.infer<typeof withdrawalInput>;
