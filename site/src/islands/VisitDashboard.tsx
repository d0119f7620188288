import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Bar, Doughnut, Line } from '../components/charts/LazyCharts';
import type { VisitSummary } from '@writory/shared';
import { FormAlert } from '../components/react/Message';
import DayField from '../components/react/DayField';
import ScrollRegion from '../components/react/ScrollRegion';
import { useAdminReady } from '../components/react/useAdminReady';
import { useStore } from '@nanostores/react';
import { downloadVisitsCsv } from '../api/visits';
import { problemOf, saveFile } from '../lib/api';
import { $visitSummary, $visitSummaryLoading, loadVisitSummary } from '../stores/visit-summary';
import { lastDays, rangeProblem, todayIn } from '../lib/date-range';
import { t } from '../i18n/t';
import { formatDay, pageIntlLocale } from '../lib/format';

const PRESETS = [7, 30, 90] as const;
const QUILL = '#7c2d12';
const GOLD = '#b45309';
const STONE = '#78716c';
const number = { format: (value: number) => new Intl.NumberFormat(pageIntlLocale()).format(value) };

/** /admin-visit-tracking: visits and visitors over a range of days, top pages, devices, and who is on the site now. */
export default function VisitDashboard() {
  const ready = useAdminReady();
  // null: the server's default (the last 30 days in the contest time zone), shown in the form once it answers.
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [draft, setDraft] = useState({ from: '', to: '' });
  const summary = useStore($visitSummary);
  const loading = useStore($visitSummaryLoading);
  const [error, setError] = useState<string | null>(null);
  // The hint's example day: today where the contest counts its days.
  const example = todayIn(summary?.timeZone ?? 'UTC');

  const load = useCallback(async (wanted: { from: string; to: string } | null) => {
    setError(null);
    try {
      const answer = await loadVisitSummary(wanted);
      if (!wanted) setDraft({ from: answer.from, to: answer.to });
    } catch (caught) {
      setError(problemOf(caught, t('adminVisits.loadFailed')));
    }
  }, []);

  useEffect(() => {
    if (ready) void load(range);
  }, [ready, range, load]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = rangeProblem(draft);
    if (problem) return setError(problem);
    setRange({ ...draft });
  };
  // Days are the contest's days: "today" is today in its time zone.
  const preset = (days: number) => {
    const next = lastDays(todayIn(summary?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone), days);
    setDraft(next);
    setRange(next);
  };

  const exportVisits = async () => {
    const shown = summary ?? draft;
    try {
      await downloadVisitsCsv(shown);
    } catch (caught) {
      setError(problemOf(caught, t('adminVisits.exportFailed')));
    }
  };
  const exportDays = async () => {
    if (!summary) return;
    const { default: Papa } = await import('papaparse');
    const csv = Papa.unparse({ fields: ['day', 'visits', 'uniqueVisitors'], data: summary.days.map((d) => [d.day, d.visits, d.uniqueVisitors]) });
    saveFile(new Blob([`\uFEFF${csv}\r\n`], { type: 'text/csv;charset=utf-8' }), `writory-visits-per-day-${summary.from}-to-${summary.to}.csv`);
  };

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  return (
    <div className="space-y-8" data-testid="visit-dashboard">
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4">
        <DayField
          label={t('adminVisits.from')}
          value={draft.from}
          example={draft.from || example}
          onChange={(from) => setDraft({ ...draft, from: from ?? 'unreadable' })}
        />
        <DayField
          label={t('adminVisits.to')}
          value={draft.to}
          example={draft.to || example}
          onChange={(to) => setDraft({ ...draft, to: to ?? 'unreadable' })}
        />
        <button type="submit" className="btn btn-default min-h-11">
          {t('adminVisits.show')}
        </button>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('adminVisits.quickRanges')}>
          {PRESETS.map((days) => (
            <button key={days} type="button" className="btn btn-outline btn-sm" onClick={() => preset(days)}>
              {t('adminVisits.lastDays', { count: number.format(days) })}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2 sm:ms-auto">
          <button type="button" className="btn btn-secondary btn-sm" onClick={exportVisits} disabled={!summary}>
            {t('adminVisits.exportVisits')}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void exportDays()} disabled={!summary}>
            {t('adminVisits.exportDays')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void load(range)} disabled={loading}>
            {t('adminVisits.refresh')}
          </button>
        </div>
      </form>
      <FormAlert>{error}</FormAlert>
      <p role="status" className="text-sm text-ink-soft">
        {loading
          ? t('common.loading')
          : summary
            ? t('adminVisits.range', { from: formatDay(summary.from), to: formatDay(summary.to), zone: summary.timeZone })
            : ''}
      </p>
      {summary && <Figures summary={summary} />}
    </div>
  );
}

function Figures({ summary }: { summary: VisitSummary }) {
  const loggedIn = summary.userTypes['logged-in'];
  const total = summary.totals.visits;
  const cards = [
    { label: t('adminVisits.visits'), value: number.format(total), testId: 'stat-visits' },
    { label: t('adminVisits.unique'), value: number.format(summary.totals.uniqueVisitors), testId: 'stat-unique' },
    { label: t('adminVisits.active'), value: number.format(summary.activeNow), testId: 'stat-active' },
    {
      label: t('adminVisits.signedInShare'),
      value: total ? new Intl.NumberFormat(pageIntlLocale(), { style: 'percent' }).format(Math.round((loggedIn / total) * 100) / 100) : '–',
      testId: 'stat-logged-in',
    },
  ];
  const days = summary.days;
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-stone-200 bg-white p-4">
            <dt className="text-sm text-ink-soft">{card.label}</dt>
            <dd className="font-serif text-3xl font-bold tabular-nums" data-testid={card.testId}>
              {card.value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="visits-per-day" className="rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="visits-per-day" className="mb-3 text-xl font-bold">
          {t('adminVisits.perDay')}
        </h2>
        <div className="h-72">
          <Line
            aria-label={t('adminVisits.lineChart', { from: formatDay(summary.from), to: formatDay(summary.to) })}
            role="img"
            data={{
              labels: days.map((d) => formatDay(d.day)),
              datasets: [
                { label: t('adminVisits.visits'), data: days.map((d) => d.visits), borderColor: QUILL, backgroundColor: QUILL, tension: 0.2 },
                {
                  label: t('adminVisits.unique'),
                  data: days.map((d) => d.uniqueVisitors),
                  borderColor: GOLD,
                  backgroundColor: GOLD,
                  borderDash: [6, 4],
                  tension: 0.2,
                },
              ],
            }}
            options={{ maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
          />
        </div>
        <details className="mt-3">
          <summary className="text-sm font-semibold text-quill">{t('adminVisits.daysTable')}</summary>
          <ScrollRegion label={t('adminVisits.daysTableLabel')} framed={false} className="mt-2 max-h-80 overflow-y-auto">
            <table className="w-full text-sm" data-testid="days-table">
              <thead>
                <tr className="text-start">
                  <th scope="col" className="p-2 text-start">
                    {t('adminVisits.day')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminVisits.visits')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminVisits.unique')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.day} className="border-t border-stone-200">
                    <th scope="row" className="p-2 text-start font-normal">
                      {formatDay(d.day)}
                    </th>
                    <td className="p-2 text-end tabular-nums">{number.format(d.visits)}</td>
                    <td className="p-2 text-end tabular-nums">{number.format(d.uniqueVisitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="top-pages" className="rounded-lg border border-stone-200 bg-white p-4 lg:col-span-1">
          <h2 id="top-pages" className="mb-3 text-xl font-bold">
            {t('adminVisits.topPages')}
          </h2>
          {summary.topPages.length === 0 ? (
            <p className="text-sm text-ink-soft">{t('adminVisits.noVisits')}</p>
          ) : (
            <>
              <div className="h-56">
                <Bar
                  aria-label={t('adminVisits.barChart')}
                  role="img"
                  data={{
                    labels: summary.topPages.map((p) => p.page),
                    datasets: [{ label: t('adminVisits.visits'), data: summary.topPages.map((p) => p.visits), backgroundColor: QUILL }],
                  }}
                  options={{
                    indexAxis: 'y',
                    maintainAspectRatio: false,
                    animation: false,
                    plugins: { legend: { display: false } },
                    scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
                  }}
                />
              </div>
              <ol className="mt-3 space-y-1 text-sm" data-testid="top-pages">
                {summary.topPages.map((p) => (
                  <li key={p.page} className="flex justify-between gap-2">
                    <span className="truncate" dir="ltr">
                      {p.page}
                    </span>
                    <span className="tabular-nums">{number.format(p.visits)}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
        <Split
          title={t('adminVisits.devices')}
          testId="devices"
          parts={[
            { label: t('adminVisits.mobile'), value: summary.devices.mobile, color: QUILL },
            { label: t('adminVisits.desktop'), value: summary.devices.desktop, color: GOLD },
          ]}
        />
        <Split
          title={t('adminVisits.userTypes')}
          testId="user-types"
          parts={[
            { label: t('adminVisits.signedIn'), value: summary.userTypes['logged-in'], color: QUILL },
            { label: t('adminVisits.anonymous'), value: summary.userTypes.anonymous, color: STONE },
          ]}
        />
      </div>
    </>
  );
}

function Split({ title, parts, testId }: { title: string; parts: { label: string; value: number; color: string }[]; testId: string }) {
  const id = useId();
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id={id} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {total > 0 && (
        <div className="mx-auto h-44 max-w-44">
          <Doughnut
            aria-label={t('adminVisits.doughnut', { parts: parts.map((p) => `${p.label} ${number.format(p.value)}`).join(', ') })}
            role="img"
            data={{ labels: parts.map((p) => p.label), datasets: [{ data: parts.map((p) => p.value), backgroundColor: parts.map((p) => p.color) }] }}
            options={{ maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } } }}
          />
        </div>
      )}
      <ul className="mt-3 space-y-1 text-sm" data-testid={testId}>
        {parts.map((part) => (
          <li key={part.label} className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full" style={{ background: part.color }} />
              {part.label}
            </span>
            <span className="tabular-nums">
              {number.format(part.value)} (
              {new Intl.NumberFormat(pageIntlLocale(), { style: 'percent' }).format(total ? Math.round((part.value / total) * 100) / 100 : 0)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
