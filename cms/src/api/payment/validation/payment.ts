// The boundary of /api/payments* and /api/admin/payments*: the shared request schemas (packages/shared/src/schemas/payments.ts).
import type { z } from 'zod';
import type { checkoutInput, couponInput, tierInput } from '@writory/shared';

export { checkoutInput, couponInput, couponPatch, paymentSettingsInput as settingsInput, revenueQuery, testCheckoutOutcome, tierInput } from '@writory/shared';
export type TierInputParsed = z.output<typeof tierInput>;
export type CouponInputParsed = z.output<typeof couponInput>;
export type CheckoutInputParsed = z.output<typeof checkoutInput>;
