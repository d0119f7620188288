// Historical leaderboard rows: month, poet name, optional email (links the row to a Writory account) and points.
import type { CsvRowError } from '@writory/shared';
import { parseScore, readCsv, type CsvColumn } from '../../../lib/csv';

export const LEADERBOARD_COLUMNS: CsvColumn[] = [
  { key: 'month', required: true },
  { key: 'name', aliases: ['poet', 'poet name', 'poetName'], required: true },
  { key: 'email', aliases: ['poet email'] },
  { key: 'points', aliases: ['score'], required: true },
];
export const MAX_IMPORTED_POINTS = 100_000;

export interface LeaderboardCsvRow {
  row: number;
  month: string;
  name: string;
  email: string | null;
  points: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONTROL = /[\u0000-\u001F\u007F]/;

/** Who a row is about: the account's email when given, otherwise the name (case and spacing ignored). */
export const importKey = (row: { name: string; email: string | null }) =>
  row.email ? `email:${row.email}` : `name:${row.name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')}`;

export function parseLeaderboardCsv(text: string): { rows: LeaderboardCsvRow[]; errors: CsvRowError[] } {
  const table = readCsv(text, LEADERBOARD_COLUMNS);
  const errors = [...table.errors];
  const rows: LeaderboardCsvRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, values } of table.records) {
    const problems: CsvRowError[] = [];
    const month = values.month;
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) problems.push({ row, column: 'month', message: `month must look like 2024-07 (got "${month}")` });
    const name = values.name.replace(/\s+/g, ' ');
    if (!name) problems.push({ row, column: 'name', message: 'the name is empty' });
    else if (name.length > 80) problems.push({ row, column: 'name', message: 'the name is longer than 80 characters' });
    else if (CONTROL.test(name)) problems.push({ row, column: 'name', message: 'the name contains control characters' });
    const email = values.email ? values.email.toLowerCase() : null;
    if (email && (!EMAIL.test(email) || email.length > 254)) problems.push({ row, column: 'email', message: `"${values.email}" is not an email address` });
    const points = parseScore(values.points, MAX_IMPORTED_POINTS);
    if (points === null || points === 'bad') {
      problems.push({ row, column: 'points', message: `points must be a number from 0 to ${MAX_IMPORTED_POINTS} (got "${values.points}")` });
    }
    if (!problems.length) {
      const key = `${month} ${importKey({ name, email })}`;
      if (firstRowOf.has(key)) problems.push({ row, message: `${name} already has a row for ${month} (row ${firstRowOf.get(key)})` });
      else firstRowOf.set(key, row);
    }
    if (problems.length) errors.push(...problems);
    else rows.push({ row, month, name, email, points: points as number });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}
