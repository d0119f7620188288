// Every script read exactly (issue 37): poems in 13 scripts and a story, as LibreOffice (.docx and its own PDF
// export, with the author's name in a running header and their email in the footer), Chromium's print-to-PDF, and
// (Hindi, Arabic, Urdu) a .docx written as Word writes one, with Word's fonts, and its PDF make them
// (tests/fixtures/scripts/make.mjs). What judges read, through the entry path (buildEntry), is compared
// with what the poet wrote character by character; no form of the author's name is in it or in the judges' copy.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { decodePDFRawStream, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { countWords } from '@writory/shared';
import { describe, expect, it, vi } from 'vitest';
import { runPdftotext } from '../../../lib/pdftotext';
import { redactPdfPages } from '../../../lib/mupdf-pages';
import { fold, REDACTED } from './anonymise';
import { anonymiserFor, buildEntry, previewOf } from './judge-view';
import { coveredAreas, PAGES_NOTE } from './pages-view';
import { extractPoem } from './poem-file';

const FIXTURES = join(__dirname, '../../../../tests/fixtures/scripts');

/**
 * Each fixture is read several times below (as entered, as previewed, with the name in its script) and each reading
 * runs the same pdftotext and MuPDF children on the same bytes. Their output depends only on the program, its
 * arguments and the file, so each distinct one runs once per run of this file (for real, within its budget) and
 * its ending is reused; an ending the budget cut short (`stopped`) is never reused. About half the children, and of
 * the file's time, which is mostly waiting for them (lib/bounded-child.ts is the only way the cms starts them).
 */
vi.mock('../../../lib/bounded-child', async (importOriginal) => {
  const { createHash } = await import('node:crypto');
  const real = await importOriginal<typeof import('../../../lib/bounded-child')>();
  const endings = new Map<string, ReturnType<typeof real.runBounded>>();
  const runBounded: typeof real.runBounded = (command, args, input, budget, env) => {
    const key = JSON.stringify([command, args, createHash('sha256').update(input).digest('hex'), budget, env]);
    const known = endings.get(key);
    if (known) return known;
    const ending = real.runBounded(command, args, input, budget, env);
    endings.set(key, ending);
    ending.then(
      (end) => end.stopped && endings.delete(key),
      () => endings.delete(key),
    );
    return ending;
  };
  return { ...real, runBounded };
});

interface Source {
  id: string;
  author: string;
  email: string;
  title: string;
  story?: boolean;
  stanzas: string[][];
}

const { texts } = JSON.parse(readFileSync(join(FIXTURES, 'texts.json'), 'utf8')) as { texts: Source[] };
const files = readdirSync(FIXTURES)
  .filter((file) => /\.(pdf|docx)$/.test(file))
  .sort();

/**
 * Nastaliq steps a word's letters down the line, so no reader we measured puts them back into words and lines from
 * where they sit (poppler: a character error rate of 0.23 to 0.25, MuPDF 0.60; scripts/measure-pdf-readers.mjs).
 * LibreOffice's and Word-style PDFs are read in the order their content draws the glyphs instead, and read exactly.
 * Chromium's draws some glyphs from Type 3 fonts, which that reading does not follow: judges get its pages, the
 * author removed, and the poet is told. Every other file, in every other script: read with a rate of 0.
 */
const AS_PAGES = new Set(['urdu.chromium.pdf']);

/** The lines judges should read: the poem as written, the byline and (on LibreOffice's pages) header and footer removed. */
function expectedLines(text: Source, file: string): string[] {
  const body = [text.title, ...text.stanzas.flatMap((stanza) => ['', ...stanza]), '', REDACTED.name];
  if (text.story && file.endsWith('.docx')) return [text.title, ...text.stanzas.flat(), REDACTED.name];
  // The PDFs made from a document with a running header (the name) and footer (the email) show them on the page.
  return /\.(libreoffice|wordstyle)\.pdf$/.test(file) ? [REDACTED.name, '', ...body, '', REDACTED.email] : body;
}

function levenshtein(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[y.length];
}

/** Character error rate over code points (NFC); a story's wrapped lines count as the spaces they stand for. */
function cer(got: string, want: string, story: boolean): number {
  const norm = (text: string) => (story ? text.replace(/\n\n+/g, '\u2029').replace(/\s+/g, ' ') : text).normalize('NFC');
  return levenshtein(norm(got), norm(want)) / [...norm(want)].length;
}

