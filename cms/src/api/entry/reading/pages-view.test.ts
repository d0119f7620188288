// A PDF that does not spell out its letters (tests/fixtures/unmapped: LibreOffice's Hindi PDF, its fonts' ToUnicode
// maps taken out by make.mjs): judges get no guessed text but the pages, the author truly taken out of them; the
// poet is told which lines could not be read and to send the .docx; every step is bounded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUPDF_LIMITS, redactPdfPages } from '../../../lib/mupdf-pages';
import { runPdftotext } from '../../../lib/pdftotext';
import { fold } from './anonymise';
import { anonymiserFor, buildEntry, previewOf } from './judge-view';
import { coveredAreas, PAGES_NOTE, pagesCopy } from './pages-view';
import { extractPoem } from './poem-file';

const FIXTURES = join(__dirname, '../../../../tests/fixtures');
const unmapped = readFileSync(join(FIXTURES, 'unmapped/hindi.no-tounicode.pdf'));
const spelled = readFileSync(join(FIXTURES, 'scripts/hindi.libreoffice.pdf'));
// The poet as the fixture names them: in the header, the byline, the document's Author, and the footer's email.
const NAME = 'अनन्या शर्मा';
const EMAIL = 'ananya.sharma@example.in';
const user = { name: 'Ananya Sharma', email: EMAIL, phone: null } as unknown as Parameters<typeof buildEntry>[0];
const draft = (bytes: Buffer) => ({
  title: 'किनारे',
  language: 'Hindi',
  fullName: 'Ananya Sharma',
  nameInScript: NAME,
  phone: '',
  country: 'IN',
  declarations: {},
  fileName: 'kinare.pdf',
  bytes,
  photo: null,
  idempotencyKey: 'pages-view-test',
});

