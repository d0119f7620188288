// A poem file as it arrives: its bytes decide what it is (never its name or declared type), archives are
// checked before anything inflates them, and the text is read with its lines: a .docx by walking its XML
// (docx-text.ts), a PDF from the word boxes poppler's pdftotext gives (pdf-text.ts), both within MAX_POEM_CHARS.
// pdf.js (unpdf) still opens a PDF: it refuses encrypted and damaged ones and reads the document's properties.
import { fileTypeFromBuffer } from 'file-type';
import JSZip from 'jszip';
import { getDocumentProxy } from 'unpdf';
import { MAX_POEM_BYTES, type PoemKind } from '@writory/shared';
import { ApiError } from '../../../lib/client-error';
import { msg, type Message } from '../../../lib/messages';
import { paragraphsText, readDocx, type DocxModel } from './docx-text';
import { checkPdfStreams } from './pdf-streams';
import { readPdfLines, type PageLayout, type PdfText } from './pdf-text';
import { PdftotextFailed, readPdfFonts } from '../../../lib/pdftotext';
import { TextBudget, textTooLong } from './text-budget';

/** A .docx may not hold more than this many parts, nor inflate its text parts beyond MAX_TEXT_PARTS_BYTES. */
export const MAX_ZIP_ENTRIES = 1000;
/** What all parts of a .docx may claim to inflate to (images included). */
export const MAX_DECLARED_BYTES = 100 * 1024 * 1024;
/** What the XML parts of a .docx (the ones the text comes from) may really inflate to. */
export const MAX_TEXT_PARTS_BYTES = 20 * 1024 * 1024;
const MAX_POEM_MB = MAX_POEM_BYTES / 1024 / 1024;

export interface ExtractedPoem {
  kind: PoemKind;
  /** What judges read (before the author is removed): the poem's lines, blank lines and indents kept. */
  text: string;
  /** Text judges never read but the blind file keeps or the file carries: headers, footers, comments, properties. */
  hiddenText: string;
  /** Names found in the file's metadata (docx creator, pdf Author): hidden from judges too. */
  metadataNames: string[];
  /** Pictures in the file (they may show a name; we cannot read them). */
  images: number;
  /** Embedded objects, charts, or glyphs without characters: content we could not read. */
  unreadable: number;
  /** Lines of `text` (as they are there) that could not be read exactly: a PDF's letters not spelled out, or read in pieces. */
  unreadableLines: string[];
  /**
   * A PDF whose text cannot be read exactly, so judges see its pages instead (judge-view.ts): one that does not
   * spell out its letters (fonts embedded without a ToUnicode map: its text is a guess), or one set in Nastaliq (its
   * letters step down the line: read, but not into their words and lines) whose lines could not all be read in the
   * order the content draws their glyphs (LibreOffice's and Word's can). Why, the fonts, and where each line the
   * reading found is drawn.
   */
  asPages: { reason: 'unspelled' | 'nastaliq'; fonts: string[]; layout: PageLayout[] } | null;
}

const refuse = (status: number, reason: string, message: Message, details: Record<string, unknown> = {}) =>
  new ApiError(status, message, { reason, ...details }, status === 415 ? 'UnsupportedMediaTypeError' : 'ValidationError');

const SAVE_AGAIN = msg('poemFile.saveAgain');

export const poemErrors = {
  tooLarge: () => new ApiError(413, msg('poemFile.tooLarge', { mb: MAX_POEM_MB }), { reason: 'too-large', maxBytes: MAX_POEM_BYTES }, 'PayloadTooLargeError'),
  notPoem: (what: Message) =>
    refuse(415, 'not-docx-or-pdf', msg('poemFile.notPoem', { what }), {
      accepted: ['.docx', '.pdf'],
    }),
  legacyDoc: () => refuse(415, 'legacy-doc', msg('poemFile.legacyDoc')),
  encrypted: () => refuse(422, 'encrypted', msg('poemFile.encrypted')),
  broken: () => refuse(422, 'broken', msg('poemFile.broken', { saveAgain: SAVE_AGAIN })),
  expands: () =>
    refuse(422, 'archive-too-large', msg('poemFile.expands', { saveAgain: SAVE_AGAIN }), {
      maxExpandedBytes: MAX_TEXT_PARTS_BYTES,
    }),
  textTooLong,
  noText: () => refuse(422, 'no-text', msg('poemFile.noText')),
};

