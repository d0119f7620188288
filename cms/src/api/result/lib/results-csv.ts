// The results CSV: one row per entry with the entry code and either a mark for each criterion the contest is
// judged on (its competition's criteria: the columns are their names, each mark 0 to the criterion's points) or a
// total (0–100), and an optional comment for the poet. Checks that need the database (does the code exist, is it
// this month's) are the results service's.
import { criteriaFromMarks, MAX_SCORE, POETRY_CRITERIA, type Criterion, type CriterionScores, type CsvRowError, type ScoreMark } from '@writory/shared';
import { parseScore, readCsv, type CsvColumn } from '../../../lib/csv';

const ENTRY_CODE: CsvColumn = { key: 'entryCode', aliases: ['entry_code', 'entry code', 'code', 'entry'], required: true };
const TOTAL: CsvColumn = { key: 'total', aliases: ['score', 'total score'] };
const COMMENT: CsvColumn = { key: 'comment', aliases: ['comments', 'judge comment', 'feedback'] };

/** The columns of a results CSV for these criteria: each criterion's column is its name (any case and spacing). */
export const resultsColumns = (criteria: readonly Criterion[]): CsvColumn[] => [ENTRY_CODE, ...criteria.map((c) => ({ key: c.name })), TOTAL, COMMENT];
/** The poetry contest's columns (its five criteria). */
export const RESULTS_COLUMNS: CsvColumn[] = resultsColumns(POETRY_CRITERIA);
export const MAX_COMMENT_LENGTH = 2000;

export interface ResultsCsvRow {
  row: number;
  entryCode: string;
  /** The five poetry criteria by key, when the contest is judged on them; null otherwise. */
  criteria: CriterionScores | null;
  /** A mark per criterion, in the criteria's order; null for a row that gives only a total. */
  marks: ScoreMark[] | null;
  total: number;
  comment: string | null;
}

export const roundScore = (value: number) => Math.round(value * 100) / 100;
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
const howMany = (n: number) => NUMBER_WORDS[n] ?? String(n);

/**
 * Parses and checks every row against the contest's criteria (poetry's five when none are given); rows with a
 * problem are left out of `rows` and described in `errors`. A column that is not one of the criteria (or
 * entry code, total, comment) refuses the whole file (422).
 */
export function parseResultsCsv(text: string, criteria: readonly Criterion[] = POETRY_CRITERIA): { rows: ResultsCsvRow[]; errors: CsvRowError[] } {
  const table = readCsv(text, resultsColumns(criteria));
  const names = criteria.map((criterion) => criterion.name);
  const hasCriteria = names.every((name) => table.columns.includes(name));
  const someCriteria = names.some((name) => table.columns.includes(name));
  if ((someCriteria && !hasCriteria) || (!hasCriteria && !table.columns.includes('total'))) {
    const missing = names.filter((name) => !table.columns.includes(name));
    table.errors.unshift({
      row: 1,
      column: missing[0] ?? 'total',
      message: `The header needs all ${howMany(names.length)} criteria (${names.join(', ')}) or a total (missing: ${missing.join(', ')}${table.columns.includes('total') ? '' : ', total'}).`,
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

    let marks: ScoreMark[] | null = null;
    if (hasCriteria) {
      const cells = criteria.map((criterion) => [criterion, parseScore(values[criterion.name] ?? '', criterion.max)] as const);
      const filled = cells.filter(([, value]) => value !== null);
      if (filled.length === criteria.length) {
        for (const [criterion, value] of cells) {
          if (value === 'bad')
            problems.push({
              row,
              column: criterion.name,
              message: `${criterion.name} must be a number from 0 to ${criterion.max} (got "${values[criterion.name]}")`,
            });
        }
        if (cells.every(([, value]) => typeof value === 'number'))
          marks = cells.map(([criterion, value]) => ({ name: criterion.name, max: criterion.max, points: value as number }));
      } else if (filled.length > 0) {
        problems.push({ row, message: `give all ${howMany(criteria.length)} criteria or none of them (then the total)` });
      }
    }

    const totalCell = values.total ?? '';
    const total = parseScore(totalCell, MAX_SCORE);
    if (total === 'bad') problems.push({ row, column: 'total', message: `total must be a number from 0 to ${MAX_SCORE} (got "${totalCell}")` });
    const sum = marks ? roundScore(marks.reduce((a, mark) => a + mark.points, 0)) : null;
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
    rows.push({ row, entryCode, criteria: criteriaFromMarks(marks), marks, total: sum ?? (total as number), comment: comment || null });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}

/** The entry codes of a results CSV, whatever its score columns (to find the month an upload is for). */
export function entryCodesOfCsv(text: string): string[] {
  const header = readCsv(text, [{ ...ENTRY_CODE, required: false }], { otherColumns: true });
  return header.records.map((record) => (record.values.entryCode ?? '').toUpperCase()).filter(Boolean);
}
