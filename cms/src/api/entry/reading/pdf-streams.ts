// How much a PDF's streams may inflate to, counted while inflating: a 400 KB PDF can hold a content stream that
// inflates to 400 MB of spaces, which the text reader would decode and walk for many seconds and hundreds of
// megabytes. Every stream the text reader or the judges' copy may decode (content streams, fonts, forms,
// metadata; not pictures or attached files) is inflated here first, within what is left of one cap for the
// whole file, and the file is refused at the first byte past it. Chained FlateDecode filters are followed, and a
// RunLengthDecode after them is counted; other filters (LZW) are left to the check's deadline.
import { inflateSync } from 'node:zlib';
import { PDFArray, type PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { ApiError } from '../../../lib/client-error';
import { msg } from '../../../lib/messages';

/** What the decodable streams of one PDF may inflate to, together. */
export const MAX_PDF_DECODED_BYTES = 64 * 1024 * 1024;

export const pdfStreamsTooLarge = () =>
  new ApiError(
    422,
    msg('poemFile.pdfStreamsTooLarge', { mb: MAX_PDF_DECODED_BYTES / 1024 / 1024 }),
    { reason: 'pdf-streams-too-large', maxDecodedBytes: MAX_PDF_DECODED_BYTES },
    'ValidationError',
  );

const FLATE = new Set(['FlateDecode', 'Fl']);
/** Streams the text reader never decodes: pictures, attached files, and the object and cross-reference streams pdf-lib has read already. */
const SKIPPED_TYPES = new Set(['EmbeddedFile', 'ObjStm', 'XRef']);

const filtersOf = (dict: PDFDict): string[] => {
  const filter = dict.get(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) return filter.asArray().map((item) => (item instanceof PDFName ? item.decodeText() : ''));
  return [];
};

const nameIn = (dict: PDFDict, key: string) => {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFName ? value.decodeText() : null;
};

const RUN_LENGTH = new Set(['RunLengthDecode', 'RL']);

/** What RunLengthDecode makes of `bytes`, counted without making it (each pair of bytes may stand for 128). */
export function runLengthSize(bytes: Uint8Array): number {
  let size = 0;
  for (let i = 0; i < bytes.length; ) {
    const length = bytes[i];
    if (length === 128) break;
    if (length < 128) {
      size += length + 1;
      i += length + 2;
    } else {
      size += 257 - length;
      i += 2;
    }
  }
  return size;
}

/**
 * A stream's bytes with its leading FlateDecode filters undone, inflating at most `limit` bytes per layer, and
 * what they decode to in all (a RunLengthDecode after them counted too); null when a layer would pass the limit.
 * A layer that does not inflate (damaged) is left as it was.
 */
export function inflateWithin(stream: PDFRawStream, limit: number): { bytes: Uint8Array; size: number } | null {
  let bytes: Uint8Array = stream.contents;
  for (const filter of filtersOf(stream.dict)) {
    if (RUN_LENGTH.has(filter)) return { bytes, size: runLengthSize(bytes) };
    if (!FLATE.has(filter)) break;
    try {
      bytes = inflateSync(bytes, { maxOutputLength: Math.max(1, limit) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return null;
      break;
    }
  }
  return { bytes, size: bytes.length };
}

/** Whether a stream is one the text reader may decode (not a picture, an attachment, or what pdf-lib has read). */
export function isDecodable(stream: PDFRawStream): boolean {
  return !SKIPPED_TYPES.has(nameIn(stream.dict, 'Type') ?? '') && nameIn(stream.dict, 'Subtype') !== 'Image';
}

/** Refuses a PDF whose decodable streams inflate to more than MAX_PDF_DECODED_BYTES together. A PDF pdf-lib cannot read is left to the text reader to refuse. */
export async function checkPdfStreams(bytes: Uint8Array, maxBytes = MAX_PDF_DECODED_BYTES): Promise<void> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return;
  }
  let left = maxBytes;
  for (const [, object] of pdf.context.enumerateIndirectObjects() as [unknown, PDFObject][]) {
    if (!(object instanceof PDFRawStream) || !isDecodable(object)) continue;
    const inflated = inflateWithin(object, left);
    if (!inflated) throw pdfStreamsTooLarge();
    left -= inflated.size;
    if (left < 0) throw pdfStreamsTooLarge();
  }
}
