// Poem files built to exhaust a check (issue 35), made in memory at test time: a PDF whose one content stream
// inflates to hundreds of megabytes of spaces, and a .docx of a few KB with hundreds of thousands of nested
// <w:customXml> elements. No big binary fixture is committed.
import { createDeflate } from 'node:zlib';
import JSZip from 'jszip';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';

/** Deflates (zlib, as PDF's FlateDecode wants) `head`, then `spaces` space bytes, then `tail`, without holding them all. */
async function deflateSpaces(head: string, spaces: number, tail: string): Promise<Buffer> {
  const block = Buffer.alloc(1 << 20, 0x20);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  deflate.write(Buffer.from(head, 'latin1'));
  for (let written = 0; written < spaces; written += block.length) {
    if (!deflate.write(block.subarray(0, Math.min(block.length, spaces - written)))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end(Buffer.from(tail, 'latin1'));
  await done;
  return Buffer.concat(out);
}

/**
 * A one-page PDF with a line of real text whose content stream then inflates to `spaceBytes` spaces
 * (about 1 KB of file per MB of spaces: 400 MB makes a file of about 400 KB).
 */
export async function makeSpacePdfBomb(spaceBytes = 400 * 1024 * 1024): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([595, 842]);
  page.setFont(font);
  const fontName = page.node.normalizedEntries().Font.keys()[0].asString();
  const head = `BT ${fontName} 12 Tf 60 780 Td (A small poem about the sea) Tj ET\n`;
  const deflated = await deflateSpaces(head, spaceBytes, '\nBT 60 760 Td (and its long quiet) Tj ET\n');
  const stream = PDFRawStream.of(pdf.context.obj({ Filter: 'FlateDecode', Length: deflated.length }), deflated);
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** A .docx whose body holds `depth` nested <w:customXml> elements around one paragraph (a few KB zipped). */
export async function makeNestedDocxBomb(depth = 200_000): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const open = '<w:customXml w:element="x">'.repeat(depth);
  const close = '</w:customXml>'.repeat(depth);
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      `${open}<w:p><w:r><w:t>A small poem about the sea</w:t></w:r></w:p>${close}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * A PDF of `pages` pages sharing one tiny content stream (about 60 bytes a page): no stream inflates, but the
 * text reader opens every page. A bomb the size caps do not see, for the deadline.
 */
export function makePagesPdfBomb(pages = 60_000): Buffer {
  const chunks: string[] = ['%PDF-1.4\n'];
  const offsets: number[] = [];
  let length = chunks[0].length;
  const add = (text: string) => {
    offsets.push(length);
    chunks.push(text);
    length += text.length;
  };
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  add(`2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} /Resources << /Font << /F1 3 0 R >> >> /MediaBox [0 0 200 200] >>\nendobj\n`);
  add('3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>\nendobj\n');
  const content = 'BT /F1 12 Tf 20 100 Td (sea) Tj ET';
  add(`4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`);
  for (let i = 0; i < pages; i++) add(`${first + i} 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>\nendobj\n`);
  const xref = length;
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  chunks.push(
    `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.from(chunks.join(''), 'latin1');
}

/**
 * A one-page PDF whose content stream is RunLengthDecode inside FlateDecode: every two bytes stand for 128
 * spaces, and the pairs deflate a thousandfold, so a 40 KB file decodes to `spaceBytes` (default 2.5 GB).
 */
export async function makeRunLengthPdfBomb(spaceBytes = 2560 * 1024 * 1024): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const pairs = Buffer.alloc(2 * Math.ceil(spaceBytes / 128));
  for (let i = 0; i < pairs.length; i += 2) {
    pairs[i] = 129; // 257 - 129 = 128 copies
    pairs[i + 1] = 0x20;
  }
  const { deflateSync } = await import('node:zlib');
  const deflated = deflateSync(Buffer.concat([pairs, Buffer.from([128])]), { level: 9 });
  const page = pdf.addPage([595, 842]);
  const stream = PDFRawStream.of(pdf.context.obj({ Filter: ['FlateDecode', 'RunLengthDecode'], Length: deflated.length }), deflated);
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
