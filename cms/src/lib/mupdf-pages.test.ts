// pageGlyphs (issue 37): where a PDF draws its space glyphs and its several-letter Arabic glyphs, what it draws in
// the order drawn, and no refusal
// when MuPDF cannot list them within its bounds (the text is then read by poppler's gaps alone).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MUPDF_LIMITS, pageGlyphs } from './mupdf-pages';

const scripts = join(__dirname, '../../tests/fixtures/scripts');

describe('pageGlyphs', () => {
  it('lists the spaces the page draws, none guessed from a gap: Chromium’s Odia, where poppler sees gaps inside words', async () => {
    const page = (await pageGlyphs(readFileSync(join(scripts, 'odia.chromium.pdf'))))![0]!;
    // The spaces between the words of its four lines and the byline (3 + 2 + 4 + 2 + 2), the one-word title none.
    expect(page.spaces).toHaveLength(13);
    expect(page.ligatures).toEqual([]);
  });

  it('lists the lam-alef glyphs of a font that maps one glyph to both letters, in logical order', async () => {
    const page = (await pageGlyphs(readFileSync(join(scripts, 'arabic.wordstyle.pdf'))))![0]!;
    expect(page.ligatures.map(([, , , letters]) => letters)).toEqual(['لأ', 'لأ', 'لأ', 'لا', 'لأ']);
  });

  it('lists what each page draws in the order its content draws it: LibreOffice’s Urdu line in visual order, ActualText once', async () => {
    const page = (await pageGlyphs(readFileSync(join(scripts, 'urdu.libreoffice.pdf'))))![0]!;
    // The running header “عائشہ خان”, drawn from its left end: the letters of each glyph (ActualText spans for
    // letters drawn as several glyphs, given once), a space glyph where the words part.
    expect(
      page
        .order!.slice(0, 9)
        .map(([text, , , kind]) => (kind === 1 ? '␣' : text))
        .join(''),
    ).toBe('ناخ␣ہشئاع');
    expect(page.order!.slice(0, 9).map(([, x]) => x)).toEqual([...page.order!.slice(0, 9).map(([, x]) => x)].sort((a, b) => a - b));
    expect(page.order!.every(([, , , kind]) => kind !== 2)).toBe(true);
  });

  it('lists no order for a page drawn with a Type 3 font (Chromium’s Urdu), which that reading does not follow', async () => {
    const page = (await pageGlyphs(readFileSync(join(scripts, 'urdu.chromium.pdf'))))![0]!;
    expect(page.order).toBeNull();
  });

  it('lists no order past its glyph bound, and the spaces still', async () => {
    const page = (await pageGlyphs(readFileSync(join(scripts, 'urdu.libreoffice.pdf')), { ...MUPDF_LIMITS, maxGlyphs: 20 }))![0]!;
    expect(page.order).toBeNull();
    expect(page.spaces.length).toBeGreaterThan(0);
  });

  it('lists only the pages asked for, and reads a file of more than 40 pages (the pages shown to judges stay at most 40)', async () => {
    const one = await PDFDocument.load(readFileSync(join(scripts, 'odia.chromium.pdf')));
    const doc = await PDFDocument.create();
    for (const page of await doc.copyPages(
      one,
      Array.from({ length: 45 }, () => 0),
    ))
      doc.addPage(page);
    const pages = (await pageGlyphs(Buffer.from(await doc.save()), MUPDF_LIMITS, { spaces: [0, 44], order: [] }))!;
    expect(pages).toHaveLength(45);
    expect(pages[0]!.spaces).toHaveLength(13);
    expect(pages[44]!.spaces).toHaveLength(13);
    expect(pages[0]!.order).toBeNull();
    expect(pages.slice(1, 44).every((page) => page === null)).toBe(true);
  });

  it('gives null, not a refusal, past its bounds', async () => {
    const bytes = readFileSync(join(scripts, 'odia.chromium.pdf'));
    expect(await pageGlyphs(bytes, { ...MUPDF_LIMITS, maxGlyphPages: 0 })).toBeNull();
    expect(await pageGlyphs(bytes, { ...MUPDF_LIMITS, timeoutMs: 1 })).toBeNull();
  });
});
