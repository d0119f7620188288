// MuPDF (npm `mupdf`, its WASM build) redacting areas of a PDF's pages and rendering them, for a poem whose PDF
// does not spell out its letters: judges get its pages with the poet's name taken out; and listing where a PDF draws
// its space glyphs and ligatures (pageGlyphs), which say where its words end when poppler's word boxes cannot. Redaction deletes the
// text, vector and image content under each area (applyRedactions), not a box drawn on top; then each page is
// rendered to an image and the judges' copy is a new PDF of those images only (no text, fonts or metadata).
// It runs as a bounded child process, like pdftotext (lib/pdftotext.ts): no shell, the file on stdin, an
// address-space limit (prlimit --as), a deadline that kills it (and a CPU-time limit, prlimit --cpu), a cap on what
// it may print and on the pages.
// MuPDF is AGPL-3.0: it stays a program of its own, spoken to through a pipe (docs/dependencies.md).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runBounded } from './bounded-child';
import { ApiError } from './client-error';

export const MUPDF_LIMITS = {
  /**
   * Wall time one redaction and rendering may take before it is killed; also its CPU time (prlimit --cpu), so the
   * child ends by itself should the worker thread that started it be ended first (the check's own deadline).
   */
  timeoutMs: 10_000,
  /** Address space of the child (node and MuPDF's WASM memory; node alone maps about 1.2 GB). */
  memoryBytes: 2560 * 1024 * 1024,
  /** What the copy may weigh. */
  outputBytes: 40 * 1024 * 1024,
  /** Pages rendered: a poem shown as pages has at most this many. */
  maxPages: 40,
  /** Rendering scale (1 = 72 dpi): 1.5 is 108 dpi, sharp enough to read any script. */
  scale: 1.5,
};
export type MupdfLimits = typeof MUPDF_LIMITS;

/** An area of a page (0-based) to redact, in PDF points from the page's top left (poppler's -bbox coordinates). */
export interface PageArea {
  page: number;
  x0: number;
  top: number;
  x1: number;
  bottom: number;
}

const SEND_DOCX = 'Upload your poem as a Word (.docx) file instead: we read those exactly.';
const MB = 1024 * 1024;
const refuse = (limit: string, message: string, details: Record<string, unknown>) =>
  new ApiError(422, `${message} ${SEND_DOCX}`, { reason: `pdf-pages-${limit}-limit`, ...details }, 'ValidationError');

export const mupdfErrors = {
  time: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse('time', `Preparing the pages of this PDF for the judges took longer than ${limits.timeoutMs / 1000} seconds.`, {
      maxSeconds: limits.timeoutMs / 1000,
    }),
  memory: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse('memory', `Preparing the pages of this PDF for the judges needed more than ${Math.round(limits.memoryBytes / MB)} MB of memory.`, {
      maxMemoryMb: Math.round(limits.memoryBytes / MB),
    }),
  output: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse('output', `The pages of this PDF make more than ${Math.round(limits.outputBytes / MB)} MB of images.`, {
      maxOutputMb: Math.round(limits.outputBytes / MB),
    }),
  pages: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse('pages', `This PDF does not spell out its letters, so judges would see its pages, and it has more than ${limits.maxPages} of them.`, {
      maxPages: limits.maxPages,
    }),
};

/** Thrown when MuPDF could not open or write the file (damaged): not a limit. */
export class MupdfFailed extends Error {}

