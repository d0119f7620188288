import type { CsvRowError } from '@writory/shared';

/** One line per problem of an uploaded file, row first. */
export default function RowErrors({ errors, max = 100 }: { errors: CsvRowError[]; max?: number }) {
  if (!errors.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="row-errors">
      <p className="font-semibold">
        {errors.length} problem{errors.length === 1 ? '' : 's'} to fix before anything can be stored:
      </p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {errors.slice(0, max).map((error, i) => (
          <li key={`${error.row}-${i}`}>
            Row {error.row}
            {error.column ? ` (${error.column})` : ''}: {error.message}
          </li>
        ))}
      </ul>
      {errors.length > max && <p className="mt-2">…and {errors.length - max} more.</p>}
    </div>
  );
}
