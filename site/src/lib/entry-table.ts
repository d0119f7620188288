// The submission data table: sorting and filtering the rows /api/admin/entries returns (the CSV export is entry-csv.ts).
import { countryName, type AdminEntryRow } from '@writory/shared';

export type SortKey = 'code' | 'poetName' | 'country' | 'language' | 'status' | 'submittedAt' | 'judges' | 'score';
export type SortDirection = 'ascending' | 'descending';

const sortValue = (row: AdminEntryRow, key: SortKey): string | number | null => (key === 'poetName' ? (row.poetName ?? row.contactName) : row[key]);

/** Sorted copy; empty values (no score yet) always last. */
export function sortRows(rows: AdminEntryRow[], key: SortKey, direction: SortDirection): AdminEntryRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || a.code.localeCompare(b.code);
  });
}

export interface RowFilter {
  text: string;
  status: string;
}

/** Rows whose code, title, poet, contact, country (code or name) or language contain the text (any case), in the status. */
export function filterRows(rows: AdminEntryRow[], { text, status }: RowFilter): AdminEntryRow[] {
  const needle = text.trim().toLocaleLowerCase();
  return rows.filter((row) => {
    if (status && row.status !== status) return false;
    if (!needle) return true;
    return [row.code, row.title, row.poetName, row.poetEmail, row.contactName, row.country, countryName(row.country), row.language].some((v) =>
      v?.toLocaleLowerCase().includes(needle),
    );
  });
}