// The child: reads the PDF from stdin, redacts the areas of argv[2] (JSON), and writes the redacted PDF
// ('redacted') or a new PDF of the rendered pages ('pages') to stdout; or ('glyphs') as JSON, for each page, its
// space glyphs (MuPDF's structured text with inhibit-spaces holds a space only where the content draws one, none
// guessed from a gap) and its Arabic glyphs that stand for more than one letter (lam-alef ligatures), in points
// from the page's top left. Exit 3: too many pages.
const CHILD = `
const [url, json] = process.argv.slice(1);
const { mode, areas, scale, maxPages } = JSON.parse(json);
const mupdf = await import(url);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = mupdf.Document.openDocument(Buffer.concat(chunks), 'application/pdf').asPDF();
if (!doc) process.exit(2);
const count = doc.countPages();
if (count > maxPages) process.exit(3);
if (mode === 'glyphs') {
  const pages = [];
  const round = (v) => Math.round(v * 100) / 100;
  for (let n = 0; n < count; n++) {
    const spaces = [];
    const ligatures = [];
    let line = [];
    // A glyph mapped to several letters (Arabic's lam-alef): MuPDF gives its first letter the glyph's width and the
    // others none, placed at one of its edges; a letter drawn with no width of its own looks the same, so only
    // sequences a font's map gives one glyph count.
    const endLine = () => {
      line.forEach((char, i) => {
        if (!(char.x1 - char.x0 < 0.01 && /^\\p{Script=Arabic}$/u.test(char.c) && /^\\p{L}$/u.test(char.c))) return;
        const gap = (other) => Math.min(Math.abs(other.x0 - char.x0), Math.abs(other.x1 - char.x0));
        const glyph = [line[i - 1], line[i + 1]]
          .filter((other) => other && other.x1 - other.x0 >= 0.01 && /^\\p{L}$/u.test(other.c) && gap(other) < 0.1)
          .sort((a, b) => gap(a) - gap(b))[0];
        if (glyph) (glyph.more ??= []).push(char.c);
      });
      for (const char of line) {
        const letters = char.more && char.c + char.more.join('');
        if (letters && multi.has(letters)) ligatures.push([round(char.x0), round(char.x1), round(char.y), letters]);
      }
      line = [];
    };
    // The Arabic letter sequences one glyph of the page's fonts stands for (their ToUnicode maps: lam-alef's "لأ").
    const multi = new Set();
    const page = doc.loadPage(n);
    const fonts = page.getObject().get('Resources').get('Font');
    if (fonts.isDictionary())
      fonts.forEach((font) => {
        const map = font.get('ToUnicode');
        if (!map.isStream()) return;
        for (const [, hex] of map.readStream().asString().matchAll(/<[0-9A-Fa-f]+>\\s*<([0-9A-Fa-f]{8,})>/g)) {
          const letters = String.fromCharCode(...hex.match(/.{4}/g).map((unit) => parseInt(unit, 16)));
          if (/^\\p{Script=Arabic}{2,}$/u.test(letters)) multi.add(letters);
        }
      });
    // ActualText ignored: each glyph's own letters (a producer's ActualText spans, which poppler reads, spread theirs).
    page.toStructuredText('preserve-whitespace,inhibit-spaces,ignore-actualtext').walk({
      onChar(c, origin, font, size, quad) {
        const [x0, x1] = [Math.min(quad[0], quad[4]), Math.max(quad[2], quad[6])];
        if (/^\\s$/.test(c)) spaces.push([round(x0), round(x1), round(origin[1])]);
        line.push({ c, x0, x1, y: origin[1] });
      },
      endLine,
    });
    pages.push({ spaces, ligatures });
  }
  process.stdout.write(JSON.stringify(pages));
  process.exit(0);
}
for (let n = 0; n < count; n++) {
  const mine = areas.filter((area) => area.page === n);
  if (!mine.length) continue;
  const page = doc.loadPage(n);
  for (const area of mine) page.createAnnotation('Redact').setRect([area.x0, area.top, area.x1, area.bottom]);
  page.applyRedactions(false, mupdf.PDFPage.REDACT_IMAGE_PIXELS, mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED, mupdf.PDFPage.REDACT_TEXT_REMOVE);
}
let out;
if (mode === 'redacted') out = doc.saveToBuffer('garbage=4,compress').asUint8Array();
else {
  const copy = new mupdf.PDFDocument();
  for (let n = 0; n < count; n++) {
    const page = doc.loadPage(n);
    const [x0, y0, x1, y1] = page.getBounds();
    const [w, h] = [x1 - x0, y1 - y0];
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const image = copy.addImage(new mupdf.Image(pixmap));
    const resources = copy.addObject({ XObject: { P: image } });
    copy.insertPage(-1, copy.addPage([0, 0, w, h], 0, resources, 'q ' + w + ' 0 0 ' + h + ' 0 0 cm /P Do Q'));
  }
  out = copy.saveToBuffer('compress').asUint8Array();
}
process.stdout.write(out);
`;

