// CSV exports of the revenue report: amounts as exact major-unit strings beside their currency.
import Papa from 'papaparse';
import { toMajorString, type AdminOrder, type RevenueReport } from '@writory/shared';

/** Text a spreadsheet would run as a formula (but not a plain negative amount): written with a leading '. */
const FORMULA = /^(?![-+]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/** Every group of the report, one row per day, month, tier or coupon and currency. */
export function revenueCsv(report: RevenueReport): string {
  const rows = report.currencies.flatMap((c) =>
    (['byDay', 'byMonth', 'byTier', 'byCoupon'] as const).flatMap((group) =>
      c[group].map((row) => ({
        currency: c.currency,
        group: group.replace('by', '').toLowerCase(),
        key: row.label,
        orders: row.orders,
        gross: toMajorString(row.gross, c.currency),
        discounts: toMajorString(row.discounts, c.currency),
        refunds: toMajorString(row.refunds, c.currency),
        net: toMajorString(row.net, c.currency),
      })),
    ),
  );
  return Papa.unparse(rows, { columns: ['currency', 'group', 'key', 'orders', 'gross', 'discounts', 'refunds', 'net'], escapeFormulae: FORMULA });
}

export function ordersCsv(orders: AdminOrder[]): string {
  return Papa.unparse(
    orders.map((o) => ({
      code: o.code,
      state: o.state,
      poet: o.poet.email ?? '',
      tier: o.tierName,
      month: o.month,
      currency: o.currency,
      subtotal: toMajorString(o.subtotal, o.currency),
      discount: toMajorString(o.discount, o.currency),
      total: toMajorString(o.total, o.currency),
      coupon: o.couponCode ?? '',
      paidAt: o.paidAt ?? '',
      refundedAt: o.refundedAt ?? '',
      test: o.testMode ? 'yes' : 'no',
    })),
    { escapeFormulae: FORMULA },
  );
}
