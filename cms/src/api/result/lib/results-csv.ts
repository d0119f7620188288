// The results CSV: one row per entry with the entry code and either the five criteria (0–20 each) or a
// total (0–100), and an optional comment for the poet. Checks that need the database (does the code exist,
// is it this month's) are the results service's.
import { CRITERIA, CRITERION_KEYS, CRITERION_MAX, MAX_SCORE, type CriterionScores, type CsvRowError } from '@writory/shared';
import { parseScore, readCsv, type CsvColumn } from '../../../lib/csv';

export const RESULTS_COLUMNS: CsvColumn[] = [
  { key: 'entryCode', aliases: ['entry_code', 'entry code', 'code', 'entry'], required: true },
  ...CRITERION_KEYS.map((key) => ({ key, aliases: [CRITERIA[key]] })),
  { key: 'total', aliases: ['score', 'total score'] },
  { key: 'comment', aliases: ['comments', 'judge comment', 'feedback'] },
];
export const MAX_COMMENT_LENGTH = 2000;

export interface ResultsCsvRow {
  row: number;
  entryCode: string;
  criteria: CriterionScores | null;
  total: number;
  comment: string | null;
}

export const roundScore = (value: number) => Math.round(value * 100) / 100;

/** Parses and checks every row; rows with a problem are left out of `rows` and described in `errors`. */
export function parseResultsCsv(text: string): { rows: ResultsCsvRow[]; errors: CsvRowError[] } {
  const table = readCsv(text, RESULTS_COLUMNS);
  const hasCriteria = CRITERION_KEYS.every((key) => table.columns.includes(key));
  const someCriteria = CRITERION_KEYS.some((key) => table.columns.includes(key));
  if ((someCriteria && !hasCriteria) || (!hasCriteria && !table.columns.includes('total'))) {
    const missing = CRITERION_KEYS.filter((key) => !table.columns.includes(key));
    table.errors.unshift({
      row: 1,
      message: `The header needs all five criteria or a total (missing: ${missing.join(', ')}${table.columns.includes('total') ? '' : ', total'}).`,
    });
    return { rows: [], errors: table.errors };
  }

  const errors = [...table.errors];
  const rows: ResultsCsvRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, values } of table.records) {
    const problems: CsvRowError[] = [];
    const entryCode = values.entryCode.toUpperCase();
    if (!entryCode) problems.push({ row, column: 'entryCode', message: 'the entry code is empty' });
    else if (firstRowOf.has(entryCode))
      problems.push({ row, column: 'entryCode', message: `entry ${entryCode} appears again (first on row ${firstRowOf.get(entryCode)})` });
    else firstRowOf.set(entryCode, row);

    let criteria: CriterionScores | null = null;
    if (hasCriteria) {
      const cells = CRITERION_KEYS.map((key) => [key, parseScore(values[key] ?? '', CRITERION_MAX)] as const);
      const filled = cells.filter(([, value]) => value !== null);
      if (filled.length === CRITERION_KEYS.length) {
        for (const [key, value] of cells) {
          if (value === 'bad') problems.push({ row, column: key, message: `${key} must be a number from 0 to ${CRITERION_MAX} (got "${values[key]}")` });
        }
        if (cells.every(([, value]) => typeof value === 'number')) criteria = Object.fromEntries(cells) as CriterionScores;
      } else if (filled.length > 0) {
        problems.push({ row, message: 'give all five criteria or none of them (then the total)' });
      }
    }

    const totalCell = values.total ?? '';
    const total = parseScore(totalCell, MAX_SCORE);
    if (total === 'bad') problems.push({ row, column: 'total', message: `total must be a number from 0 to ${MAX_SCORE} (got "${totalCell}")` });
    const sum = criteria ? roundScore(Object.values(criteria).reduce((a, b) => a + b, 0)) : null;
    if (sum !== null && typeof total === 'number' && Math.abs(sum - total) > 0.01) {
      problems.push({ row, column: 'total', message: `total ${total} is not the sum of the criteria (${sum})` });
    }
    if (sum === null && total === null && !problems.some((p) => p.column !== 'entryCode')) {
      problems.push({ row, message: hasCriteria ? 'the scores are empty' : 'the total is empty' });
    }

    const comment = values.comment ?? '';
    if (comment.length > MAX_COMMENT_LENGTH) problems.push({ row, column: 'comment', message: `the comment is longer than ${MAX_COMMENT_LENGTH} characters` });
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(comment))
      problems.push({ row, column: 'comment', message: 'the comment contains control characters' });

    if (problems.length) {
      errors.push(...problems);
      continue;
    }
    rows.push({ row, entryCode, criteria, total: sum ?? (total as number), comment: comment || null });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}
