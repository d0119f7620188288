import { describe, expect, it } from 'vitest';
import { decodeCsv } from '../../../lib/csv';
import { entryCodesOfCsv, parseResultsCsv } from './results-csv';
import { parseLeaderboardCsv } from '../../leaderboard/lib/csv-import';

const utf8 = (text: string) => new TextEncoder().encode(text);
const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  return null;
};

describe('decodeCsv', () => {
  it('reads UTF-8 text with or without a byte-order mark', () => {
    expect(decodeCsv(utf8('a,b\n1,2'))).toBe('a,b\n1,2');
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('code\nÉté')]))).toBe('code\nÉté');
  });

  it.each([
    ['Latin-1 bytes', new Uint8Array([0x63, 0x6f, 0x64, 0x65, 0x0a, 0xe9, 0x74, 0xe9]), 415, /not UTF-8/],
    ['UTF-16 with a BOM', new Uint8Array([0xff, 0xfe, 0x61, 0x00]), 415, /UTF-16/],
    ['NUL bytes', utf8('a\u0000b'), 415, /binary/],
    ['an empty file', new Uint8Array(), 422, /empty/],
    ['more than 10 MB', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61), 413, /10 MB/],
  ])('refuses %s', (_name, bytes, expected, message) => {
    const error = status(() => decodeCsv(bytes));
    expect(error?.status).toBe(expected);
    expect(error?.message).toMatch(message);
  });
});

