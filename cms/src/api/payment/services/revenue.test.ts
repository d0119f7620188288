import { describe, expect, it } from 'vitest';
import { aggregateRevenue, localDay, startOfLocalDay, type ReportOrder } from './revenue';

const order = (change: Partial<ReportOrder>): ReportOrder => ({
  tierId: 1,
  tierName: 'Trio',
  currency: 'INR',
  total: 24900,
  discount: 0,
  couponCode: null,
  paidAt: null,
  refundedAt: null,
  ...change,
});

describe('aggregateRevenue', () => {
  const range = { from: '2025-06-01', to: '2025-06-30', timeZone: 'Asia/Kolkata' };

  it('counts gross on the paid day and refunds on the refund day, per currency', () => {
    const [inr, usd] = aggregateRevenue(
      [
        order({ paidAt: '2025-06-02T10:00:00Z', discount: 100, couponCode: 'WELCOME10' }),
        order({ paidAt: '2025-06-02T11:00:00Z', refundedAt: '2025-06-05T08:00:00Z', tierId: 2, tierName: 'Single', total: 9900 }),
        order({ currency: 'USD', total: 699, paidAt: '2025-06-03T12:00:00Z' }),
      ],
      range,
    );
    expect(inr.currency).toBe('INR');
    expect(inr.totals).toEqual({ orders: 2, gross: 34800, discounts: 100, refunds: 9900, net: 24900 });
    expect(inr.byDay).toEqual([
      { key: '2025-06-02', label: '2025-06-02', orders: 2, gross: 34800, discounts: 100, refunds: 0, net: 34800 },
      { key: '2025-06-05', label: '2025-06-05', orders: 0, gross: 0, discounts: 0, refunds: 9900, net: -9900 },
    ]);
    expect(inr.byTier.map((r) => [r.label, r.net])).toEqual([
      ['Trio', 24900],
      ['Single', 0],
    ]);
    expect(inr.byCoupon.map((r) => [r.label, r.gross])).toEqual([
      ['WELCOME10', 24900],
      ['No coupon', 9900],
    ]);
    expect(usd.totals).toEqual({ orders: 1, gross: 699, discounts: 0, refunds: 0, net: 699 });
  });

  it('uses days of the contest time zone and leaves out events outside the range', () => {
    // 19:00 UTC on 31 May is already 1 June in India; a refund in July is outside June.
    const [inr] = aggregateRevenue(
      [order({ paidAt: '2025-05-31T19:00:00Z', refundedAt: '2025-07-01T00:00:00Z' }), order({ paidAt: '2025-05-31T18:00:00Z' })],
      range,
    );
    expect(inr.byDay.map((r) => r.key)).toEqual(['2025-06-01']);
    expect(inr.totals).toEqual({ orders: 1, gross: 24900, discounts: 0, refunds: 0, net: 24900 });
  });

  it('answers nothing for no orders', () => {
    expect(aggregateRevenue([], range)).toEqual([]);
  });
});

describe('local days', () => {
  it.each([
    ['Asia/Kolkata', '2025-06-01', '2025-05-31T18:30:00.000Z'],
    ['America/New_York', '2025-03-09', '2025-03-09T05:00:00.000Z'],
    ['UTC', '2025-12-31', '2025-12-31T00:00:00.000Z'],
  ])('%s: %s starts at %s', (timeZone, day, instant) => {
    expect(startOfLocalDay(day, timeZone).toISOString()).toBe(instant);
    expect(localDay(new Date(instant), timeZone)).toBe(day);
  });
});
