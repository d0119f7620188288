// Real poem documents (.docx and .pdf) built in code: the demo entries, and the good files of the tests.
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface DocxOptions {
  /** docProps/core.xml dc:creator and cp:lastModifiedBy. */
  author?: string;
  /** A header part with this text. */
  header?: string;
  /** Extra parts, e.g. a large image to reach a size. */
  extra?: Record<string, Uint8Array | string>;
}

/** A real Word document: one paragraph per line of `text`. */
export async function makeDocx(text: string, options: DocxOptions = {}): Promise<Buffer> {
  const zip = new JSZip();
  const paragraphs = text
    .split('\n')
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Default Extension="png" ContentType="image/png"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      (options.header
        ? '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>'
        : '') +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
  );
  const headerRef = options.header ? '<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/></w:sectPr>' : '';
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
      `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${paragraphs}${headerRef}</w:body></w:document>`,
  );
  if (options.header) {
    zip.file(
      'word/_rels/document.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rIdH1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/></Relationships>',
    );
    zip.file(
      'word/header1.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:p><w:r><w:t>${escapeXml(options.header)}</w:t></w:r></w:p></w:hdr>`,
    );
  }
  const author = escapeXml(options.author ?? '');
  zip.file(
    'docProps/core.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<dc:title>Poem</dc:title><dc:creator>${author}</dc:creator><cp:lastModifiedBy>${author}</cp:lastModifiedBy></cp:coreProperties>`,
  );
  for (const [name, content] of Object.entries(options.extra ?? {})) zip.file(name, content, { compression: 'STORE' });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export interface PdfOptions {
  author?: string;
  /** Bytes of incompressible padding in an attached file, to reach a size. */
  padTo?: number;
}

/** A real PDF with the text on as many pages as it needs (Latin text: the standard fonts cannot draw other scripts). */
export async function makePdf(text: string, options: PdfOptions = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const lines = text.split('\n');
  for (let start = 0; start < lines.length || start === 0; start += 40) {
    const page = pdf.addPage([595, 842]);
    lines.slice(start, start + 40).forEach((line, i) => page.drawText(line, { x: 60, y: 780 - i * 18, size: 12, font }));
    if (lines.length === 0) break;
  }
  if (options.author) pdf.setAuthor(options.author);
  pdf.setTitle('Poem');
  if (options.padTo) {
    const current = (await pdf.save()).length;
    const padding = Math.max(0, options.padTo - current - 2048);
    await pdf.attach(randomBytesLike(padding), 'padding.bin', { mimeType: 'application/octet-stream' });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** Bytes that do not compress (so a file of N bytes stays N bytes in a zip or a PDF stream). */
export function randomBytesLike(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let seed = 0x2545f491;
  for (let i = 0; i < size; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    bytes[i] = seed & 0xff;
  }
  return bytes;
}
