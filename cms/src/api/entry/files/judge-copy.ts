// The copy of a poem file judges may open: its metadata emptied (author, last editor, company, comment and
// revision authors, XMP), the author's name replaced where the file's text holds it. When the author would
// still show (a name a .docx splits across formatting runs, any mention in a PDF's body), there is no copy:
// judges read the anonymised text only.
import JSZip from 'jszip';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { PoemKind } from '@writory/shared';
import type { Anonymiser } from './anonymise';
import { decodeXml } from './poem-file';

const encodeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CORE_FIELDS = ['dc:creator', 'cp:lastModifiedBy', 'dc:title', 'dc:subject', 'dc:description', 'cp:keywords', 'cp:category', 'cp:contentStatus', 'dc:identifier'];
const APP_FIELDS = ['Company', 'Manager', 'HyperlinkBase'];
const PERSON_ATTRIBUTES = /\b(w:author|w:initials|w15:author|w15:userId|w15:providerId)="[^"]*"/g;

function emptyElements(xml: string, names: string[]): string {
  let out = xml;
  for (const name of names) out = out.replace(new RegExp(`<${name}(\\s[^>]*)?>[\\s\\S]*?</${name}>`, 'g'), `<${name}$1></${name}>`);
  return out;
}

/** The visible text of a WordprocessingML part, one line per paragraph. */
export function wordPartText(xml: string): string {
  return decodeXml(
    xml
      .replace(/<\/w:p>/g, '\n')
      .replace(/<w:(tab|br|cr)\b[^>]*\/>/g, ' ')
      .replace(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g, '\u0000$1\u0000')
      .replace(/<[^>]+>/g, '')
      .replace(/\u0000/g, ''),
  );
}

async function docxJudgeCopy(bytes: Buffer, anonymiser: Anonymiser): Promise<Buffer | null> {
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  const rewrite = async (name: string, change: (xml: string) => string) => {
    const file = zip.file(name);
    if (file) zip.file(name, change(await file.async('string')));
  };
  await rewrite('docProps/core.xml', (xml) => emptyElements(xml, CORE_FIELDS));
  await rewrite('docProps/app.xml', (xml) => emptyElements(xml, APP_FIELDS));
  await rewrite('docProps/custom.xml', (xml) => xml.replace(/<property\b[\s\S]*?<\/property>/g, ''));
  const wordParts = Object.keys(zip.files).filter((name) => /^word\/[^/]+\.xml$/.test(name));
  let mentions = 0;
  for (const name of wordParts) {
    await rewrite(name, (xml) => {
      const cleaned = xml
        .replace(PERSON_ATTRIBUTES, '$1=""')
        .replace(/(<w:t(?:\s[^>]*)?>)([^<]*)(<\/w:t>)/g, (_, open, text, close) => open + encodeXml(anonymiser.redact(decodeXml(text)).text) + close);
      mentions += anonymiser.mentions(wordPartText(cleaned));
      return cleaned;
    });
  }
  if (mentions > 0) return null;
  // Parts left as they were keep their compression, so JSZip copies them instead of packing them again
  // (a stored 4 MB photo would otherwise be deflated anew on every entry).
  for (const file of Object.values(zip.files) as unknown as { _data?: { compression?: { magic?: string } }; options: { compression?: string } }[]) {
    if (file._data?.compression?.magic === '\x00\x00') file.options.compression = 'STORE';
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function pdfJudgeCopy(bytes: Buffer, text: string, anonymiser: Anonymiser): Promise<Buffer | null> {
  if (anonymiser.mentions(text) > 0) return null;
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const infoRef = pdf.context.trailerInfo.Info;
  if (infoRef) {
    const info = pdf.context.lookup(infoRef);
    if (info instanceof PDFDict) for (const key of info.keys()) info.delete(key);
  }
  pdf.catalog.delete(PDFName.of('Metadata'));
  for (const page of pdf.getPages()) {
    const annotations = page.node.Annots();
    if (!annotations) continue;
    for (let i = 0; i < annotations.size(); i++) {
      const annotation = annotations.lookup(i);
      if (annotation instanceof PDFDict) annotation.delete(PDFName.of('T'));
    }
  }
  return Buffer.from(await pdf.save());
}

/** The judges' copy of a poem file, or null when it cannot be made blind (judges then read the text only). */
export async function makeJudgeCopy(kind: PoemKind, bytes: Buffer, text: string, anonymiser: Anonymiser): Promise<Buffer | null> {
  try {
    return kind === 'docx' ? await docxJudgeCopy(bytes, anonymiser) : await pdfJudgeCopy(bytes, text, anonymiser);
  } catch {
    // A file pdf.js or mammoth could read but pdf-lib or JSZip cannot rewrite: judges read the text.
    return null;
  }
}