/** The forms of the author's name and email that must appear nowhere judges look: as written, and run together. */
function expectNoTrace(text: string, source: Source) {
  const folded = fold(text).text;
  const local = source.email.split('@')[0];
  for (const trace of [...source.author.split(' '), source.email, local]) {
    const form = fold(trace).text;
    expect(folded, `“${trace}” left`).not.toContain(form);
    // Split into pieces by spaces: the letters in a row, each piece of the name standing apart from other words.
    const pieces = new RegExp(
      `(?<![\\p{L}\\p{M}\\p{N}])${[...form].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}(?![\\p{L}\\p{M}\\p{N}])`,
      'u',
    );
    expect(folded, `“${trace}” left, split`).not.toMatch(pieces);
  }
}

/** Every text node and attribute value of every XML part of a .docx (element and attribute names left out). */
async function everythingIn(docx: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(docx);
  const parts = await Promise.all(
    Object.values(zip.files)
      .filter((file) => !file.dir && /\.(xml|rels)$/.test(file.name))
      .map((file) => file.async('string')),
  );
  return parts.flatMap((xml) => [...xml.matchAll(/>([^<]+)<|="([^"]*)"/g)].map((match) => match[1] ?? match[2])).join('\n');
}

describe.each(files)('%s', (file) => {
  const source = texts.find((text) => text.id === file.split('.')[0])!;
  const bytes = readFileSync(join(FIXTURES, file));

  it('gives judges what the poet wrote, without the author, and so does their copy of the file', async () => {
    const user = { name: source.author, email: source.email, phone: null } as unknown as Parameters<typeof buildEntry>[0];
    const draft = {
      title: source.title,
      language: 'other',
      fullName: source.author,
      phone: '',
      country: 'IN',
      declarations: {},
      fileName: file,
      bytes,
      photo: null,
      idempotencyKey: `scripts-${file}`,
    };
    const built = await buildEntry(user, draft, new Date('2026-11-02T10:00:00Z'));
    const judgeText = built.data.judgeText;
    const copy = built.blobs.judgeCopy!;
    expect(copy).not.toBeNull();
    if (AS_PAGES.has(file)) {
      // No text judges could misread: a note, and their copy is the pages as pictures (nothing a reader takes as text).
      expect(judgeText).toBe(PAGES_NOTE);
      expect((await runPdftotext(copy.bytes, ['-enc', 'UTF-8'])).trim()).toBe('');
      return;
    }
    const want = expectedLines(source, file).join('\n');
    if (source.story) {
      // Paragraphs kept (a .docx's one to a line; a PDF's wrapped lines with a blank line between them, none inside one,
      // across pages too), and every word counted.
      expect(cer(judgeText, want, true), judgeText).toBe(0);
      expect(built.data.wordCount).toBe(countWords(want));
      const paragraphs = judgeText.split(file.endsWith('.docx') ? '\n' : /\n\n+/).filter((part) => countWords(part) > 20);
      expect(paragraphs).toHaveLength(source.stanzas.length);
    } else expect(judgeText.split('\n')).toEqual(want.split('\n'));
    expectNoTrace(judgeText, source);

    if (copy.kind === 'docx') expectNoTrace(await everythingIn(copy.bytes), source);
    else {
      const reread = await extractPoem(copy.bytes);
      expectNoTrace(`${reread.text}\n${reread.hiddenText}\n${reread.metadataNames.join('\n')}`, source);
    }
  });

  if (AS_PAGES.has(file))
    it('is shown to judges as its pages with every form of the author deleted from them, not covered', async () => {
      const poem = await extractPoem(bytes);
      expect(poem.asPages?.reason).toBe('nastaliq');
      const { areas } = coveredAreas(poem.asPages!.layout, anonymiserFor({ name: source.author, email: source.email, phone: null }, {}, poem));
      // The pages redacted as for the judges' copy, but kept as a PDF: what is left of its text can be read again.
      const left = await runPdftotext(await redactPdfPages(bytes, areas, 'redacted'), ['-enc', 'UTF-8']);
      const squashed = fold(left.replace(/\s+/g, '')).text;
      for (const trace of [...source.author.split(' '), source.email.split('@')[0]]) expect(squashed).not.toContain(fold(trace).text);
      // … and the poem is still there (its first line's letters, however they are grouped).
      expect(squashed).toContain(fold(source.stanzas[0][0].split(' ')[0]).text);
    });
});

describe('Nastaliq read in the order its glyphs are drawn, only where that is provably the text (issue 37)', () => {
  /** LibreOffice's Urdu PDF with its first line's content changed by `edit`. */
  async function edited(edit: (content: string) => string): Promise<Buffer> {
    const doc = await PDFDocument.load(readFileSync(join(FIXTURES, 'urdu.libreoffice.pdf')));
    const page = doc.getPage(0);
    const content = Buffer.from(decodePDFRawStream(page.node.Contents() as PDFRawStream).decode()).toString('latin1');
    const changed = edit(content);
    expect(changed).not.toBe(content);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(Buffer.from(changed, 'latin1'))));
    return Buffer.from(await doc.save());
  }

  it('reads LibreOffice’s Urdu exactly, line by line', async () => {
    const poem = await extractPoem(readFileSync(join(FIXTURES, 'urdu.libreoffice.pdf')));
    expect(poem.asPages).toBeNull();
    expect(poem.text.split('\n')).toContain('شام ڈھلی تو دریا چپ ہو گیا،');
    expect(poem.unreadableLines).toEqual([]);
  });

  it('shows the pages when a line’s glyphs are not drawn one after the other (a space drawn out of its place)', async () => {
    // The space after “ہو” drawn at the line's right end instead: the letters are all there, their order unproven.
    const bytes = await edited((content) => content.replace('1 0 0 1 431.2 664.189 Tm\n/F1 13 Tf<07>Tj', '1 0 0 1 500 664.189 Tm\n/F1 13 Tf<07>Tj'));
    const poem = await extractPoem(bytes);
    expect(poem.asPages?.reason).toBe('nastaliq');
  });

  it('shows the pages when a glyph of a line is mapped to no letter', async () => {
    // The space glyph's code changed to one the font's ToUnicode map does not have.
    const bytes = await edited((content) => content.replace('1 0 0 1 431.2 664.189 Tm\n/F1 13 Tf<07>Tj', '1 0 0 1 431.2 664.189 Tm\n/F1 13 Tf<01>Tj'));
    const poem = await extractPoem(bytes);
    expect(poem.asPages?.reason).toBe('nastaliq');
  });
});

