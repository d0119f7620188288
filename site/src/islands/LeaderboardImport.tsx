import { useId, useState, type ChangeEvent } from 'react';
import type { LeaderboardPreview } from '@writory/shared';
import RowErrors from '../components/results/RowErrors';
import TableHead from '../components/results/TableHead';
import { FormAlert, Notice } from '../components/react/Message';
import { importLeaderboard, previewLeaderboardImport } from '../api/results';
import { apiErrorBody } from '../lib/api';
import { formatScore } from '../lib/results';
import { formatMonth, formatNumber, pageIntlLocale } from '../lib/format';
import { t } from '../i18n/t';

const SHOWN_ROWS = 100;

/** /admin-leaderboard-upload: historical leaderboard rows from CSV, previewed with an error per row, then imported at once. */
export default function LeaderboardImport() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<LeaderboardPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(null);
    setError(null);
    setDone(null);
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview(await previewLeaderboardImport(chosen));
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminLeaderboard.previewFailed'));
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const result = await importLeaderboard(file);
      setDone(
        t('adminLeaderboard.imported', {
          count: formatNumber(result.imported),
          months: new Intl.ListFormat(pageIntlLocale(), { type: 'conjunction' }).format(result.months.map((month) => formatMonth(month))),
        }),
      );
      setPreview(null);
      setFile(null);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminLeaderboard.importFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-semibold">
          {t('adminLeaderboard.csv')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-ink-soft">
          {t('adminLeaderboard.columns')}
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          onChange={choose}
          disabled={busy}
          className="text-sm file:me-3 file:rounded-md file:border file:border-quill file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-quill"
          data-testid="leaderboard-file"
        />
      </div>
      <FormAlert>{error}</FormAlert>
      <Notice>{done}</Notice>
      {preview && (
        <div className="space-y-4" data-testid="leaderboard-preview">
          <p className="text-sm" aria-live="polite">
            {t('adminLeaderboard.ready', { count: formatNumber(preview.rows.length) })}
            {preview.errors.length ? `, ${t('adminLeaderboard.problems', { count: formatNumber(preview.errors.length) })}` : ''}.
          </p>
          <RowErrors errors={preview.errors} />
          <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('adminLeaderboard.caption')}</caption>
              <TableHead
                columns={[
                  t('adminResults.colRow'),
                  t('adminLeaderboard.colMonth'),
                  t('adminWinners.colPoet'),
                  t('adminLeaderboard.colEmail'),
                  { label: t('adminLeaderboard.colPoints'), end: true },
                  t('adminLeaderboard.colNote'),
                ]}
              />
              <tbody>
                {preview.rows.slice(0, SHOWN_ROWS).map((row) => (
                  <tr key={row.row} className="border-t border-stone-100">
                    <td className="px-3 py-2">{row.row}</td>
                    <td className="px-3 py-2">{row.month}</td>
                    <td className="px-3 py-2">
                      <span dir="auto">{row.name}</span>
                    </td>
                    <td className="px-3 py-2">{row.email ?? '—'}</td>
                    <td className="px-3 py-2 text-end tabular-nums">{formatScore(row.points)}</td>
                    <td className="px-3 py-2">{row.replaces ? t('adminLeaderboard.replaces') : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {preview.rows.length > SHOWN_ROWS && (
              <p className="p-3 text-sm text-ink-soft">{t('adminResults.moreRows', { count: formatNumber(preview.rows.length - SHOWN_ROWS) })}</p>
            )}
          </div>
          {preview.ready && (
            <button type="button" className="btn btn-default" disabled={busy} aria-busy={busy} onClick={commit}>
              {t('adminLeaderboard.import', { count: formatNumber(preview.rows.length) })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