let mupdfUrl: string | null = null;
/** Where the mupdf package's module is (resolved once; the child imports it by this URL). */
function mupdfModule(): string {
  mupdfUrl ??= pathToFileURL(createRequire(__filename).resolve('mupdf')).href;
  return mupdfUrl;
}

/** A space glyph the PDF draws: its left and right edge and its baseline, in points from the page's top left. */
export type SpaceGlyph = [x0: number, x1: number, baseline: number];
/** An Arabic glyph standing for several letters (a lam-alef ligature): where, and its letters in logical order. */
export type LigatureGlyph = [x0: number, x1: number, baseline: number, letters: string];
export interface PageGlyphs {
  spaces: SpaceGlyph[];
  ligatures: LigatureGlyph[];
}

/**
 * Where each page draws a space glyph (a space character the content shows, never one guessed from a gap) and a
 * glyph of several Arabic letters; null for a PDF of more than maxPages pages, or one MuPDF cannot list within the
 * same bounds as the redaction (the text is then read by poppler's gaps alone: nothing is refused for it).
 */
export async function pageGlyphs(bytes: Buffer, limits: MupdfLimits = MUPDF_LIMITS): Promise<PageGlyphs[] | null> {
  try {
    return JSON.parse((await runMupdf(bytes, { mode: 'glyphs', areas: [], scale: limits.scale, maxPages: limits.maxPages }, limits)).toString('utf8'));
  } catch (error) {
    if (error instanceof ApiError || error instanceof MupdfFailed || error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * The PDF with the areas redacted: as a new PDF of page images (`pages`, what judges get), or as the redacted PDF
 * itself (`redacted`: its remaining text can be read again, which is how tests see the glyphs are gone).
 */
export async function redactPdfPages(
  bytes: Buffer,
  areas: PageArea[],
  mode: 'pages' | 'redacted' = 'pages',
  limits: MupdfLimits = MUPDF_LIMITS,
): Promise<Buffer> {
  return runMupdf(bytes, { mode, areas, scale: limits.scale, maxPages: limits.maxPages }, limits);
}

/** The child's output for `task`, within the limits; each way it may end read into its 422 or MupdfFailed. */
async function runMupdf(bytes: Buffer, task: { mode: string; areas: PageArea[]; scale: number; maxPages: number }, limits: MupdfLimits): Promise<Buffer> {
  const args = JSON.stringify(task);
  const end = await runBounded(process.execPath, ['--max-old-space-size=256', '--input-type=module', '--eval', CHILD, mupdfModule(), args], bytes, {
    ...limits,
    cpuSeconds: Math.max(1, Math.ceil(limits.timeoutMs / 1000)),
  });
  if (end.stopped === 'time' || end.signal === 'SIGXCPU') throw mupdfErrors.time(limits);
  if (end.stopped === 'output') throw mupdfErrors.output(limits);
  if (end.code === 3) throw mupdfErrors.pages(limits);
  if (
    end.signal === 'SIGABRT' ||
    end.signal === 'SIGSEGV' ||
    /out of memory|cannot allocate|RangeError: WebAssembly|Failed to allocate memory|heap limit|Cannot enlarge memory/i.test(end.stderr)
  ) {
    throw mupdfErrors.memory(limits);
  }
  if (end.code !== 0) throw new MupdfFailed(`mupdf exited with ${end.signal ?? end.code}: ${end.stderr.trim().slice(0, 300)}`);
  return end.stdout;
}
