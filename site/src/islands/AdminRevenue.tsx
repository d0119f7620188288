import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import DayField from '../components/react/DayField';
import { dayText, parseDayText, todayIn } from '../lib/date-range';
import { useStore } from '@nanostores/react';
import { Bar } from '../components/charts/LazyCharts';
import { toMajorString, type AdminOrder, type CurrencyCode, type RevenueRow } from '@writory/shared';
import { FormAlert, Notice } from '../components/react/Message';
import AdminMoneyHeader from '../components/payments/AdminMoneyHeader';
import { refundOrder } from '../api/payments';
import { apiErrorBody, saveFile } from '../lib/api';
import { ORDER_STATE_LABEL } from '../lib/payments';
import ScrollRegion from '../components/react/ScrollRegion';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { t } from '../i18n/t';
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
      setError(apiErrorBody(caught)?.message ?? t('adminRevenue.loadFailed'));
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function refund(order: AdminOrder) {
    if (!window.confirm(t('adminRevenue.refundConfirm', { amount: formatMoney(order.total, order.currency), code: order.code }))) return;
    try {
      await refundOrder(order.code);
      setNotice(t('adminRevenue.refunded', { code: order.code }));
      await load(range.from, range.to);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminRevenue.refundFailed', { code: order.code }));
    }
  }

  const section = report?.currencies.find((c) => c.currency === currency) ?? null;
  const chart = useMemo(() => {
    if (!section) return null;
    const money = (n: number) => Number(toMajorString(n, section.currency));
    return {
      labels: section.byDay.map((r) => r.label),
      datasets: [
        { label: t('adminRevenue.gross', { currency: section.currency }), data: section.byDay.map((r) => money(r.gross)), backgroundColor: '#7c2d12' },
        { label: t('adminRevenue.refunds', { currency: section.currency }), data: section.byDay.map((r) => -money(r.refunds)), backgroundColor: '#b45309' },
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
          if ([range.from, range.to].some((day) => day && !parseDayText(day)))
            return setError(t('adminRevenue.writeDays', { example: dayText(todayIn('UTC')) }));
          void load(range.from, range.to);
        }}
      >
        <DayField
          label={t('adminRevenue.from')}
          value={range.from}
          example={range.from || todayIn('UTC')}
          onChange={(from) => setRange({ ...range, from: from ?? 'unreadable' })}
        />
        <DayField
          label={t('adminRevenue.to')}
          value={range.to}
          example={range.to || todayIn('UTC')}
          onChange={(to) => setRange({ ...range, to: to ?? 'unreadable' })}
        />
        <button type="submit" className="btn btn-default min-h-11">
          {t('adminRevenue.show')}
        </button>
      </form>
      <FormAlert>{error}</FormAlert>
      <Notice>{notice}</Notice>
      {!report ? (
        <p role="status">{t('common.loading')}</p>
      ) : report.currencies.length === 0 ? (
        <p className="text-ink-soft">{t('adminRevenue.none', { from: report.from, to: report.to })}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <div role="group" aria-label={t('adminRevenue.currency')} className="flex gap-1">
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
              {t('adminRevenue.downloadReport')}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => void download(`writory-orders-${report.from}-${report.to}.csv`, ({ ordersCsv }) => ordersCsv(report.orders))}
            >
              {t('adminRevenue.downloadOrders')}
            </button>
          </div>
          {section && (
            <>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="revenue-totals">
                {(
                  [
                    ['orders', t('adminRevenue.colOrders'), formatNumber(section.totals.orders)],
                    ['gross', t('adminRevenue.colGross'), formatMoney(section.totals.gross, section.currency)],
                    ['discounts', t('adminRevenue.colDiscounts'), formatMoney(section.totals.discounts, section.currency)],
                    ['refunds', t('adminRevenue.colRefunds'), formatMoney(section.totals.refunds, section.currency)],
                    ['net', t('adminRevenue.colNet'), formatMoney(section.totals.net, section.currency)],
                  ] as const
                ).map(([name, label, value]) => (
                  <div key={name} className="rounded-lg border border-stone-200 bg-white p-3">
                    <dt className="text-xs text-ink-soft">{label}</dt>
                    <dd className="text-lg font-bold" data-testid={`total-${name}`}>
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
                      aria-label={t('adminRevenue.chartLabel', { currency: section.currency })}
                      role="img"
                    />
                  </div>
                  <figcaption className="mt-2 text-sm text-ink-soft">{t('adminRevenue.chartCaption', { currency: section.currency })}</figcaption>
                </figure>
              )}
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                <RevenueTable caption={t('adminRevenue.byDay')} rowHeading={t('adminRevenue.day')} rows={section.byDay} currency={section.currency} />
                <RevenueTable caption={t('adminRevenue.byMonth')} rowHeading={t('adminRevenue.month')} rows={section.byMonth} currency={section.currency} />
                <RevenueTable caption={t('adminRevenue.byTier')} rowHeading={t('adminRevenue.tier')} rows={section.byTier} currency={section.currency} />
                <RevenueTable caption={t('adminRevenue.byCoupon')} rowHeading={t('adminRevenue.coupon')} rows={section.byCoupon} currency={section.currency} />
              </div>
            </>
          )}
          <OrdersTable orders={report.orders} onRefund={refund} />
        </>
      )}
    </div>
  );
}

function RevenueTable({ caption, rowHeading, rows, currency }: { caption: string; rowHeading: string; rows: RevenueRow[]; currency: CurrencyCode }) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-sm">
        <caption className="p-2 text-start font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 bg-parchment">
            <th scope="col" className="p-2 text-start">
              <span className="sr-only">{rowHeading}</span>
            </th>
            <th scope="col" className="p-2 text-end">
              {t('adminRevenue.colOrders')}
            </th>
            <th scope="col" className="p-2 text-end">
              {t('adminRevenue.colGross')}
            </th>
            <th scope="col" className="p-2 text-end">
              {t('adminRevenue.colRefunds')}
            </th>
            <th scope="col" className="p-2 text-end">
              {t('adminRevenue.colNet')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-stone-200">
              <th scope="row" className="p-2 text-start font-normal">
                {row.label}
              </th>
              <td className="p-2 text-end">{formatNumber(row.orders)}</td>
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
    <ScrollRegion label={t('adminRevenue.ordersInPeriod')}>
      <table className="w-full text-sm" data-testid="revenue-orders">
        <caption className="p-2 text-start font-semibold">{t('adminRevenue.ordersInPeriod')}</caption>
        <thead>
          <tr className="border-b border-stone-300 bg-parchment">
            <th scope="col" className="p-2 text-start">
              {t('adminRevenue.colOrder')}
            </th>
            <th scope="col" className="p-2 text-start">
              {t('adminRevenue.colPoet')}
            </th>
            <th scope="col" className="p-2 text-start">
              {t('adminRevenue.tier')}
            </th>
            <th scope="col" className="p-2 text-end">
              {t('adminRevenue.colTotal')}
            </th>
            <th scope="col" className="p-2 text-start">
              {t('adminRevenue.colPaid')}
            </th>
            <th scope="col" className="p-2 text-start">
              {t('adminRevenue.colState')}
            </th>
            <th scope="col" className="p-2 text-start">
              <span className="sr-only">{t('adminList.actions')}</span>
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
                {o.testMode ? ` ${t('adminRevenue.test')}` : ''}
              </td>
              <td className="p-2">
                {o.state === 'paid' && o.total > 0 && (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    onClick={() => onRefund(o)}
                    aria-label={t('adminRevenue.refundNamed', { code: o.code })}
                  >
                    {t('adminRevenue.refund')}
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
