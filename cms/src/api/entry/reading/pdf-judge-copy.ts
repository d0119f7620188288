// The judges' copy of a PDF whose page text does not name the poet: the same pages, with every place a PDF keeps
// words beside its pages taken out (document and page metadata, XMP, bookmarks, annotations with their popups and
// rich text, form fields, named trees such as attached files and JavaScript, actions, the structure tree, page
// pieces), then objects nothing points at dropped. The finished copy is read again, every string of every object
// (literal and hex strings in PDFDocEncoding or UTF-16, names, and what every stream but pictures and fonts
// decodes to, XMP included) is searched with the text's name search, and the copy is given only when none names
// the poet; otherwise, or when a stream cannot be decoded within the cap, the caller gives judges the plain copy.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString, type PDFObject } from 'pdf-lib';
import type { Anonymiser } from './anonymise';
import { isDecodable, MAX_PDF_DECODED_BYTES } from './pdf-streams';

/** Catalog entries that hold words or behaviour beside the pages. */
const CATALOG_KEYS = [
  'Metadata',
  'AF',
  'Outlines',
  'Names',
  'Dests',
  'AcroForm',
  'OpenAction',
  'AA',
  'URI',
  'PieceInfo',
  'SpiderInfo',
  'Threads',
  'Collection',
  'StructTreeRoot',
  'MarkInfo',
  'Perms',
  'Legal',
  'Lang',
];
/** Page entries that do. */
const PAGE_KEYS = ['Annots', 'AA', 'Metadata', 'PieceInfo', 'B', 'Thumb', 'StructParents', 'ID'];
/** Entries any object may carry that hold words beside the page: metadata streams, private application data, associated files. */
const ANY_KEYS = ['Metadata', 'PieceInfo', 'AF'];

const key = (name: string) => PDFName.of(name);
const dictOf = (object: PDFObject | undefined) => (object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null);

/** The objects reachable from the trailer (its Root and Info): the rest would be saved all the same, so they go. */
function dropUnreachable(pdf: PDFDocument): void {
  const seen = new Set<string>();
  const pending: PDFObject[] = [pdf.context.trailerInfo.Root, pdf.context.trailerInfo.Info].filter((object): object is PDFObject => !!object);
  while (pending.length) {
    const object = pending.pop()!;
    if (object instanceof PDFRef) {
      if (seen.has(object.tag)) continue;
      seen.add(object.tag);
      const target = pdf.context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFArray) pending.push(...object.asArray());
    else {
      const dict = dictOf(object);
      if (dict) pending.push(...dict.values());
    }
  }
  for (const [ref] of pdf.context.enumerateIndirectObjects()) if (!seen.has(ref.tag)) pdf.context.delete(ref);
}

function strip(pdf: PDFDocument): void {
  const info = pdf.context.trailerInfo.Info && pdf.context.lookup(pdf.context.trailerInfo.Info);
  if (info instanceof PDFDict) for (const name of info.keys()) info.delete(name);
  for (const name of CATALOG_KEYS) pdf.catalog.delete(key(name));
  for (const page of pdf.getPages()) for (const name of PAGE_KEYS) page.node.delete(key(name));
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const dict = dictOf(object);
    if (dict) for (const name of ANY_KEYS) dict.delete(key(name));
  }
  dropUnreachable(pdf);
}

const utf16 = (bytes: Uint8Array, littleEndian: boolean) => new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be').decode(bytes);

/** A decoded stream as text, in every encoding it may be in (XMP is UTF-8 or UTF-16; page text in content streams is bytes). */
function streamTexts(bytes: Uint8Array): string[] {
  const texts = [Buffer.from(bytes).toString('latin1'), new TextDecoder('utf-8').decode(bytes)];
  if (bytes[0] === 0xfe && bytes[1] === 0xff) texts.push(utf16(bytes.subarray(2), false));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) texts.push(utf16(bytes.subarray(2), true));
  return texts;
}

/** Font programs: binary, named by font descriptors; never searched. */
function fontPrograms(pdf: PDFDocument): Set<string> {
  const refs = new Set<string>();
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const dict = dictOf(object);
    if (!dict) continue;
    for (const name of ['FontFile', 'FontFile2', 'FontFile3']) {
      const value = dict.get(key(name));
      if (value instanceof PDFRef) refs.add(value.tag);
    }
  }
  return refs;
}

/** Bytes asked of a decoder at a time (pdf-lib allocates what is asked for before it decodes). */
const DECODE_CHUNK = 64 * 1024;

/**
 * What a stream decodes to, at most `most` bytes. Read in chunks: asking pdf-lib for all `most` bytes at once
 * allocates a buffer of that size (128 MB for the 64 MB cap) for every stream, however small it is.
 */
function decodeWithin(object: PDFRawStream, most: number): Uint8Array {
  const decoder = decodePDFRawStream(object);
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < most) {
    const want = Math.min(DECODE_CHUNK, most - size);
    const chunk = decoder.getBytes(want);
    chunks.push(new Uint8Array(chunk));
    size += chunk.length;
    if (chunk.length < want) break;
  }
  return Buffer.concat(chunks);
}

/**
 * Every string the PDF holds, one per line: strings, hex strings and names anywhere in any object, and the
 * decoded text of every stream but pictures and fonts. Null when a stream cannot be decoded within the cap.
 */
export async function everyPdfString(bytes: Uint8Array): Promise<string | null> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const fonts = fontPrograms(pdf);
  const out: string[] = [];
  let left = MAX_PDF_DECODED_BYTES;
  const visit = (object: PDFObject): boolean => {
    if (object instanceof PDFString || object instanceof PDFHexString) out.push(object.decodeText());
    else if (object instanceof PDFName) out.push(object.decodeText());
    else if (object instanceof PDFArray) return object.asArray().every(visit);
    else if (object instanceof PDFDict) return [...object.keys(), ...object.values()].every(visit);
    else if (object instanceof PDFStream) return visit(object.dict);
    return true;
  };
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (!visit(object)) return null;
    if (!(object instanceof PDFRawStream) || !isDecodable(object) || fonts.has(ref.tag)) continue;
    let decoded: Uint8Array;
    try {
      decoded = decodeWithin(object, left + 1);
    } catch {
      return null; // a filter we cannot undo: in doubt
    }
    left -= decoded.length;
    if (left < 0) return null;
    out.push(...streamTexts(decoded));
  }
  return out.join('\n');
}

/** The stripped copy of a PDF, or null when it could not be made or still names the poet somewhere. */
export async function blindPdf(bytes: Buffer, anonymiser: Anonymiser): Promise<Buffer | null> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  strip(pdf);
  const copy = Buffer.from(await pdf.save({ updateFieldAppearances: false }));
  const strings = await everyPdfString(copy);
  return strings !== null && anonymiser.mentions(strings) === 0 ? copy : null;
}
