// CSV both ways. Reading an uploaded CSV for the admin imports (results, leaderboard history): the bytes must be UTF-8 text
// of at most 10 MB (a byte-order mark and CRLF line ends are fine, quoted fields may hold commas and line
// breaks), the header must name exactly the expected columns, and every record is checked on its own so
// the admin sees one message per bad row. Writing: CSV exports streamed to the browser (csvLines, sendCsv).
import type { Context } from 'koa';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { MAX_CSV_BYTES, type CsvRowError } from '@writory/shared';
import { ApiError } from './api-error';
import { msg, type Message } from './messages';

export interface CsvColumn {
  key: string;
  /** Header spellings accepted besides the key ("Entry Code", "entry_code" and "entryCode" all match "entryCode"). */
  aliases?: string[];
  required?: boolean;
}

export interface CsvRecord {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  values: Record<string, string>;
}

export interface CsvTable {
  columns: string[];
  records: CsvRecord[];
  errors: CsvRowError[];
}

// Case, spaces and punctuation aside; letters of any script count (a criterion may be named in Hindi).
const normalise = (header: string) =>
  header
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** 422 for a file that cannot be read at all: nothing in it is looked at further. */
export const csvFileError = (message: Message, status = 422) => new ApiError(status, message, {}, 'CsvFileError');

/** The file's text, or a 4xx saying why it is not a CSV we can read. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_CSV_BYTES) throw csvFileError(msg('csv.tooLarge', { mb: MAX_CSV_BYTES / 1024 / 1024 }), 413);
  if (bytes.byteLength === 0) throw csvFileError(msg('csv.empty'));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw csvFileError(msg('csv.utf16'), 415);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw csvFileError(msg('csv.notUtf8'), 415);
  }
  if (text.includes('\u0000')) throw csvFileError(msg('csv.binary'), 415);
  return text;
}

/**
 * The delimiter of the header row: a comma, or a spreadsheet's semicolon or tab. Guessed from the header alone,
 * so tabs or semicolons in the cells below cannot make Papaparse split the file on them.
 */
function headerDelimiter(text: string): string {
  const header = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  return Papa.parse<string[]>(header, { header: false }).meta.delimiter || ',';
}

/**
 * Splits CSV text into records keyed by column. A header that lacks a required column or names an unknown
 * or repeated one is a 422 for the whole file; a record with more or fewer fields than the header is a row
 * error. Blank lines are ignored.
 */
/** `otherColumns`: read the known columns and ignore any other (otherwise an unknown column refuses the file). */
export function readCsv(text: string, columns: CsvColumn[], options: { otherColumns?: boolean } = {}): CsvTable {
  const body = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(body, { header: false, skipEmptyLines: false, delimiter: headerDelimiter(body) });
  const records = parsed.data;
  const headerIndex = records.findIndex((fields) => fields.some((field) => field.trim() !== ''));
  if (headerIndex === -1) throw csvFileError(msg('csv.noHeader'));
  const header = records[headerIndex].map((name) => name.trim());

  const byName = new Map<string, CsvColumn>();
  for (const column of columns) for (const name of [column.key, ...(column.aliases ?? [])]) byName.set(normalise(name), column);
  const keys: string[] = [];
  /** Where each known column is in a record (an ignored column has none). */
  const positions: number[] = [];
  const unknown: string[] = [];
  header.forEach((name, position) => {
    const column = byName.get(normalise(name));
    if (!column) unknown.push(name || '(empty)');
    else if (keys.includes(column.key)) throw csvFileError(msg('csv.columnTwice', { name, line: headerIndex + 1 }));
    else {
      keys.push(column.key);
      positions.push(position);
    }
  });
  const expected = columns.map((c) => c.key).join(', ');
  const line = headerIndex + 1;
  if (unknown.length && !options.otherColumns)
    throw csvFileError(msg('csv.unknownColumns', { count: unknown.length, names: unknown.join(', '), line, expected }));
  const missing = columns.filter((c) => c.required && !keys.includes(c.key)).map((c) => c.key);
  if (missing.length) throw csvFileError(msg('csv.missingColumns', { count: missing.length, names: missing.join(', '), line, expected }));

  const table: CsvTable = { columns: keys, records: [], errors: [] };
  for (let index = headerIndex + 1; index < records.length; index++) {
    const fields = records[index];
    const row = index + 1;
    if (fields.every((field) => field.trim() === '')) continue;
    if (fields.length !== header.length) {
      table.errors.push({ row, message: `has ${fields.length} field${fields.length === 1 ? '' : 's'}; the header has ${header.length}` });
      continue;
    }
    table.records.push({ row, values: Object.fromEntries(keys.map((key, i) => [key, fields[positions[i]!]!.trim()])) });
  }
  for (const error of parsed.errors) {
    // Papaparse's own findings (an unclosed quote, …) name the record they concern.
    if (typeof error.row === 'number') table.errors.push({ row: error.row + 1, message: error.message });
  }
  table.errors.sort((a, b) => a.row - b.row);
  return table;
}

/** A decimal with at most two places, in [min, max]; null when the cell is empty. */
export function parseScore(cell: string, max: number): number | 'bad' | null {
  if (cell === '') return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(cell)) return 'bad';
  const value = Number(cell);
  return value >= 0 && value <= max ? value : 'bad';
}

/** The multipart file of a request as bytes, or a 4xx naming what is missing or too large. */
export async function uploadedCsv(files: Record<string, unknown> | undefined, field: string): Promise<{ name: string; bytes: Uint8Array }> {
  const file = files?.[field] as { filepath?: string; originalFilename?: string; size?: number } | { filepath?: string }[] | undefined;
  if (Array.isArray(file)) throw csvFileError(msg('csv.oneFile', { field }), 400);
  if (!file?.filepath) throw csvFileError(msg('csv.attach', { field }), 400);
  if ((file.size ?? 0) > MAX_CSV_BYTES) throw csvFileError(msg('csv.tooLarge', { mb: MAX_CSV_BYTES / 1024 / 1024 }), 413);
  const { readFile } = await import('node:fs/promises');
  return { name: file.originalFilename ?? 'upload.csv', bytes: new Uint8Array(await readFile(file.filepath)) };
}

type Cell = string | number | boolean | null | undefined;
/** Papaparse's own pattern (/^[=+\-@\t\r].*$/) misses a formula cell that holds a line break. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV lines for `rows` (no header), RFC 4180 quoting, CRLF line ends. Cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at the start) are prefixed with ' so an export never executes anything.
 */
export function csvLines(rows: Cell[][]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(rows, { header: false, escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`;
}

/**
 * Answers with a CSV download streamed from `chunks` (the header row first). The UTF-8 byte order mark lets
 * spreadsheet apps read names in any script.
 */
export function sendCsv(ctx: Context, filename: string, header: string[], chunks: AsyncIterable<Cell[][]>) {
  async function* body() {
    yield `\uFEFF${csvLines([header])}`;
    for await (const rows of chunks) {
      const text = csvLines(rows);
      if (text) yield text;
    }
  }
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = Readable.from(body());
}
