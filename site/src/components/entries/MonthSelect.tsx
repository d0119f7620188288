import { useId } from 'react';
import { t } from '../../i18n/t';
import { formatMonth } from '../../lib/format';

/** Picks one of the contest months that have entries (newest first). */
export default function MonthSelect({ months, value, onChange }: { months: string[]; value: string | null; onChange(month: string): void }) {
  const id = useId();
  if (months.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('judging.month')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
      >
        {months.map((month) => (
          <option key={month} value={month}>
            {formatMonth(month)}
          </option>
        ))}
      </select>
    </div>
  );
}
