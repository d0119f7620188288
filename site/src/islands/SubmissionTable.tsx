import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { countryName, ENTRY_STATUSES, type AdminEntryRow } from '@writory/shared';
import MonthSelect from '../components/entries/MonthSelect';
import { Failure, Loading } from '../components/react/States';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { formatInstant } from '../lib/contest-time';
import { downloadEntryFile } from '../api/entries';
import { saveFile } from '../lib/api';
import { filterRows, sortRows, type SortDirection, type SortKey } from '../lib/entry-table';
import { $authStatus } from '../stores/auth';
import { $productUser } from '../stores/product-user';
import { $submissionData, loadSubmissionData } from '../stores/submission-data';
import { showToast } from '../stores/toasts';
import { formatMonth } from '../lib/format';
import { competitionOf } from '../lib/competitions';

const COLUMNS: { key: SortKey | 'title' | 'flag' | 'file'; sortable: boolean }[] = [
  { key: 'code', sortable: true },
  { key: 'title', sortable: false },
  { key: 'poetName', sortable: true },
  { key: 'country', sortable: true },
  { key: 'language', sortable: true },
  { key: 'status', sortable: true },
  { key: 'submittedAt', sortable: true },
  { key: 'judges', sortable: true },
  { key: 'score', sortable: true },
  { key: 'flag', sortable: false },
  { key: 'file', sortable: false },
];
const label = (key: string) => t(`data.col.${key === 'poetName' ? 'poet' : key}` as Parameters<typeof t>[0]);

const saveCsv = (csv: string, month: string) => saveFile(new Blob([`\ufeff${csv}`], { type: 'text/csv;charset=utf-8' }), `writory-entries-${month}.csv`);

function Row({ row }: { row: AdminEntryRow }) {
  const download = () => downloadEntryFile(row.code, row.code).catch(() => showToast({ title: t('entries.downloadFailed'), variant: 'destructive' }));
  return (
    <tr className="border-t border-stone-200 align-top" data-testid="data-row">
      <td className="p-2 font-mono">{row.code}</td>
      <td className="p-2">
        <span dir="auto">{row.title}</span>
        {competitionOf(row) && (
          <span className="block text-xs text-ink-soft" data-testid="data-competition">
            {competitionOf(row)!.name}
          </span>
        )}
      </td>
      <td className="p-2">
        <span dir="auto">{row.poetName ?? row.contactName}</span>
        <span className="block text-xs text-ink-soft">{row.poetEmail}</span>
      </td>
      <td className="p-2">{countryName(row.country)}</td>
      <td className="p-2">
        <span dir="auto">{row.language}</span>
      </td>
      <td className="p-2">{t(`entries.status.${row.status}`)}</td>
      <td className="p-2 whitespace-nowrap">{formatInstant(row.submittedAt)}</td>
      <td className="p-2 text-end">{row.judges}</td>
      <td className="p-2 text-end" data-testid="data-score">
        {row.score ?? '—'}
        {row.totals.length > 0 && <span className="block text-xs text-ink-soft">{row.totals.join(' · ')}</span>}
      </td>
      <td className="p-2">{row.originalityFlag ? t('judging.flagged') : ''}</td>
      <td className="p-2">
        <button type="button" className="btn btn-link btn-sm px-0" onClick={() => void download()} aria-label={`${t('data.file')} ${row.code}`}>
          {t('data.file')}
        </button>
      </td>
    </tr>
  );
}

/** /admin-submission-data: every entry of a month, sortable and filterable, with CSV export. */
export default function SubmissionTable() {
  const hydrated = useHydrated();
  const id = useId();
  const status = useStore($authStatus);
  const user = useStore($productUser);
  const table = useStore($submissionData);
  const [text, setText] = useState('');
  const [statusFilter, setStatusFilter] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: 'submittedAt', direction: 'descending' });

  useEffect(() => {
    if (status === 'signed-in' && user?.isAdmin) void loadSubmissionData();
  }, [status, user?.isAdmin]);

  const rows = useMemo(
    () => sortRows(filterRows(table.data?.rows ?? [], { text, status: statusFilter }), sort.key, sort.direction),
    [table.data, text, statusFilter, sort],
  );

  if (!hydrated || table.state === 'loading') return <Loading>{t('common.loading')}</Loading>;
  if (!table.data) return <Failure>{t('judging.failed')}</Failure>;
  const data = table.data;
  const sortBy = (key: SortKey) =>
    setSort((current) => ({ key, direction: current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending' }));

  return (
    <div className="space-y-4" data-testid="submission-table">
      <div className="flex flex-wrap items-end gap-4">
        <MonthSelect months={data.months} value={data.month} onChange={(month) => void loadSubmissionData(month)} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-filter`} className="text-sm font-semibold">
            {t('data.filter')}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('data.filterHint')}
            className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-semibold">
            {t('data.status')}
          </label>
          <select
            id={`${id}-status`}
            value={statusFilter}
            onChange={(event) => setStatusFilter(event.target.value)}
            className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
          >
            <option value="">{t('data.allStatuses')}</option>
            {ENTRY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`entries.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-default"
          onClick={() => void import('../lib/entry-csv').then(({ toCsv }) => saveCsv(toCsv(rows), data.month ?? 'none'))}
          disabled={rows.length === 0}
        >
          {t('data.export')}
        </button>
      </div>
      <p className="text-sm text-ink-soft" role="status" data-testid="data-count">
        {t('data.count', { shown: rows.length, total: data.rows.length })} · {data.normaliseScores ? t('data.normalised') : t('data.mean')}
      </p>
      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="w-full min-w-[64rem] text-sm">
          <caption className="sr-only">{data.month ? formatMonth(data.month) : ''}</caption>
          <thead className="bg-parchment">
            <tr>
              {COLUMNS.map((column) => {
                const active = column.sortable && sort.key === column.key;
                return (
                  <th key={column.key} scope="col" aria-sort={active ? sort.direction : undefined} className="p-2 text-start">
                    {column.sortable ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 font-semibold hover:underline"
                        onClick={() => sortBy(column.key as SortKey)}
                      >
                        {label(column.key)}
                        <span aria-hidden="true">{active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
                      </button>
                    ) : (
                      label(column.key)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.code} row={row} />
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="p-4 text-ink-soft">{t('data.none')}</p>}
      </div>
    </div>
  );
}