/** What kind of file the bytes say it is, in words for the poet. */
function describe(type: { ext: string; mime: string } | undefined): Message {
  if (!type) return msg('poemFile.unknown');
  if (type.ext === 'exe' || type.mime === 'application/x-msdownload') return msg('poemFile.program');
  if (type.mime.startsWith('image/')) return msg('poemFile.image', { ext: type.ext });
  if (type.ext === 'zip') return msg('poemFile.zip');
  return msg('poemFile.other', { ext: type.ext });
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** The poem's kind from its bytes; refuses anything else with what it is and what to do. */
export async function sniffPoem(bytes: Buffer): Promise<PoemKind> {
  if (bytes.length > MAX_POEM_BYTES) throw poemErrors.tooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'pdf' || type?.ext === 'docx') return type.ext;
  if (type?.ext === 'cfb') {
    // Office saves password-protected .docx files inside an OLE container with these streams.
    if (bytes.includes(utf16('EncryptionInfo')) || bytes.includes(utf16('EncryptedPackage'))) throw poemErrors.encrypted();
    if (bytes.includes(utf16('WordDocument'))) throw poemErrors.legacyDoc();
  }
  throw poemErrors.notPoem(describe(type));
}

/** JSZip's internal stream (inflates in chunks); its typings leave it out. */
interface ZipStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): ZipStream;
  on(event: 'error', listener: (error: Error) => void): ZipStream;
  on(event: 'end', listener: () => void): ZipStream;
  pause(): ZipStream;
  resume(): ZipStream;
}

/**
 * Refuses a .docx archive that is encrypted, broken, has too many parts, claims too much, or whose text
 * parts really inflate beyond MAX_TEXT_PARTS_BYTES (counted while inflating, so lying headers do not help).
 */
export async function checkDocxArchive(bytes: Buffer): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (error) {
    if (/encrypt/i.test((error as Error).message)) throw poemErrors.encrypted();
    throw poemErrors.broken();
  }
  const files = Object.values(zip.files).filter((file) => !file.dir);
  if (files.length > MAX_ZIP_ENTRIES) throw poemErrors.expands();
  const declared = files.reduce((sum, file) => sum + ((file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0), 0);
  if (declared > MAX_DECLARED_BYTES) throw poemErrors.expands();
  if (!zip.file('word/document.xml')) throw poemErrors.broken();

  let inflated = 0;
  for (const file of files) {
    if (!/\.(xml|rels)$/i.test(file.name)) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = (file as unknown as { internalStream(type: 'uint8array'): ZipStream }).internalStream('uint8array');
      stream
        .on('data', (chunk: Uint8Array) => {
          inflated += chunk.length;
          if (inflated > MAX_TEXT_PARTS_BYTES) {
            stream.pause();
            reject(poemErrors.expands());
          }
        })
        .on('error', (error: Error) => reject(/encrypt/i.test(error.message) ? poemErrors.encrypted() : poemErrors.broken()))
        .on('end', () => resolve())
        .resume();
    });
  }
}

async function extractDocx(bytes: Buffer): Promise<ExtractedPoem> {
  await checkDocxArchive(bytes);
  let model: DocxModel;
  try {
    model = await readDocx(await JSZip.loadAsync(bytes, { checkCRC32: false }), new TextBudget());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw poemErrors.broken();
  }
  return {
    kind: 'docx',
    text: tidy(paragraphsText(model.judge)),
    hiddenText: [paragraphsText(model.hidden), ...model.properties].join('\n'),
    metadataNames: docxMetadataNames(model),
    images: model.images,
    unreadable: model.unreadable,
    unreadableLines: [],
    asPages: null,
  };
}

