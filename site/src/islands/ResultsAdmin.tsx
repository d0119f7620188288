import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { POETRY_CRITERIA, type ResultsPreview, type ResultsTimer } from '@writory/shared';
import PublishWhen, { defaultWhen, type When } from '../components/results/PublishWhen';
import RowErrors from '../components/results/RowErrors';
import TableHead from '../components/results/TableHead';
import TimerPanel from '../components/results/TimerPanel';
import { FormAlert } from '../components/react/Message';
import { previewResults, publishJudgesResults, publishResultsCsv } from '../api/results';
import { apiErrorBody } from '../lib/api';
import { formatScore, localInputToIso } from '../lib/results';
import { $months, $publishingCompetition, loadMonths, refreshTimer } from '../stores/publication-timers';
import { $adminCompetitions } from '../stores/competitions-admin';
import { t } from '../i18n/t';
import { showToast } from '../stores/toasts';
import { formatDateTime, formatMonth, formatNumber } from '../lib/format';

type Source = 'csv' | 'judges';
const SHOWN_ROWS = 50;

/** /admin-upload, scores: a results CSV or the judges' in-app scores → preview with an error per row → publish now or at a time. */
export default function ResultsAdmin() {
  const months = useStore($months);
  const competition = useStore($publishingCompetition);
  // The CSV's columns are the chosen competition's criteria (the competition picker loads the list).
  const criteria = useStore($adminCompetitions).data?.find((c) => c.slug === competition)?.criteria ?? POETRY_CRITERIA;
  const [month, setMonth] = useState('');
  const [source, setSource] = useState<Source>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ResultsPreview | null>(null);
  const [when, setWhen] = useState<When>(defaultWhen);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    loadMonths().catch(() => setError(t('adminResults.monthsFailed')));
  }, []);
  useEffect(() => {
    if (!month && months?.length) setMonth((months.find((m) => !m.resultsPublished && m.entries > 0) ?? months[0]).month);
  }, [months, month]);
  // Another competition: its own months; nothing chosen for the last one is kept.
  useEffect(() => {
    setMonth('');
    setFile(null);
    setPreview(null);
    setError(null);
  }, [competition]);

  const reset = () => {
    setPreview(null);
    setError(null);
  };

  const runPreview = async (nextFile = file, nextSource = source, nextMonth = month) => {
    reset();
    if (!nextMonth || (nextSource === 'csv' && !nextFile)) return;
    setBusy(true);
    try {
      setPreview(await previewResults(nextMonth, nextSource === 'csv' ? nextFile : null, competition));
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminResults.previewFailed'));
    } finally {
      setBusy(false);
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    void runPreview(chosen);
  };

  const publish = async () => {
    if (!preview?.ready) return;
    const publishAt = when.mode === 'at' ? localInputToIso(when.at) : null;
    if (when.mode === 'at' && !publishAt) {
      setError(t('adminResults.chooseWhen'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer =
        source === 'csv' ? await publishResultsCsv(month, file!, publishAt, competition) : await publishJudgesResults(month, publishAt, competition);
      showToast({
        title: answer.summary
          ? t('adminResults.published', { count: formatNumber(answer.summary.published), month: formatMonth(month) })
          : t('adminResults.scheduled', { when: formatDateTime(answer.timer.dueAt) }),
      });
      setPreview(null);
      setFile(null);
      await Promise.all([refreshTimer('results'), loadMonths()]);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminResults.publishFailed'));
      await refreshTimer('results').catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const selected = months?.find((m) => m.month === month);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-5 rounded-lg border border-stone-200 bg-parchment/40 p-5">
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold">
        {t('adminResults.title')}
      </h2>
      <TimerPanel
        kind="results"
        what={(timer: ResultsTimer) => `${t('adminResults.timerWhat', { month: formatMonth(timer.month) })}${timer.fileName ? ` (${timer.fileName})` : ''}`}
      />
      <FormAlert>{error}</FormAlert>

      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-month`} className="text-sm font-semibold">
            {t('adminResults.month')}
          </label>
          <select
            id={`${id}-month`}
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              void runPreview(file, source, event.target.value);
            }}
            className="rounded-md border border-stone-400 bg-white px-3 py-2"
          >
            {(months ?? []).map((m) => (
              <option key={m.month} value={m.month}>
                {t('adminResults.monthOption', { month: formatMonth(m.month), entries: formatNumber(m.entries) })}
                {m.resultsPublished ? ` · ${t('adminResults.monthPublished')}` : ''}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="text-sm font-semibold">{t('adminResults.source')}</legend>
          {(['csv', 'judges'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-source`}
                checked={source === value}
                onChange={() => {
                  setSource(value);
                  reset();
                }}
              />
              {value === 'csv' ? t('adminResults.sourceCsv') : t('adminResults.sourceJudges')}
            </label>
          ))}
        </fieldset>
      </div>

      {selected?.resultsPublished && <p className="text-sm text-ink-soft">{t('adminResults.alreadyPublished', { month: formatMonth(month) })}</p>}

      {source === 'csv' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold">
            {t('adminResults.csv')}
          </label>
          <p id={`${id}-hint`} className="text-xs text-ink-soft">
            {t('resultsCsv.columns', { criteria: criteria.map((c) => t('resultsCsv.criterion', { name: c.name, max: c.max })).join(', ') })}
          </p>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-hint`}
            onChange={chooseFile}
            className="text-sm file:me-3 file:rounded-md file:border file:border-quill file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-quill"
            data-testid="results-file"
          />
        </div>
      ) : (
        <button type="button" className="btn btn-outline" disabled={busy || !month} onClick={() => runPreview()}>
          {t('adminResults.previewJudges')}
        </button>
      )}

      {preview && (
        <div className="space-y-4" data-testid="results-preview">
          <p className="text-sm" aria-live="polite">
            {t('adminResults.scoredOf', { scored: formatNumber(preview.rows.length), entrants: formatNumber(preview.entrants) })}
            {preview.missing.length ? `; ${t('adminResults.withoutScore', { count: formatNumber(preview.missing.length) })}` : ''}
            {preview.errors.length ? `; ${t('adminResults.problems', { count: formatNumber(preview.errors.length) })}` : ''}.
          </p>
          {preview.judging && (
            <p className="text-sm text-ink-soft" data-testid="judging-summary">
              {preview.judging.normalised ? t('adminResults.totalNormalised') : t('adminResults.totalMean')}
              {preview.judging.underJudged.length > 0 &&
                ` ${t('adminResults.underJudged', {
                  count: formatNumber(preview.judging.underJudged.length),
                  judges: formatNumber(preview.judging.judgesPerEntry),
                  codes: `${preview.judging.underJudged.slice(0, 10).join(', ')}${preview.judging.underJudged.length > 10 ? ', …' : ''}`,
                })}`}
            </p>
          )}
          <RowErrors errors={preview.errors} />
          {preview.missing.length > 0 && (
            <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {t('adminResults.missing', {
                codes: `${preview.missing.slice(0, 20).join(', ')}${preview.missing.length > 20 ? ` ${t('adminResults.andMore', { count: formatNumber(preview.missing.length - 20) })}` : ''}`,
              })}
            </p>
          )}
          <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('adminResults.caption')}</caption>
              <TableHead
                columns={[
                  t('adminResults.colRow'),
                  t('adminResults.colEntry'),
                  t('adminResults.colTitle'),
                  t('adminResults.colCriteria'),
                  { label: t('adminResults.colTotal'), end: true },
                  t('adminResults.colComment'),
                ]}
              />
              <tbody>
                {preview.rows.slice(0, SHOWN_ROWS).map((row) => (
                  <tr key={row.entryCode} className="border-t border-stone-100 align-top">
                    <td className="px-3 py-2">{row.row}</td>
                    <td className="px-3 py-2 font-mono">{row.entryCode}</td>
                    <td className="px-3 py-2" dir="auto">
                      {row.title}
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      {row.marks ? row.marks.map((mark) => `${mark.name} ${formatScore(mark.points)}`).join(' · ') : '—'}
                    </td>
                    <td className="px-3 py-2 text-end font-semibold tabular-nums">{formatScore(row.total)}</td>
                    <td className="max-w-xs truncate px-3 py-2" dir="auto" title={row.comment ?? ''}>
                      {row.comment ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {preview.rows.length > SHOWN_ROWS && (
              <p className="p-3 text-sm text-ink-soft">{t('adminResults.moreRows', { count: formatNumber(preview.rows.length - SHOWN_ROWS) })}</p>
            )}
          </div>
          {preview.ready && (
            <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
              <PublishWhen value={when} onChange={setWhen} legend={t('adminResults.when')} />
              <button type="button" className="btn btn-default" disabled={busy} aria-busy={busy} onClick={publish}>
                {when.mode === 'now' ? t('adminResults.publishNow', { count: formatNumber(preview.rows.length) }) : t('adminResults.schedule')}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
