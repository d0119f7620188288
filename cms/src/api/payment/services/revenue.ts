// Revenue by day, month, tier, coupon and currency. Gross counts an order on the day it was paid, a refund on
// the day it was refunded; net = gross - refunds. Currencies are never added together.
import { TZDate } from '@date-fns/tz';
import type { Core } from '@strapi/strapi';
import { CURRENCY_CODES, type CurrencyCode, type RevenueByCurrency, type RevenueReport, type RevenueRow } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { isoOf } from '../../../lib/money-db';
import type { OrderRow } from './orders';
import { getService } from '../../../services';
import { msg, say } from '../../../lib/messages';

const UID = 'api::payment.order';
const DAY_MS = 86_400_000;
export const MAX_REPORT_DAYS = 731;

type Amounts = Omit<RevenueRow, 'key' | 'label'>;
const zero = (): Amounts => ({ orders: 0, gross: 0, discounts: 0, refunds: 0, net: 0 });

/** YYYY-MM-DD of an instant in a time zone. */
export const localDay = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** The first instant of a YYYY-MM-DD day in a time zone. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

export type ReportOrder = Pick<OrderRow, 'tierId' | 'tierName' | 'currency' | 'total' | 'discount' | 'couponCode' | 'paidAt' | 'refundedAt'>;

/** Pure aggregation over orders (paid or refunded); only events inside [from, to] (local days) count. */
export function aggregateRevenue(orders: ReportOrder[], { from, to, timeZone }: { from: string; to: string; timeZone: string }): RevenueByCurrency[] {
  const inRange = (iso: string | null) => {
    if (!iso) return null;
    const day = localDay(new Date(iso), timeZone);
    return day >= from && day <= to ? day : null;
  };
  const byCurrency = new Map<CurrencyCode, { totals: Amounts; groups: Record<'byDay' | 'byMonth' | 'byTier' | 'byCoupon', Map<string, RevenueRow>> }>();
  const bucket = (currency: CurrencyCode) => {
    if (!byCurrency.has(currency)) {
      byCurrency.set(currency, { totals: zero(), groups: { byDay: new Map(), byMonth: new Map(), byTier: new Map(), byCoupon: new Map() } });
    }
    return byCurrency.get(currency)!;
  };
  const add = (map: Map<string, RevenueRow>, key: string, label: string, change: Partial<Amounts>) => {
    const row = map.get(key) ?? { key, label, ...zero() };
    for (const [field, value] of Object.entries(change) as [keyof Amounts, number][]) row[field] += value;
    row.net = row.gross - row.refunds;
    map.set(key, row);
  };

  for (const order of orders) {
    const events: [string, Partial<Amounts>][] = [];
    const paidDay = inRange(order.paidAt);
    const refundDay = inRange(order.refundedAt);
    if (paidDay) events.push([paidDay, { orders: 1, gross: order.total, discounts: order.discount }]);
    if (refundDay) events.push([refundDay, { refunds: order.total }]);
    if (!events.length) continue;
    const { totals, groups } = bucket(order.currency);
    for (const [day, change] of events) {
      for (const [field, value] of Object.entries(change) as [keyof Amounts, number][]) totals[field] += value;
      totals.net = totals.gross - totals.refunds;
      add(groups.byDay, day, day, change);
      add(groups.byMonth, day.slice(0, 7), day.slice(0, 7), change);
      add(groups.byTier, String(order.tierId), order.tierName, change);
      add(groups.byCoupon, order.couponCode ?? '', order.couponCode ?? 'No coupon', change);
    }
  }

  const sorted = (map: Map<string, RevenueRow>, byKey: boolean) =>
    [...map.values()].sort((a, b) => (byKey ? a.key.localeCompare(b.key) : b.net - a.net || a.label.localeCompare(b.label)));
  return CURRENCY_CODES.filter((c) => byCurrency.has(c)).map((currency) => {
    const { totals, groups } = byCurrency.get(currency)!;
    return {
      currency,
      totals,
      byDay: sorted(groups.byDay, true),
      byMonth: sorted(groups.byMonth, true),
      byTier: sorted(groups.byTier, false),
      byCoupon: sorted(groups.byCoupon, false),
    };
  });
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async report(query: { from?: string; to?: string }): Promise<RevenueReport> {
    const { contestTimeZone: timeZone } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
    const today = localDay(new Date(), timeZone);
    const to = query.to ?? today;
    const from = query.from ?? localDay(new Date(startOfLocalDay(to, timeZone).getTime() - 29 * DAY_MS), timeZone);
    if (from > to)
      throw new ApiError(422, msg('revenue.fromAfterTo'), { errors: [{ path: ['from'], message: say('revenue.fromAfterTo') }] }, 'ValidationError');
    const start = startOfLocalDay(from, timeZone);
    const end = new Date(startOfLocalDay(to, timeZone).getTime() + DAY_MS + 3_600_000); // + a DST hour; localDay() trims
    if ((end.getTime() - start.getTime()) / DAY_MS > MAX_REPORT_DAYS + 1) {
      throw new ApiError(
        422,
        msg('revenue.maxDays', { days: MAX_REPORT_DAYS }),
        { errors: [{ path: ['from'], message: say(msg('revenue.maxDays', { days: MAX_REPORT_DAYS })) }] },
        'ValidationError',
      );
    }
    const testMode: boolean = getService(strapi, 'api::payment.gateway').testMode();
    const rows: OrderRow[] = await strapi.db.query(UID).findMany({
      where: {
        state: { $in: ['paid', 'refunded'] },
        // A live report leaves out orders made while the site ran in test-payments mode.
        ...(testMode ? {} : { provider: { $ne: 'stripe_test' } }),
        $or: [{ paidAt: { $gte: start, $lt: end } }, { refundedAt: { $gte: start, $lt: end } }],
      },
      orderBy: { paidAt: 'desc' },
      limit: 100_000,
    });
    const normalised = rows.map((r) => ({ ...r, paidAt: isoOf(r.paidAt), refundedAt: isoOf(r.refundedAt) }));
    return {
      from,
      to,
      timeZone,
      testMode,
      currencies: aggregateRevenue(normalised, { from, to, timeZone }),
      orders: await getService(strapi, 'api::payment.orders').withPoets(normalised.slice(0, 200)),
    };
  },
});