describe('a long PDF in an Indian script: its space glyphs decide its words on every page (issue 37)', () => {
  // Past 40 pages, the space glyphs were not listed and the gaps decided: wrong in Chromium's Odia (“ବହି”) and
  // LibreOffice's Telugu on every page.
  it.each(['odia.chromium.pdf', 'telugu.libreoffice.pdf'])('%s, its page 45 times over: every line of the poem read exactly on each', async (file) => {
    const source = texts.find((text) => text.id === file.split('.')[0])!;
    const one = await PDFDocument.load(readFileSync(join(FIXTURES, file)));
    const doc = await PDFDocument.create();
    for (const page of await doc.copyPages(
      one,
      Array.from({ length: 45 }, () => 0),
    ))
      doc.addPage(page);
    const poem = await extractPoem(Buffer.from(await doc.save()));
    const lines = poem.text.split('\n').map((line) => line.trim());
    for (const line of source.stanzas.flat())
      expect(
        lines.filter((read) => read === line),
        line,
      ).toHaveLength(45);
    expect(poem.unreadableLines).toEqual([]);
  });

  it('past the pages whose glyphs are listed (100), tells the poet of every line the gaps cannot prove, never a silent wrong word', async () => {
    const source = texts.find((text) => text.id === 'telugu')!;
    const one = await PDFDocument.load(readFileSync(join(FIXTURES, 'telugu.libreoffice.pdf')));
    const doc = await PDFDocument.create();
    for (const page of await doc.copyPages(
      one,
      Array.from({ length: 101 }, () => 0),
    ))
      doc.addPage(page);
    const poem = await extractPoem(Buffer.from(await doc.save()));
    const flagged = new Set(poem.unreadableLines.map((line) => line.trim()));
    // A line of the poem with its letters right and its spaces wrong: what the gap rules get wrong.
    const letters = (line: string) => line.replace(/\s+/gu, '');
    const wanted = new Map(source.stanzas.flat().map((line) => [letters(line), line]));
    const wrong = poem.text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => wanted.has(letters(line)) && wanted.get(letters(line)) !== line);
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong.filter((line) => !flagged.has(line))).toEqual([]);
  });
});

