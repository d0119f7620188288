// The arithmetic and calendar of a coupon, without the database: what it takes off an order and what state it
// is in. The coupons service counts the uses and calls these.
import { percentOf, type CouponStatus, type DiscountType } from '@writory/shared';

export interface CouponTerms {
  discountType: DiscountType;
  percentOff: number | null;
  amountOff: number | null;
}

/**
 * The discount on a subtotal in minor units: a percentage rounded down, or a fixed amount capped at the
 * subtotal, so the total (subtotal − discount) is never negative and never above the subtotal.
 */
export const couponDiscount = (coupon: CouponTerms, subtotal: number): number =>
  coupon.discountType === 'percent' ? percentOf(subtotal, coupon.percentOff ?? 0) : Math.min(coupon.amountOff ?? 0, subtotal);

export interface CouponState {
  disabledAt: string | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
}

/** Disabled, then expired, then used up, then not yet valid; otherwise active. */
export function couponStatus(row: CouponState, uses: number, now: Date): CouponStatus {
  if (row.disabledAt) return 'disabled';
  if (row.validUntil && Date.parse(row.validUntil) <= now.getTime()) return 'expired';
  if (row.maxUses !== null && uses >= row.maxUses) return 'exhausted';
  if (row.validFrom && Date.parse(row.validFrom) > now.getTime()) return 'scheduled';
  return 'active';
}
