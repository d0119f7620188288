// @vitest-environment node
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminEntryRow } from '@writory/shared';
import { toCsv } from './entry-csv';
import { filterRows, sortRows } from './entry-table';

const row = (code: string, over: Partial<AdminEntryRow> = {}): AdminEntryRow => ({
  code,
  title: `Poem ${code}`,
  poetName: 'Asha Verse',
  poetEmail: 'poet@writory.local',
  contactName: 'Asha Verse',
  contactPhone: '+91 90000 00101',
  country: 'IN',
  language: 'English',
  status: 'received',
  submittedAt: '2026-11-02T10:00:00.000Z',
  wordCount: 40,
  originalityFlag: false,
  judges: 0,
  totals: [],
  meanTotal: null,
  normalisedScore: null,
  score: null,
  hasPhoto: false,
  ...over,
});

describe('sortRows', () => {
  const rows = [row('A', { score: 70 }), row('B'), row('C', { score: 90 }), row('D', { score: 70 })];
  it('sorts numbers both ways with unscored entries last', () => {
    expect(sortRows(rows, 'score', 'descending').map((r) => r.code)).toEqual(['C', 'A', 'D', 'B']);
    expect(sortRows(rows, 'score', 'ascending').map((r) => r.code)).toEqual(['A', 'D', 'C', 'B']);
  });
  it('sorts text in the locale’s order', () => {
    const named = [row('A', { poetName: 'Zoë' }), row('B', { poetName: 'Ángel' }), row('C', { poetName: null, contactName: 'Mira' })];
    expect(sortRows(named, 'poetName', 'ascending').map((r) => r.code)).toEqual(['B', 'C', 'A']);
  });
});

describe('filterRows', () => {
  const rows = [row('W2611-AAAAA', { language: 'Arabic', status: 'scored' }), row('W2611-BBBBB', { country: 'GB' })];
  it.each([
    [{ text: 'arab', status: '' }, ['W2611-AAAAA']],
    [{ text: 'bbbbb', status: '' }, ['W2611-BBBBB']],
    [{ text: '', status: 'scored' }, ['W2611-AAAAA']],
    [{ text: 'gb', status: 'scored' }, []],
    [{ text: '  ', status: '' }, ['W2611-AAAAA', 'W2611-BBBBB']],
  ])('%j keeps %j', (filter, codes) => {
    expect(filterRows(rows, filter).map((r) => r.code)).toEqual(codes);
  });
});

describe('toCsv', () => {
  it('writes a header and one line per entry, formulas kept as text', () => {
    const csv = toCsv([row('W2611-AAAAA', { title: '=HYPERLINK("x")', totals: [80, 71], meanTotal: 75.5, score: 75.5, judges: 2 })]);
    const [header, line] = Papa.parse<string[]>(csv).data;
    expect(header.slice(0, 3)).toEqual(['Entry code', 'Title', 'Poet']);
    expect(line[0]).toBe('W2611-AAAAA');
    expect(line[1]).toBe(`'=HYPERLINK("x")`);
    expect(line[header.indexOf('Totals')]).toBe('80 71');
    expect(line[header.indexOf('Score')]).toBe('75.5');
  });
});
