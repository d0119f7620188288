// The submission data table's CSV export: loaded at the first export, so the page does not carry Papa Parse at load
// (issue 39: every page within 100 KB of JavaScript).
import Papa from 'papaparse';
import type { AdminEntryRow } from '@writory/shared';

// A spreadsheet runs a cell starting with one of these as a formula: prefix it so it stays text.
const neutralise = (value: unknown) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The rows as CSV (a header line, then one line per entry), safe to open in a spreadsheet. */
export function toCsv(rows: AdminEntryRow[]): string {
  const lines = rows.map((row) => ({
    'Entry code': row.code,
    Title: row.title,
    Poet: row.poetName ?? '',
    Email: row.poetEmail ?? '',
    'Contact name': row.contactName,
    Phone: row.contactPhone,
    Country: row.country,
    Language: row.language,
    Status: row.status,
    Submitted: row.submittedAt,
    Words: row.wordCount,
    'Originality flag': row.originalityFlag === null ? '' : row.originalityFlag ? 'yes' : 'no',
    Judges: row.judges,
    Totals: row.totals.join(' '),
    'Mean total': row.meanTotal ?? '',
    'Normalised score': row.normalisedScore ?? '',
    Score: row.score ?? '',
  }));
  const fields = [
    'Entry code',
    'Title',
    'Poet',
    'Email',
    'Contact name',
    'Phone',
    'Country',
    'Language',
    'Status',
    'Submitted',
    'Words',
    'Originality flag',
    'Judges',
    'Totals',
    'Mean total',
    'Normalised score',
    'Score',
  ];
  return Papa.unparse({ fields, data: lines.map((line) => fields.map((field) => neutralise(line[field as keyof typeof line]))) });
}
