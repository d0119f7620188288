// Properties of the CSV reader and writer (cms/src/lib/csv.ts) and of the two admin imports built on it.
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CRITERION_KEYS } from '@writory/shared';
import { csvLines, decodeCsv, readCsv } from '../../../lib/csv';
import { parseLeaderboardCsv } from '../../leaderboard/lib/csv-import';
import { parseResultsCsv } from './results-csv';

/** Cells as people type them: any script, emoji, quotes, commas, semicolons, line breaks, formula starts. */
const cell = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom('a', 'é', 'ع', 'न', '字', '😀', '"', ',', ';', '|', '\t', ' ', '\n', '\r\n', '\r', '=', '+', '-', '@', "'"),
    maxLength: 12,
  }),
);
const FORMULA_START = /^[=+\-@\t\r]/;
/** What a cell reads back as: neutralised on export if a spreadsheet would run it, then trimmed by the reader. */
const readBack = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value).trim();
const exported = (rows: string[][]) => `\uFEFF${csvLines(rows)}`;

/** An ApiError for the whole file (4xx), the only thing the readers may throw. */
const expectFileError = (error: unknown) => {
  expect(error).toMatchObject({ status: expect.any(Number) });
  const { status } = error as { status: number };
  expect(status >= 400 && status < 500).toBe(true);
};

describe('csvLines → readCsv', () => {
  const columns = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
  const row = fc.array(cell, { minLength: 3, maxLength: 3 }).filter((cells) => cells.some((c) => readBack(c) !== ''));

  it('reads back every row it wrote, cells trimmed and formula starts neutralised', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const table = readCsv(exported([['a', 'b', 'c'], ...rows]), columns);
        expect(table.errors).toEqual([]);
        expect(table.records.map((r) => [r.values.a, r.values.b, r.values.c])).toEqual(rows.map((cells) => cells.map(readBack)));
      }),
      { numRuns: 200 },
    );
  });

  it('writes no cell that a spreadsheet would run as a formula', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), (rows) => {
        // The cells exactly as a spreadsheet opens them (no trimming).
        const cells = Papa.parse<string[]>(csvLines(rows), { delimiter: ',', newline: '\r\n' }).data.flat();
        for (const value of cells) expect(value).not.toMatch(FORMULA_START);
      }),
      { numRuns: 200 },
    );
  });

  it('neutralises a formula cell that holds a line break (found by the property above)', () => {
    // Papaparse's escapeFormulae pattern /^[=+\-@\t\r].*$/ stops at a line break, so such cells went out as formulas.
    expect(csvLines([['=1+1\nx', '+\n', '@SUM(A1)\r\nA2', '-\r']])).toBe(`"'=1+1\nx","'+\n","'@SUM(A1)\r\nA2","'-\r"\r\n`);
  });

  it('splits on the header’s delimiter, whatever the cells below hold (found by the properties below)', () => {
    // Tabs in a comment made Papaparse guess tab as the delimiter, and the whole file was refused as one unknown column.
    const upload = 'entry_code,structure,creativity,language,emotional_impact,theme,total,comment\nWR-1,1,2,3,4,5,15,"tabs\there\tand\there"\n';
    expect(parseResultsCsv(upload)).toEqual({
      rows: [
        {
          row: 2,
          entryCode: 'WR-1',
          criteria: { structure: 1, creativity: 2, language: 3, emotionalImpact: 4, theme: 5 },
          marks: [
            { name: 'Structure', max: 20, points: 1 },
            { name: 'Creativity', max: 20, points: 2 },
            { name: 'Language', max: 20, points: 3 },
            { name: 'Emotional Impact', max: 20, points: 4 },
            { name: 'Theme', max: 20, points: 5 },
          ],
          total: 15,
          comment: 'tabs\there\tand\there',
        },
      ],
      errors: [],
    });
    expect(readCsv('a,b,c\n,\ta,\t\n', columns)).toEqual({ columns: ['a', 'b', 'c'], records: [{ row: 2, values: { a: '', b: 'a', c: '' } }], errors: [] });
    expect(readCsv('a;b;c\r\n1;"x, y";3\r\n', columns).records).toEqual([{ row: 2, values: { a: '1', b: 'x, y', c: '3' } }]);
    expect(readCsv('a\tb\tc\n1\t2\t3', columns).records).toEqual([{ row: 2, values: { a: '1', b: '2', c: '3' } }]);
  });

  it('never throws on arbitrary text: a file error (4xx) or row errors', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.string({ unit: 'binary', maxLength: 100 }),
          fc.array(cell).map((cells) => cells.join('')),
        ),
        (text) => {
          try {
            const table = readCsv(text, columns);
            for (const error of table.errors) expect(error.row).toBeGreaterThanOrEqual(1);
          } catch (error) {
            expectFileError(error);
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('decodeCsv answers text or a 4xx for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          expect(typeof decodeCsv(bytes)).toBe('string');
        } catch (error) {
          expectFileError(error);
        }
      }),
    );
  });
});

