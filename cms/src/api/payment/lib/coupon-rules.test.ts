import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, percentOf } from '@writory/shared';
import { DEFAULT_PAYMENT_SETTINGS } from '../../payment-setting/lib/defaults';
import { rewardFor } from '../../referral/lib/rewards';
import { couponDiscount, couponStatus, type CouponTerms } from './coupon-rules';

const subtotal = fc.integer({ min: 0, max: MAX_AMOUNT });
// As the admin form allows: 1–100 % off, or a fixed amount in minor units.
const percentCoupon = fc.integer({ min: 1, max: 100 }).map((percentOff): CouponTerms => ({ discountType: 'percent', percentOff, amountOff: null }));
const fixedCoupon = fc.integer({ min: 1, max: MAX_AMOUNT }).map((amountOff): CouponTerms => ({ discountType: 'fixed', percentOff: null, amountOff }));
const coupon = fc.oneof(percentCoupon, fixedCoupon);

describe('couponDiscount', () => {
  it('is an integer from 0 to the subtotal, so the total is never negative nor above the price', () => {
    fc.assert(
      fc.property(coupon, subtotal, (terms, price) => {
        const discount = couponDiscount(terms, price);
        expect(Number.isSafeInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(price);
        const total = price - discount;
        expect(total).toBeGreaterThanOrEqual(0);
        expect(total).toBeLessThanOrEqual(price);
      }),
    );
  });

  it('rounds a percentage down to the minor unit, and 100 % makes the order free', () => {
    fc.assert(
      fc.property(percentCoupon, subtotal, (terms, price) => {
        expect(couponDiscount(terms, price)).toBe(Math.floor((price * terms.percentOff!) / 100));
        expect(couponDiscount({ ...terms, percentOff: 100 }, price)).toBe(price);
      }),
    );
    expect(couponDiscount({ discountType: 'percent', percentOff: 15, amountOff: null }, 999)).toBe(149);
  });

  it('takes a fixed amount off in full, or the whole subtotal when the amount is larger', () => {
    fc.assert(
      fc.property(fixedCoupon, subtotal, (terms, price) => {
        expect(couponDiscount(terms, price)).toBe(Math.min(terms.amountOff!, price));
      }),
    );
    expect(couponDiscount({ discountType: 'fixed', percentOff: null, amountOff: 500 }, 1999)).toBe(500);
    expect(couponDiscount({ discountType: 'fixed', percentOff: null, amountOff: 5000 }, 1999)).toBe(1999);
  });

  it('gives nothing for a coupon whose amount is missing', () => {
    expect(couponDiscount({ discountType: 'percent', percentOff: null, amountOff: 300 }, 1000)).toBe(0);
    expect(couponDiscount({ discountType: 'fixed', percentOff: 50, amountOff: null }, 1000)).toBe(0);
  });

  it('grows with the subtotal (a dearer tier never costs less after the same coupon)', () => {
    fc.assert(
      fc.property(coupon, subtotal, subtotal, (terms, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(low - couponDiscount(terms, low)).toBeLessThanOrEqual(high - couponDiscount(terms, high));
      }),
    );
  });
});

describe('a coupon and a referral reward compose as documented', () => {
  // The referrer's reward is a share of what the referee paid: the total after the coupon, never the list price.
  it('rewards at most the total paid, a percentage rounded down', () => {
    fc.assert(
      fc.property(coupon, subtotal, fc.integer({ min: 0, max: 100 }), (terms, price, rewardPercent) => {
        const total = price - couponDiscount(terms, price);
        const reward = rewardFor(
          { total, currency: 'INR' },
          { ...DEFAULT_PAYMENT_SETTINGS, referralRewardType: 'percent', referralRewardPercent: rewardPercent },
        );
        expect(reward).toBe(percentOf(total, rewardPercent));
        expect(reward).toBeGreaterThanOrEqual(0);
        expect(reward).toBeLessThanOrEqual(total);
      }),
    );
  });
});

describe('couponStatus', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const base = { disabledAt: null, validFrom: null, validUntil: null, maxUses: null };

  it.each([
    [{}, 0, 'active'],
    [{ disabledAt: iso(-1), validUntil: iso(-1), maxUses: 1 }, 5, 'disabled'],
    [{ validUntil: iso(0) }, 0, 'expired'],
    [{ validUntil: iso(1) }, 0, 'active'],
    [{ validUntil: iso(-1), maxUses: 1 }, 1, 'expired'],
    [{ maxUses: 2 }, 1, 'active'],
    [{ maxUses: 2 }, 2, 'exhausted'],
    [{ maxUses: 0 }, 0, 'exhausted'],
    [{ maxUses: 1, validFrom: iso(1) }, 1, 'exhausted'],
    [{ validFrom: iso(1) }, 0, 'scheduled'],
    [{ validFrom: iso(0) }, 0, 'active'],
    [{ validFrom: iso(-1), validUntil: iso(1), maxUses: 3 }, 2, 'active'],
  ] as const)('%o with %d uses is %s', (row, uses, status) => {
    expect(couponStatus({ ...base, ...row }, uses, now)).toBe(status);
  });

  it('is active exactly when a usable coupon would be accepted at that moment', () => {
    const moment = fc.option(fc.integer({ min: -3, max: 3 }).map((days) => iso(days * 86_400_000)));
    fc.assert(
      fc.property(
        fc.record({ disabledAt: fc.option(fc.constant(iso(-1))), validFrom: moment, validUntil: moment, maxUses: fc.option(fc.nat(3)) }),
        fc.nat(4),
        (row, uses) => {
          const usable =
            !row.disabledAt &&
            (!row.validFrom || Date.parse(row.validFrom) <= now.getTime()) &&
            (!row.validUntil || Date.parse(row.validUntil) > now.getTime()) &&
            (row.maxUses === null || uses < row.maxUses);
          expect(couponStatus(row, uses, now) === 'active').toBe(usable);
        },
      ),
    );
  });
});