describe('what the poet is told at “Check the text”', () => {
  const author = (source: Source) => ({ name: source.author, email: source.email, phone: null }) as unknown as Parameters<typeof previewOf>[0];

  it.each(files.filter((file) => !AS_PAGES.has(file)))('%s: nothing unreadable', async (file) => {
    const source = texts.find((text) => text.id === file.split('.')[0])!;
    const preview = await previewOf(author(source), { fullName: source.author }, readFileSync(join(FIXTURES, file)));
    expect(preview.warnings.filter((warning) => warning.code === 'unreadable')).toEqual([]);
  });

  it.each([...AS_PAGES])('%s: that judges will see its pages, which lines could not be read exactly, and to send the .docx', async (file) => {
    const source = texts.find((text) => text.id === 'urdu')!;
    const preview = await previewOf(author(source), { fullName: source.author }, readFileSync(join(FIXTURES, file)));
    expect(preview.text).toBe(PAGES_NOTE);
    const warning = preview.warnings.find((w) => w.code === 'unreadable');
    expect(warning?.line).toBe(1);
    expect(warning?.message).toMatch(
      /^Your PDF sets its words in Nastaliq .* so we could not read lines 1, 2, 3, .* of it exactly.*Word \(\.docx\) file instead/,
    );
  });
});

describe('the name in the poem’s script, given on the entry form (issue 37)', () => {
  // The poet's account and form carry the name in Latin letters; the poem carries it in its own script.
  const latin = (source: Source) =>
    source.email
      .split('@')[0]
      .split('.')
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join(' ');
  const enter = (source: Source, file: string, nameInScript?: string) => {
    const user = { name: latin(source), email: `${source.id}.poet@example.org`, phone: null } as unknown as Parameters<typeof buildEntry>[0];
    const draft = {
      title: source.title,
      language: 'other',
      fullName: latin(source),
      nameInScript,
      phone: '',
      country: 'IN',
      declarations: {},
      fileName: file,
      bytes: readFileSync(join(FIXTURES, file)),
      photo: null,
      idempotencyKey: `scripts-in-script-${file}`,
    };
    return buildEntry(user, draft, new Date('2026-11-02T10:00:00Z'));
  };
  const only = (source: Source): Source => ({ ...source, email: 'nobody@example.org' });

  // Every fixture whose author writes their name in another script than Latin (those shown as pages: below). Chromium's
  // files carry no author property to learn the name from (LibreOffice's and Word's do); its Tamil and Odia print the
  // name in pieces ("மீ ரா", "ସ୍ମି ତା").
  const inScript = files.filter(
    (file) => !AS_PAGES.has(file) && /\P{Script=Latin}/u.test(texts.find((text) => text.id === file.split('.')[0])!.author.replace(/[\s.-]/g, '')),
  );
  it.each(inScript)('%s: removed from what judges read and from their copy, also when printed in pieces', async (file) => {
    const source = texts.find((text) => text.id === file.split('.')[0])!;
    if (file.endsWith('.chromium.pdf')) {
      const without = await enter(source, file);
      expect(without.data.judgeText, 'the name in its script stays when only the Latin form is known').toContain(source.author.split(' ')[1]);
    }

    const built = await enter(source, file, source.author);
    expect(built.data.contactNameInScript).toBe(source.author);
    expectNoTrace(built.data.judgeText, only(source));
    const copy = built.blobs.judgeCopy!;
    if (copy.kind === 'docx') expectNoTrace(await everythingIn(copy.bytes), only(source));
    else {
      const reread = await extractPoem(copy.bytes);
      expectNoTrace(`${reread.text}\n${reread.hiddenText}\n${reread.metadataNames.join('\n')}`, only(source));
    }
  });

  it('covers every script’s fixtures', () => {
    expect(inScript.length).toBeGreaterThanOrEqual(40);
    expect(inScript).toContain('tamil.chromium.pdf');
  });

  it('urdu.chromium.pdf (shown as pages): the name given in its script is deleted from the pages judges see', async () => {
    const source = texts.find((text) => text.id === 'urdu')!;
    const bytes = readFileSync(join(FIXTURES, 'urdu.chromium.pdf'));
    const poem = await extractPoem(bytes);
    const user = { name: latin(source), email: 'urdu.poet@example.org', phone: null };
    const redactedText = async (nameInScript?: string) => {
      const { areas } = coveredAreas(poem.asPages!.layout, anonymiserFor(user, { fullName: latin(source), nameInScript }, poem));
      return fold((await runPdftotext(await redactPdfPages(bytes, areas, 'redacted'), ['-enc', 'UTF-8'])).replace(/\s+/g, '')).text;
    };
    const family = fold(source.author.split(' ')[1]).text;
    expect(await redactedText(), 'the name in its script stays when only the Latin form is known').toContain(family);
    expect(await redactedText(source.author)).not.toContain(family);
  });
});