/** Every word poppler reads in a PDF, with its box. */
async function words(pdf: Buffer) {
  const xml = await runPdftotext(pdf, ['-raw', '-bbox', '-enc', 'UTF-8']);
  return [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(([, x0, top, x1, bottom, text]) => ({
    text,
    x0: Number(x0),
    top: Number(top),
    x1: Number(x1),
    bottom: Number(bottom),
  }));
}

describe('a PDF that does not spell out its letters', () => {
  it('is found by its fonts without a ToUnicode map (a PDF that spells them out is read as text)', async () => {
    const poem = await extractPoem(unmapped);
    expect(poem.asPages?.fonts).toEqual(['BAAAAA+NotoSansDevanagari-Regular', 'CAAAAA+NotoSansDevanagari-Bold', 'DAAAAA+NotoSans-Regular']);
    expect(poem.unreadableLines.length).toBe(poem.asPages!.layout[0].lines.length);
    expect((await extractPoem(spelled)).asPages).toBeNull();
  });

  it('gives judges a note, never the guessed text, and their copy is the pages with no form of the name', async () => {
    const built = await buildEntry(user, draft(unmapped), new Date('2026-11-02T10:00:00Z'));
    expect(built.data.judgeText).toBe(PAGES_NOTE);
    const copy = built.blobs.judgeCopy!;
    expect(copy.kind).toBe('pdf');
    // Pages as images: nothing a reader can take as text (no glyph of the name, no metadata), one page as before.
    expect((await runPdftotext(copy.bytes, ['-enc', 'UTF-8'])).replace(/\s+/g, '')).toBe('');
    expect(copy.bytes.includes(Buffer.from('Ananya'))).toBe(false);
    expect(copy.bytes.includes(Buffer.from('/Author'))).toBe(false);
    expect((copy.bytes.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length).toBe(1);
  });

  it('redacts by deleting the glyphs under the header, footer and byline, not by drawing a box over them', async () => {
    const poem = await extractPoem(unmapped);
    const { areas } = coveredAreas(poem.asPages!.layout, anonymiserFor(user, { fullName: 'Ananya Sharma', nameInScript: NAME }, poem));
    const before = await words(unmapped);
    const redacted = await redactPdfPages(unmapped, areas, 'redacted');
    const after = await words(redacted);
    const inside = (word: { x0: number; top: number; x1: number; bottom: number }) =>
      areas.some((area) => word.top < area.bottom && word.bottom > area.top && word.x0 < area.x1 && word.x1 > area.x0);
    // The header (the name), the footer (the email) and the byline (the name) were words; none is left under the areas …
    expect(before.filter(inside).length).toBeGreaterThanOrEqual(4);
    expect(after.filter(inside)).toEqual([]);
    // … what was read there is gone (also the piece of the name a reader guesses right) …
    expect(after.map((word) => word.text)).not.toContain('र्मा');
    // … and the poem's lines outside the areas are all still there, where they were.
    expect(after.map((word) => [word.text, Math.round(word.top)])).toEqual(
      before.filter((word) => !inside(word)).map((word) => [word.text, Math.round(word.top)]),
    );
  });

  it('does the same with the readable PDF made from the same source: no form of the name left in its redacted pages', async () => {
    const poem = await extractPoem(unmapped);
    const { areas } = coveredAreas(poem.asPages!.layout, anonymiserFor(user, { fullName: 'Ananya Sharma', nameInScript: NAME }, poem));
    // The same pages with their letters spelled out: whatever the areas held is readable here, so its absence shows.
    const text = fold(await runPdftotext(await redactPdfPages(spelled, areas, 'redacted'), ['-enc', 'UTF-8'])).text;
    for (const form of [...NAME.split(' '), EMAIL, 'ananya', 'sharma']) expect(text).not.toContain(fold(form).text);
    expect(text).toContain(fold('लहरें लौटती हैं किनारे पर,').text);
  });

  it('tells the poet which lines could not be read and which are covered, and to send the .docx', async () => {
    const preview = await previewOf(user, { fullName: 'Ananya Sharma', nameInScript: NAME }, unmapped);
    expect(preview.text).toBe(PAGES_NOTE);
    const warnings = preview.warnings.filter((warning) => warning.code === 'unreadable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].line).toBe(1);
    expect(warnings[0].message).toMatch(/^Your PDF does not spell out its letters .* we could not read lines 1, 2, 3, 4, 5, 6, 7 and 8 of it exactly/);
    // The header (line 1), the byline (line 7) and the footer (line 8); the title and the poem (2 to 6) are not.
    expect(warnings[0].message).toContain('Lines 1, 7 and 8, at the top or bottom of a page or maybe showing your name, are covered.');
    expect(warnings[0].message).toMatch(/upload your poem as a Word \(\.docx\) file instead/);
  });

  it('is bounded: too many pages, too long or too much output is refused with a 422 naming the limit', async () => {
    const poem = await extractPoem(unmapped);
    const { areas } = coveredAreas(poem.asPages!.layout, anonymiserFor(user, {}, poem));
    await expect(pagesCopy(unmapped, areas, { ...MUPDF_LIMITS, maxPages: 0 })).rejects.toMatchObject({
      status: 422,
      details: { reason: 'pdf-pages-pages-limit' },
    });
    await expect(pagesCopy(unmapped, areas, { ...MUPDF_LIMITS, timeoutMs: 1 })).rejects.toMatchObject({
      status: 422,
      details: { reason: 'pdf-pages-time-limit' },
    });
    await expect(pagesCopy(unmapped, areas, { ...MUPDF_LIMITS, outputBytes: 1000 })).rejects.toMatchObject({
      status: 422,
      details: { reason: 'pdf-pages-output-limit' },
    });
    await expect(pagesCopy(unmapped, areas, { ...MUPDF_LIMITS, memoryBytes: 600 * 1024 * 1024 })).rejects.toMatchObject({
      status: 422,
      details: { reason: 'pdf-pages-memory-limit' },
    });
  });
});
