import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import DayField from '../components/react/DayField';
import { dayText, parseDayText, todayIn } from '../lib/date-range';
import { useStore } from '@nanostores/react';
import { Bar } from '../components/charts/LazyCharts';
import { formatMoney, toMajorString, type AdminOrder, type CurrencyCode, type RevenueRow } from '@writory/shared';
import { FormAlert, Notice } from '../components/react/Message';
import AdminMoneyHeader from '../components/payments/AdminMoneyHeader';
import { refundOrder } from '../api/payments';
import { apiErrorBody, saveFile } from '../lib/api';
import { ORDER_STATE_LABEL } from '../lib/payments';
import ScrollRegion from '../components/react/ScrollRegion';
import { formatDate } from '../lib/format';
import { $revenue, loadRevenue } from '../stores/payments-admin';

/** The CSV writers (Papa Parse) load at the first export, not with the page. */
const download = async (name: string, csv: (writers: typeof import('../lib/revenue-csv')) => string) =>
  saveFile(new Blob([csv(await import('../lib/revenue-csv'))], { type: 'text/csv;charset=utf-8' }), name);

/** /admin-revenue-report: revenue by day, month, tier, coupon and currency, with refunds; chart, CSV, refunds. */
export default function AdminRevenue() {
  const report = useStore($revenue);
  const [range, setRange] = useState({ from: '', to: '' });
  const [currency, setCurrency] = useState<CurrencyCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async (from?: string, to?: string) => {
    setError(null);
    try {
      const next = await loadRevenue({ from, to });
      setRange({ from: next.from, to: next.to });
      setCurrency((current) => (current && next.currencies.some((c) => c.currency === current) ? current : (next.currencies[0]?.currency ?? null)));
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? 'The report could not be loaded.');
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function refund(order: AdminOrder) {
    if (!window.confirm(`Refund ${formatMoney(order.total, order.currency)} for order ${order.code}? Its unused entry credits are withdrawn.`)) return;
    try {
      await refundOrder(order.code);
      setNotice(`Order ${order.code} refunded.`);
      await load(range.from, range.to);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? `Order ${order.code} could not be refunded.`);
    }
  }

  const section = report?.currencies.find((c) => c.currency === currency) ?? null;
  const chart = useMemo(() => {
    if (!section) return null;
    const money = (n: number) => Number(toMajorString(n, section.currency));
    return {
      labels: section.byDay.map((r) => r.label),
      datasets: [
        { label: `Gross (${section.currency})`, data: section.byDay.map((r) => money(r.gross)), backgroundColor: '#7c2d12' },
        { label: `Refunds (${section.currency})`, data: section.byDay.map((r) => -money(r.refunds)), backgroundColor: '#b45309' },
      ],
    };
  }, [section]);

  return (
    <div className="space-y-6" data-testid="admin-revenue">
      <AdminMoneyHeader />
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if ([range.from, range.to].some((day) => day && !parseDayText(day))) return setError(`Write the days like ${dayText(todayIn('UTC'))}.`);
          void load(range.from, range.to);
        }}
      >
        <DayField
          label="From"
          value={range.from}
          example={range.from || todayIn('UTC')}
          onChange={(from) => setRange({ ...range, from: from ?? 'unreadable' })}
        />
        <DayField label="To" value={range.to} example={range.to || todayIn('UTC')} onChange={(to) => setRange({ ...range, to: to ?? 'unreadable' })} />
        <button type="submit" className="btn btn-default min-h-11">
          Show
        </button>
      </form>
      <FormAlert>{error}</FormAlert>
      <Notice>{notice}</Notice>
      {!report ? (
        <p role="status">Loading...</p>
      ) : report.currencies.length === 0 ? (
        <p className="text-ink-soft">
          No paid or refunded orders between {report.from} and {report.to}.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <div role="group" aria-label="Currency" className="flex gap-1">
              {report.currencies.map((c) => (
                <button
                  key={c.currency}
                  type="button"
                  className={`btn btn-sm ${c.currency === currency ? 'btn-default' : 'btn-outline'}`}
                  aria-pressed={c.currency === currency}
                  onClick={() => setCurrency(c.currency)}
                >
                  {c.currency}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => void download(`writory-revenue-${report.from}-${report.to}.csv`, ({ revenueCsv }) => revenueCsv(report))}
            >
              Download report CSV
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => void download(`writory-orders-${report.from}-${report.to}.csv`, ({ ordersCsv }) => ordersCsv(report.orders))}
            >
              Download orders CSV
            </button>
          </div>
          {section && (
            <>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="revenue-totals">
                {(
                  [
                    ['Orders', String(section.totals.orders)],
                    ['Gross', formatMoney(section.totals.gross, section.currency)],
                    ['Discounts', formatMoney(section.totals.discounts, section.currency)],
                    ['Refunds', formatMoney(section.totals.refunds, section.currency)],
                    ['Net', formatMoney(section.totals.net, section.currency)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-lg border border-stone-200 bg-white p-3">
                    <dt className="text-xs text-ink-soft">{label}</dt>
                    <dd className="text-lg font-bold" data-testid={`total-${label.toLowerCase()}`}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
              {chart && (
                <figure className="rounded-lg border border-stone-200 bg-white p-3">
                  <div className="relative h-64">
                    <Bar
                      data={chart}
                      options={{ responsive: true, maintainAspectRatio: false, scales: { x: { stacked: true }, y: { stacked: true } } }}
                      aria-label={`Gross and refunds by day in ${section.currency}`}
                      role="img"
                    />
                  </div>
                  <figcaption className="mt-2 text-sm text-ink-soft">
                    Gross and refunds by day ({section.currency}); the table below has the figures.
                  </figcaption>
                </figure>
              )}
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                <RevenueTable caption="By day" rows={section.byDay} currency={section.currency} />
                <RevenueTable caption="By month" rows={section.byMonth} currency={section.currency} />
                <RevenueTable caption="By tier" rows={section.byTier} currency={section.currency} />
                <RevenueTable caption="By coupon" rows={section.byCoupon} currency={section.currency} />
              </div>
            </>
          )}
          <OrdersTable orders={report.orders} onRefund={refund} />
        </>
      )}
    </div>
  );
}

function RevenueTable({ caption, rows, currency }: { caption: string; rows: RevenueRow[]; currency: CurrencyCode }) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-sm">
        <caption className="p-2 text-start font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 bg-parchment">
            <th scope="col" className="p-2 text-start">
              <span className="sr-only">{caption.replace('By ', '')}</span>
            </th>
            <th scope="col" className="p-2 text-end">
              Orders
            </th>
            <th scope="col" className="p-2 text-end">
              Gross
            </th>
            <th scope="col" className="p-2 text-end">
              Refunds
            </th>
            <th scope="col" className="p-2 text-end">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-stone-200">
              <th scope="row" className="p-2 text-start font-normal">
                {row.label}
              </th>
              <td className="p-2 text-end">{row.orders}</td>
              <td className="p-2 text-end">{money(row.gross)}</td>
              <td className="p-2 text-end">{money(row.refunds)}</td>
              <td className="p-2 text-end font-semibold">{money(row.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function OrdersTable({ orders, onRefund }: { orders: AdminOrder[]; onRefund: (order: AdminOrder) => void }) {
  return (
    <ScrollRegion label="Orders in this period">
      <table className="w-full text-sm" data-testid="revenue-orders">
        <caption className="p-2 text-start font-semibold">Orders in this period</caption>
        <thead>
          <tr className="border-b border-stone-300 bg-parchment">
            <th scope="col" className="p-2 text-start">
              Order
            </th>
            <th scope="col" className="p-2 text-start">
              Poet
            </th>
            <th scope="col" className="p-2 text-start">
              Tier
            </th>
            <th scope="col" className="p-2 text-end">
              Total
            </th>
            <th scope="col" className="p-2 text-start">
              Paid
            </th>
            <th scope="col" className="p-2 text-start">
              State
            </th>
            <th scope="col" className="p-2 text-start">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.code} className="border-b border-stone-200" data-testid={`order-${o.code}`}>
              <td className="p-2 font-mono">{o.code}</td>
              <td className="p-2">{o.poet.name ?? o.poet.email}</td>
              <td className="p-2">
                {o.tierName}
                {o.couponCode ? ` · ${o.couponCode}` : ''}
              </td>
              <td className="p-2 text-end whitespace-nowrap">{formatMoney(o.total, o.currency)}</td>
              <td className="p-2 whitespace-nowrap">{o.paidAt ? formatDate(o.paidAt) : '—'}</td>
              <td className="p-2">
                {ORDER_STATE_LABEL[o.state]}
                {o.testMode ? ' (test)' : ''}
              </td>
              <td className="p-2">
                {o.state === 'paid' && o.total > 0 && (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => onRefund(o)} aria-label={`Refund ${o.code}`}>
                    Refund
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
