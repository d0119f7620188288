import { Readable } from 'node:stream';
import Papa from 'papaparse';

type Cell = string | number | boolean | null | undefined;

/**
 * CSV lines for `rows` (no header), RFC 4180 quoting, CRLF line ends. Cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at the start) are prefixed with ' so an export never executes anything.
 */
export function csvLines(rows: Cell[][]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(rows, { header: false, escapeFormulae: true, newline: '\r\n' })}\r\n`;
}

/**
 * Answers with a CSV download streamed from `chunks` (the header row first). The UTF-8 byte order mark lets
 * spreadsheet apps read names in any script.
 */
export function sendCsv(ctx: any, filename: string, header: string[], chunks: AsyncIterable<Cell[][]>) {
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
