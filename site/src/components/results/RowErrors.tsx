import type { CsvRowError } from '@writory/shared';
import { t } from '../../i18n/t';
import { formatNumber } from '../../lib/format';

/** One line per problem of an uploaded file, row first. */
export default function RowErrors({ errors, max = 100 }: { errors: CsvRowError[]; max?: number }) {
  if (!errors.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="row-errors">
      <p className="font-semibold">{t('adminRowErrors.title', { count: formatNumber(errors.length) })}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {errors.slice(0, max).map((error, i) => (
          <li key={`${error.row}-${i}`}>
            {t('adminRowErrors.row', { row: error.row })}
            {error.column ? ` (${error.column})` : ''}: {error.message}
          </li>
        ))}
      </ul>
      {errors.length > max && <p className="mt-2">{t('adminRowErrors.more', { count: formatNumber(errors.length - max) })}</p>}
    </div>
  );
}
