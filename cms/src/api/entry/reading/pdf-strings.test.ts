// everyPdfString decodes a PDF's streams within MAX_PDF_DECODED_BYTES in all (issue 38: it now asks pdf-lib for
// 64 KB at a time instead of the whole cap, which allocated 128 MB per stream). The cap still holds.
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { everyPdfString } from './pdf-judge-copy';
import { MAX_PDF_DECODED_BYTES } from './pdf-streams';

/** A PDF with one extra flate stream (pointed at from the catalog) that inflates to `content`. */
async function pdfWithStream(content: Buffer): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const stream = pdf.context.stream(deflateSync(content), { Filter: 'FlateDecode' });
  pdf.catalog.set(PDFName.of('Extra'), pdf.context.register(stream));
  return pdf.save({ useObjectStreams: false });
}

describe('everyPdfString', () => {
  it('gives the text of a stream larger than one chunk whole, in order', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i} of the stream`).join('\n');
    const strings = await everyPdfString(await pdfWithStream(Buffer.from(text, 'latin1')));
    expect(strings).toContain(text);
  });

  it('gives null for streams that decode to more than MAX_PDF_DECODED_BYTES', async () => {
    expect(await everyPdfString(await pdfWithStream(Buffer.alloc(MAX_PDF_DECODED_BYTES + 1, 0x20)))).toBeNull();
  });

  it('reads a stream of 1 MB, under the cap', async () => {
    const strings = await everyPdfString(await pdfWithStream(Buffer.alloc(1024 * 1024, 0x41)));
    expect(strings).not.toBeNull();
  });
});
