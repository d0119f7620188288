// @vitest-environment node
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, RevenueReport } from '@writory/shared';
import { ordersCsv, revenueCsv } from './revenue-csv';

const row = (key: string, gross: number, refunds = 0) => ({ key, label: key, orders: 1, gross, discounts: 0, refunds, net: gross - refunds });

describe('revenue CSV', () => {
  it('writes every group with exact amounts, quoting labels that need it', () => {
    const report = {
      from: '2025-06-01',
      to: '2025-06-30',
      timeZone: 'Asia/Kolkata',
      testMode: true,
      orders: [],
      currencies: [
        {
          currency: 'INR',
          totals: row('t', 24900, 9900),
          byDay: [row('2025-06-02', 24900), row('2025-06-05', 0, 9900)],
          byMonth: [row('2025-06', 24900, 9900)],
          byTier: [row('Trio, deluxe', 24900), row('=HYPERLINK(1)', 1)],
          byCoupon: [row('No coupon', 1)],
        },
      ],
    } as unknown as RevenueReport;
    const parsed = Papa.parse<Record<string, string>>(revenueCsv(report), { header: true }).data;
    expect(parsed).toEqual([
      { currency: 'INR', group: 'day', key: '2025-06-02', orders: '1', gross: '249.00', discounts: '0.00', refunds: '0.00', net: '249.00' },
      { currency: 'INR', group: 'day', key: '2025-06-05', orders: '1', gross: '0.00', discounts: '0.00', refunds: '99.00', net: '-99.00' },
      { currency: 'INR', group: 'month', key: '2025-06', orders: '1', gross: '249.00', discounts: '0.00', refunds: '99.00', net: '150.00' },
      { currency: 'INR', group: 'tier', key: 'Trio, deluxe', orders: '1', gross: '249.00', discounts: '0.00', refunds: '0.00', net: '249.00' },
      { currency: 'INR', group: 'tier', key: "'=HYPERLINK(1)", orders: '1', gross: '0.01', discounts: '0.00', refunds: '0.00', net: '0.01' },
      { currency: 'INR', group: 'coupon', key: 'No coupon', orders: '1', gross: '0.01', discounts: '0.00', refunds: '0.00', net: '0.01' },
    ]);
  });

  it('writes orders with their poet and dates', () => {
    const order = {
      code: 'WR-ABCD2345',
      state: 'refunded',
      poet: { id: 1, name: 'Asha', email: '=cmd@example.com' },
      tierName: 'Trio',
      month: '2025-06',
      currency: 'USD',
      subtotal: 699,
      discount: 100,
      total: 599,
      couponCode: 'X',
      paidAt: '2025-06-02T00:00:00.000Z',
      refundedAt: '2025-06-03T00:00:00.000Z',
      testMode: true,
    } as AdminOrder;
    const [parsed] = Papa.parse<Record<string, string>>(ordersCsv([order]), { header: true }).data;
    expect(parsed).toMatchObject({ code: 'WR-ABCD2345', poet: "'=cmd@example.com", subtotal: '6.99', discount: '1.00', total: '5.99', test: 'yes' });
  });
});
