import { useId } from 'react';
import { isoToLocalInput } from '../../lib/results';
import { t } from '../../i18n/t';

export interface When {
  mode: 'now' | 'at';
  /** datetime-local value, in the browser's time zone. */
  at: string;
}

export const defaultWhen = (): When => ({ mode: 'now', at: isoToLocalInput(new Date(Date.now() + 10 * 60_000)) });

/** "Publish now" or "Publish at" a local date and time. */
export default function PublishWhen({ value, onChange, legend }: { value: When; onChange: (value: When) => void; legend: string }) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{legend}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={`${id}-when`} checked={value.mode === 'now'} onChange={() => onChange({ ...value, mode: 'now' })} />
        {t('adminPublish.now')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${id}-when`} checked={value.mode === 'at'} onChange={() => onChange({ ...value, mode: 'at' })} />
          {t('adminPublish.at')}
        </label>
        <label htmlFor={`${id}-at`} className="sr-only">
          {t('adminPublish.atLabel')}
        </label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          step={1}
          value={value.at}
          onChange={(event) => onChange({ mode: 'at', at: event.target.value })}
          className="rounded-md border border-stone-400 bg-white px-2 py-1 text-sm"
        />
      </div>
    </fieldset>
  );
}
