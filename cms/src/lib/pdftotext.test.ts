// The bounds around poppler's pdftotext: each one refuses the file with a 422 naming the limit; a file it
// cannot read at all is a PdftotextFailed (the caller says "damaged"); a machine without it is told what to install.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fontsWithoutLetters,
  nastaliqFonts,
  PDFTOTEXT_LIMITS,
  PdftotextFailed,
  pdftotextProblem,
  readPdfFonts,
  runPdftotext,
  unspelledFonts,
} from './pdftotext';

const PDF = readFileSync(join(__dirname, '../../tests/fixtures/scripts/hindi.libreoffice.pdf'));
const ARGS = ['-raw', '-bbox', '-enc', 'UTF-8'];

describe('runPdftotext', () => {
  it('reads a PDF from stdin', async () => {
    expect(await runPdftotext(PDF, ARGS)).toContain('>किनारे</word>');
  });

  it.each([
    ['time', { timeoutMs: 1 }, 'pdf-time-limit', /longer than 0.001 seconds/],
    ['memory', { memoryBytes: 8 * 1024 * 1024 }, 'pdf-memory-limit', /more than 8 MB of memory/],
    ['output', { outputBytes: 1024 }, 'pdf-output-limit', /more than 0 MB of text/],
  ])('refuses a file that breaks the %s bound with a 422 naming it', async (_, limit, reason, message) => {
    const error = await runPdftotext(PDF, ARGS, { ...PDFTOTEXT_LIMITS, ...limit }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, details: { reason } });
    expect((error as Error).message).toMatch(message);
  });

  it('fails with PdftotextFailed on a file that is not a PDF', async () => {
    await expect(runPdftotext(Buffer.from('%PDF-1.7\nnot really'), ARGS)).rejects.toBeInstanceOf(PdftotextFailed);
  });
});

describe('pdftotextProblem', () => {
  it('is null where poppler-utils is installed', () => {
    expect(pdftotextProblem()).toBeNull();
  });

  it('names the Debian package to install where pdftotext is missing', () => {
    expect(pdftotextProblem('/nonexistent')).toMatch(/pdftotext is not installed.*poppler-utils/);
  });
});

describe('fontsWithoutLetters (issue 37)', () => {
  it('lists the embedded fonts without a ToUnicode map, but not Type 1 fonts (read by their glyph names) nor fonts not embedded', () => {
    const table = [
      'name                                 type              encoding         emb sub uni object ID',
      '------------------------------------ ----------------- ---------------- --- --- --- ---------',
      'BAAAAA+NotoSansDevanagari-Regular    TrueType          WinAnsi          yes yes no      14  0',
      'CAAAAA+NotoSansTamil-Regular         CID TrueType      Identity-H       yes yes no      20  0',
      'DAAAAA+NotoSans-Regular              TrueType          WinAnsi          yes yes yes     19  0',
      'ABCDEF+CMR10                         Type 1            Builtin          yes yes no       8  0',
      'ABCDEF+CMBX12                        Type 1C           Builtin          yes yes no       9  0',
      'Helvetica                            Type 1            WinAnsi          no  no  no       5  0',
      '[none]                               Type 3            Custom           yes no  no      12  0',
      '',
    ].join('\n');
    expect(unspelledFonts(table)).toEqual(['BAAAAA+NotoSansDevanagari-Regular', 'CAAAAA+NotoSansTamil-Regular', '[none]']);
  });

  it('finds them in a real file, and none in the fixtures made by LibreOffice and Chromium', async () => {
    const fixtures = join(__dirname, '../../tests/fixtures');
    expect(await fontsWithoutLetters(readFileSync(join(fixtures, 'unmapped/hindi.no-tounicode.pdf')))).toHaveLength(3);
    for (const file of ['hindi.libreoffice.pdf', 'tamil.chromium.pdf', 'urdu.libreoffice.pdf'])
      expect(await fontsWithoutLetters(readFileSync(join(fixtures, 'scripts', file)))).toEqual([]);
  });
});

describe('nastaliqFonts (issue 37)', () => {
  it('lists the fonts in the Nastaliq style by their names, each once, and no Naskh or other font', () => {
    const table = [
      'name                                 type              encoding         emb sub uni object ID',
      '------------------------------------ ----------------- ---------------- --- --- --- ---------',
      'AAAAAA+NotoNastaliqUrdu-Bold         CID TrueType      Identity-H       yes yes yes      5  0',
      'BAAAAA+NotoNastaliqUrdu-Bold         CID TrueType      Identity-H       yes yes yes      7  0',
      'CAAAAA+JameelNooriNastaleeq          TrueType          WinAnsi          yes yes yes      9  0',
      'DAAAAA+UrduTypesetting               CID TrueType      Identity-H       yes yes yes     11  0',
      'EAAAAA+NotoNaskhArabic-Regular       CID TrueType      Identity-H       yes yes yes     13  0',
      '[none]                               Type 3            Custom           yes no  yes      4  0',
      '',
    ].join('\n');
    expect(nastaliqFonts(table)).toEqual([
      'AAAAAA+NotoNastaliqUrdu-Bold',
      'BAAAAA+NotoNastaliqUrdu-Bold',
      'CAAAAA+JameelNooriNastaleeq',
      'DAAAAA+UrduTypesetting',
    ]);
  });

  it('finds them in the Urdu fixtures and in no other script’s', async () => {
    const fixtures = join(__dirname, '../../tests/fixtures/scripts');
    expect((await readPdfFonts(readFileSync(join(fixtures, 'urdu.libreoffice.pdf')))).nastaliq).toEqual(['BAAAAA+NotoNastaliqUrdu-Regular']);
    for (const file of ['arabic.libreoffice.pdf', 'arabic.chromium.pdf', 'hindi.chromium.pdf'])
      expect((await readPdfFonts(readFileSync(join(fixtures, file)))).nastaliq).toEqual([]);
  });
});