describe('parseResultsCsv', () => {
  const header = 'entry_code,structure,creativity,language,emotional_impact,theme,total,comment';

  it('reads criteria, totals, CRLF line ends, quoted commas and line breaks, any script', () => {
    const text = `\uFEFF${header}\r\nwr-1,18,17.5,16,19,15,,"Vivid, tight; ""bold"""\r\nWR-2,,,,,,72.25,"line one\r\nline two"\r\nWR-3,20,20,20,20,20,100,قصيدة جميلة\r\n\r\n`;
    const { rows, errors } = parseResultsCsv(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        entryCode: 'WR-1',
        criteria: { structure: 18, creativity: 17.5, language: 16, emotionalImpact: 19, theme: 15 },
        marks: [
          { name: 'Structure', max: 20, points: 18 },
          { name: 'Creativity', max: 20, points: 17.5 },
          { name: 'Language', max: 20, points: 16 },
          { name: 'Emotional Impact', max: 20, points: 19 },
          { name: 'Theme', max: 20, points: 15 },
        ],
        total: 85.5,
        comment: 'Vivid, tight; "bold"',
      },
      { row: 3, entryCode: 'WR-2', criteria: null, marks: null, total: 72.25, comment: 'line one\r\nline two' },
      {
        row: 4,
        entryCode: 'WR-3',
        criteria: { structure: 20, creativity: 20, language: 20, emotionalImpact: 20, theme: 20 },
        marks: [
          { name: 'Structure', max: 20, points: 20 },
          { name: 'Creativity', max: 20, points: 20 },
          { name: 'Language', max: 20, points: 20 },
          { name: 'Emotional Impact', max: 20, points: 20 },
          { name: 'Theme', max: 20, points: 20 },
        ],
        total: 100,
        comment: 'قصيدة جميلة',
      },
    ]);
  });

  it('accepts a file with only entry codes and totals', () => {
    const { rows, errors } = parseResultsCsv('Entry Code,Total\nA1,50\nA2,0');
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.entryCode, r.total, r.criteria])).toEqual([
      ['A1', 50, null],
      ['A2', 0, null],
    ]);
  });

  it('names every bad row and keeps the good ones', () => {
    const text = [
      header,
      'A1,21,10,10,10,10,,',
      'A2,10,10,10,10,10,51,',
      'A3,10,10,,10,10,,',
      'A1,5,5,5,5,5,,duplicate',
      'A4,,,,,,101,',
      'A5,,,,,,abc,',
      'A6,10,10,10,10,10,,too,many',
      ',10,10,10,10,10,,',
      'A7,,,,,,,',
      'A8,1,2,3,4,5,15,fine',
    ].join('\n');
    const { rows, errors } = parseResultsCsv(text);
    expect(rows.map((r) => r.entryCode)).toEqual(['A8']);
    expect(errors.map((e) => [e.row, e.message])).toEqual([
      [2, 'Structure must be a number from 0 to 20 (got "21")'],
      [3, 'total 51 is not the sum of the criteria (50)'],
      [4, 'give all five criteria or none of them (then the total)'],
      [5, 'entry A1 appears again (first on row 2)'],
      [6, 'total must be a number from 0 to 100 (got "101")'],
      [7, 'total must be a number from 0 to 100 (got "abc")'],
      [8, 'has 9 fields; the header has 8'],
      [9, 'the entry code is empty'],
      [10, 'the scores are empty'],
    ]);
  });

  it.each([
    ['a missing entry code column', 'structure,creativity,language,emotional_impact,theme\n1,2,3,4,5', /Missing column: entryCode/],
    ['an unknown column', 'entry_code,total,bonus\nA1,50,3', /Unknown column: bonus/],
    ['a repeated column', 'entry_code,total,score\nA1,50,50', /appears twice/],
    ['no header', '\n\n', /no header/],
  ])('refuses a file with %s', (_name, text, message) => {
    expect(status(() => parseResultsCsv(text))).toMatchObject({ status: 422, message: expect.stringMatching(message) });
  });

  it('needs all five criteria or a total in the header', () => {
    const { rows, errors } = parseResultsCsv('entry_code,structure,creativity\nA1,10,10');
    expect(rows).toEqual([]);
    expect(errors[0]).toMatchObject({ row: 1, column: 'Language', message: expect.stringMatching(/all five criteria \(Structure, .*\) or a total/) });
  });

  describe('for a competition with its own criteria (issue 37)', () => {
    const story = [
      { name: 'Plot', max: 30 },
      { name: 'Character', max: 25 },
      { name: 'Language', max: 20 },
      { name: 'Emotional Impact', max: 15 },
      { name: 'Theme', max: 10 },
    ];

    it('reads its criteria by name, each out of its own points, in any case and spacing', () => {
      const { rows, errors } = parseResultsCsv(
        'Entry Code,plot,CHARACTER,language,emotional_impact,Theme,comment\nS1,30,25,20,15,10,Perfect\nS2,10.5,,,,,',
        story,
      );
      expect(rows).toEqual([
        {
          row: 2,
          entryCode: 'S1',
          criteria: null,
          marks: story.map((c) => ({ ...c, points: c.max })),
          total: 100,
          comment: 'Perfect',
        },
      ]);
      expect(errors).toEqual([{ row: 3, message: 'give all five criteria or none of them (then the total)' }]);
    });

    it('names the line and column of a mark over its criterion’s maximum', () => {
      const { rows, errors } = parseResultsCsv('entry_code,Plot,Character,Language,Emotional Impact,Theme\nS1,30,25,20,15,10\nS2,31,25,20,15,11', story);
      expect(rows.map((r) => r.entryCode)).toEqual(['S1']);
      expect(errors).toEqual([
        { row: 3, column: 'Plot', message: 'Plot must be a number from 0 to 30 (got "31")' },
        { row: 3, column: 'Theme', message: 'Theme must be a number from 0 to 10 (got "11")' },
      ]);
    });

    it('refuses a column that is not one of its criteria (poetry’s Structure in a story file), naming the header line', () => {
      expect(status(() => parseResultsCsv('entry_code,Structure,Plot,Character,Language,Emotional Impact,Theme\nS1,1,2,3,4,5,6', story))).toEqual({
        status: 422,
        message:
          'Unknown column: Structure (line 1, the header). The columns are: entryCode, Plot, Character, Language, Emotional Impact, Theme, total, comment.',
      });
    });

    it('names the missing criteria of a header with only some of them', () => {
      const { rows, errors } = parseResultsCsv('entry_code,Plot,Character,total\nS1,30,25,55', story);
      expect(rows).toEqual([]);
      expect(errors).toEqual([
        {
          row: 1,
          column: 'Language',
          message:
            'The header needs all five criteria (Plot, Character, Language, Emotional Impact, Theme) or a total (missing: Language, Emotional Impact, Theme).',
        },
      ]);
    });

    it('matches criteria named in any script', () => {
      const hindi = [
        { name: 'शिल्प', max: 60 },
        { name: 'भाव', max: 40 },
      ];
      const { rows, errors } = parseResultsCsv('entry_code,शिल्प,भाव\nH1,50,39.5', hindi);
      expect(errors).toEqual([]);
      expect(rows[0]!.marks).toEqual([
        { name: 'शिल्प', max: 60, points: 50 },
        { name: 'भाव', max: 40, points: 39.5 },
      ]);
      expect(rows[0]!.total).toBe(89.5);
    });
  });

  it('reads the entry codes of a file whatever its score columns', () => {
    expect(entryCodesOfCsv('entry_code,Plot,Anything else\ns1,1,2\nS2,3,4')).toEqual(['S1', 'S2']);
  });
});

describe('parseLeaderboardCsv', () => {
  it('reads rows and names the bad ones', () => {
    const text =
      'Month,Poet Name,Email,Points\r\n2024-01,Asha Rao,ASHA@example.com,88.5\r\n2024-01,Asha Rao,asha@example.com,70\r\n2024-13,Li Wei,,50\r\n2024-02,,,\r\n2024-02,"Rumi, Jalal",not-an-email,3\r\n2024-02,Kōji,,12';
    const { rows, errors } = parseLeaderboardCsv(text);
    expect(rows).toEqual([
      { row: 2, month: '2024-01', name: 'Asha Rao', email: 'asha@example.com', points: 88.5 },
      { row: 7, month: '2024-02', name: 'Kōji', email: null, points: 12 },
    ]);
    expect(errors.map((e) => [e.row, e.column ?? null])).toEqual([
      [3, null],
      [4, 'month'],
      [5, 'name'],
      [5, 'points'],
      [6, 'email'],
    ]);
  });
});