/** Names in docProps/core.xml (dc:creator, cp:lastModifiedBy) and app.xml (Manager). */
function docxMetadataNames(model: DocxModel): string[] {
  const names: string[] = [];
  for (const [part, tags] of [
    ['docProps/core.xml', ['dc:creator', 'cp:lastModifiedBy']],
    ['docProps/app.xml', ['Manager']],
  ] as const) {
    const document = model.parts.get(part);
    for (const tag of tags) for (const element of Array.from(document?.getElementsByTagName(tag) ?? [])) names.push(element.textContent?.trim() ?? '');
  }
  return names.filter((name) => name !== '' && name.length <= 200);
}

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Frees what pdf.js holds for a document (its loading task owns the worker-side state). */
export const closePdf = (pdf: PdfProxy) => (pdf as unknown as { loadingTask: { destroy(): Promise<void> } }).loadingTask.destroy();

/** Opens a PDF with pdf.js; refuses password-protected (any encryption) and unreadable ones. */
export async function openPdf(bytes: Buffer): Promise<PdfProxy> {
  let pdf: PdfProxy;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: false });
  } catch (error) {
    if ((error as Error).name === 'PasswordException') throw poemErrors.encrypted();
    throw poemErrors.broken();
  }
  const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
  if (info.EncryptFilterName) {
    await closePdf(pdf);
    throw poemErrors.encrypted();
  }
  return pdf;
}

const PDF_INFO_FIELDS = ['Author', 'Title', 'Subject', 'Keywords', 'Creator'];

async function extractPdf(bytes: Buffer): Promise<ExtractedPoem> {
  const pdf = await openPdf(bytes);
  try {
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
    let read: PdfText;
    let fonts: { unspelled: string[]; nastaliq: string[] };
    try {
      [read, fonts] = await Promise.all([readPdfLines(bytes, new TextBudget()), readPdfFonts(bytes)]);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof PdftotextFailed) throw poemErrors.broken();
      throw error; // pdftotext missing or failing to start: a fault of the server, not of the file
    }
    const text = (name: string) => (typeof info[name] === 'string' ? (info[name] as string).trim() : '');
    const lines = tidy(read.text);
    // Letters not spelled out, or set in Nastaliq with a right-to-left line not read in the order its glyphs are drawn
    // (pdf-text.ts shownLine): every line read is suspect (poppler cannot say which font drew which word).
    const nastaliq = read.rtlFromBoxes > 0 ? fonts.nastaliq : [];
    const [reason, suspect] = fonts.unspelled.length ? (['unspelled', fonts.unspelled] as const) : (['nastaliq', nastaliq] as const);
    const asPages = suspect.length > 0 && read.pages.some((page) => page.lines.length > 0) ? { reason, fonts: [...suspect], layout: read.pages } : null;
    return {
      kind: 'pdf',
      text: lines,
      hiddenText: PDF_INFO_FIELDS.map(text).filter(Boolean).join('\n'),
      metadataNames: [text('Author')].filter(Boolean),
      images: 0,
      unreadable: read.unreadable + (asPages ? 1 : 0),
      unreadableLines: asPages ? lines.split('\n').filter((line) => line.trim() !== '') : read.unreadableLines.map((line) => line.normalize('NFC').trimEnd()),
      asPages,
    };
  } finally {
    await closePdf(pdf);
  }
}

/** Line endings unified, trailing spaces, leading and trailing blank lines and runs of blank lines trimmed; the poem's own spacing (its first line's indent too) kept. */
export function tidy(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t ]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd();
}

/** Sniffs, checks and extracts the text of a poem file; refuses with a 4xx naming the problem. */
export async function extractPoem(bytes: Buffer): Promise<ExtractedPoem> {
  const kind = await sniffPoem(bytes);
  if (kind === 'pdf') await checkPdfStreams(bytes);
  const poem = kind === 'docx' ? await extractDocx(bytes) : await extractPdf(bytes);
  if (!poem.asPages && !/[\p{L}\p{N}]/u.test(poem.text)) throw poemErrors.noText();
  return poem;
}
