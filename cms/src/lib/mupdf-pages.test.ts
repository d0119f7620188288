// pageGlyphs (issue 37): where a PDF draws its space glyphs and its several-letter Arabic glyphs, and no refusal
// when MuPDF cannot list them within its bounds (the text is then read by poppler's gaps alone).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUPDF_LIMITS, pageGlyphs } from './mupdf-pages';

const scripts = join(__dirname, '../../tests/fixtures/scripts');

describe('pageGlyphs', () => {
  it('lists the spaces the page draws, none guessed from a gap: Chromium’s Odia, where poppler sees gaps inside words', async () => {
    const [page] = (await pageGlyphs(readFileSync(join(scripts, 'odia.chromium.pdf'))))!;
    // The spaces between the words of its four lines and the byline (3 + 2 + 4 + 2 + 2), the one-word title none.
    expect(page.spaces).toHaveLength(13);
    expect(page.ligatures).toEqual([]);
  });

  it('lists the lam-alef glyphs of a font that maps one glyph to both letters, in logical order', async () => {
    const [page] = (await pageGlyphs(readFileSync(join(scripts, 'arabic.wordstyle.pdf'))))!;
    expect(page.ligatures.map(([, , , letters]) => letters)).toEqual(['لأ', 'لأ', 'لأ', 'لا', 'لأ']);
  });

  it('gives null, not a refusal, past its bounds', async () => {
    const bytes = readFileSync(join(scripts, 'odia.chromium.pdf'));
    expect(await pageGlyphs(bytes, { ...MUPDF_LIMITS, maxPages: 0 })).toBeNull();
    expect(await pageGlyphs(bytes, { ...MUPDF_LIMITS, timeoutMs: 1 })).toBeNull();
  });
});
