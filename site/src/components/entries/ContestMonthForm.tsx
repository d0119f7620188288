import { useId, useState, type FormEvent } from 'react';
import type { AdminContest, AdminContestUpdate } from '@writory/shared';
import { t } from '../../i18n/t';
import { apiErrorBody } from '../../lib/api';
import { fromZonedInput, toZonedInput } from '../../lib/contest-time';
import { FormAlert } from '../react/Message';
import { formatMonth } from '../../lib/format';

type DateField = 'opensAt' | 'closesAt' | 'resultsAt';
const DATE_FIELDS: DateField[] = ['opensAt', 'closesAt', 'resultsAt'];

interface Props {
  contest: AdminContest;
  zone: string;
  normaliseDefault: boolean;
  onSave(update: AdminContestUpdate): Promise<unknown>;
}

const inputClass = 'min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2';

/** One contest month: theme, the three dates (in the contest time zone) and normalisation. */
export default function ContestMonthForm({ contest, zone, normaliseDefault, onSave }: Props) {
  const id = useId();
  const [theme, setTheme] = useState(contest.theme ?? '');
  const [dates, setDates] = useState(
    () => Object.fromEntries(DATE_FIELDS.map((field) => [field, toZonedInput(contest[field], zone)])) as Record<DateField, string>,
  );
  const [normalise, setNormalise] = useState(contest.normaliseScores === null ? '' : String(contest.normaliseScores));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (update: AdminContestUpdate) => {
    setBusy(true);
    setError(null);
    try {
      await onSave(update);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('settings.failed'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const update: AdminContestUpdate = { theme: theme.trim() || null, normaliseScores: normalise === '' ? null : normalise === 'true' };
    for (const field of DATE_FIELDS) {
      if (dates[field] !== toZonedInput(contest[field], zone)) update[field] = fromZonedInput(dates[field], zone) ?? undefined;
    }
    void save(update);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
      aria-labelledby={`${id}-heading`}
      data-testid={`contest-${contest.month}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-heading`} className="font-serif text-lg font-bold">
          {formatMonth(contest.month)}
        </h3>
        <p className="text-xs text-ink-soft">
          {contest.datesOverridden ? t('settings.overridden') : t('settings.calendar')} · {t('settings.entries', { count: contest.entries })}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-theme`} className="text-sm font-semibold">
          {t('settings.theme')}
        </label>
        <input id={`${id}-theme`} value={theme} maxLength={120} dir="auto" onChange={(event) => setTheme(event.target.value)} className={inputClass} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {DATE_FIELDS.map((field) => (
          <div key={field} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${field}`} className="text-sm font-semibold">
              {t(`settings.${field}`, { zone })}
            </label>
            <input
              id={`${id}-${field}`}
              type="datetime-local"
              value={dates[field]}
              onChange={(event) => setDates({ ...dates, [field]: event.target.value })}
              className={inputClass}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-normalise`} className="text-sm font-semibold">
          {t('settings.normalise')}
        </label>
        <select id={`${id}-normalise`} value={normalise} onChange={(event) => setNormalise(event.target.value)} className={inputClass}>
          <option value="">{t('settings.normaliseDefault', { value: normaliseDefault ? t('settings.on') : t('settings.off') })}</option>
          <option value="true">{t('settings.on')}</option>
          <option value="false">{t('settings.off')}</option>
        </select>
      </div>
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-default" disabled={busy} aria-busy={busy}>
          {t('settings.save', { month: formatMonth(contest.month) })}
        </button>
        {contest.datesOverridden && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void save({ useDefaultDates: true })}>
            {t('settings.defaultDates')}
          </button>
        )}
      </div>
    </form>
  );
}