describe('results CSV', () => {
  const header = ['entry_code', ...CRITERION_KEYS, 'total', 'comment'];
  const score = (max: number) => fc.integer({ min: 0, max: max * 4 }).map((quarters) => quarters / 4);
  const comment = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((c) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(c));
  const entries = fc.uniqueArray(
    fc.record({
      code: fc.stringMatching(/^WR-[A-Z0-9]{4}$/),
      criteria: fc.option(fc.array(score(20), { minLength: 5, maxLength: 5 })),
      total: score(100),
      comment,
    }),
    { maxLength: 10, selector: (e) => e.code },
  );

  it('reads back generated rows exactly (codes upper-cased, totals summed from the criteria)', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const rows = list.map((e) => [e.code.toLowerCase(), ...(e.criteria ?? ['', '', '', '', '']).map(String), e.criteria ? '' : String(e.total), e.comment]);
        const { rows: read, errors } = parseResultsCsv(exported([header, ...rows]));
        expect(errors).toEqual([]);
        expect(read.map((r) => ({ code: r.entryCode, total: r.total, comment: r.comment }))).toEqual(
          list.map((e) => ({
            code: e.code,
            total: e.criteria ? Math.round(e.criteria.reduce((a, b) => a + b, 0) * 100) / 100 : e.total,
            comment: readBack(e.comment) || null,
          })),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary rows under a valid header: each bad row is a row error', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 10 }), { maxLength: 8 }), fc.string({ maxLength: 60 }), (rows, tail) => {
        const { rows: read, errors } = parseResultsCsv(`${header.join(',')}\n${csvLines(rows)}${tail}`);
        for (const error of errors) expect(error.row).toBeGreaterThanOrEqual(2);
        for (const row of read) {
          expect(row.total).toBeGreaterThanOrEqual(0);
          expect(row.total).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});

describe('leaderboard CSV', () => {
  const header = ['month', 'name', 'email', 'points'];
  const name = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
    .filter((n) => n.trim() !== '' && !/[\u0000-\u001F\u007F]/.test(n) && !/^[=+\-@]/.test(n.trim()));
  const rows = fc.uniqueArray(
    fc.record({
      month: fc.tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
      name,
      email: fc.option(fc.stringMatching(/^[a-z0-9]{1,8}@[a-z]{1,8}\.[a-z]{2,4}$/)),
      points: fc.integer({ min: 0, max: 10_000_000 }).map((hundredths) => hundredths / 100),
    }),
    { maxLength: 10, selector: (r) => `${r.month} ${r.email ?? r.name.trim().normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')}` },
  );

  it('reads back generated rows exactly (spacing in names collapsed)', () => {
    fc.assert(
      fc.property(rows, (list) => {
        const { rows: read, errors } = parseLeaderboardCsv(exported([header, ...list.map((r) => [r.month, r.name, r.email ?? '', String(r.points)])]));
        expect(errors).toEqual([]);
        expect(read.map(({ month, name, email, points }) => ({ month, name, email, points }))).toEqual(
          list.map((r) => ({ ...r, name: r.name.trim().replace(/\s+/g, ' ') })),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary rows under a valid header', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 8 }), (cells) => {
        const { errors } = parseLeaderboardCsv(`${header.join(',')}\r\n${csvLines(cells)}`);
        for (const error of errors) expect(error.row).toBeGreaterThanOrEqual(2);
      }),
    );
  });
});
