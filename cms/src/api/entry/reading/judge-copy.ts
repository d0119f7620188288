// The copy of a poem file judges may open. A .docx is redacted in place, paragraph by paragraph (a name split
// over runs loses its characters from each run, the replacement goes into the first), in the body, headers,
// footers, notes, text boxes, comments and tracked changes, its metadata emptied; the copy is then read again
// with the same extractor and must give exactly the judges' text with no mention left in any part. When that
// fails, and for a PDF whose text names the author, judges get a fresh, plain .docx of the redacted lines.
// A PDF without mentions in its text keeps its pages, with every place it keeps words beside them taken out and
// every string left checked (pdf-judge-copy.ts); when one still names the author, judges get the plain copy.
import JSZip from 'jszip';
import { XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';
import type { PoemKind } from '@writory/shared';
import type { Anonymiser, Mention } from './anonymise';
import { paragraphsText, parseXml, readDocx, type Paragraph } from './docx-text';
import { blindPdf } from './pdf-judge-copy';
import { TextBudget } from './text-budget';
import { tidy } from './poem-file';

export interface JudgeCopy {
  kind: PoemKind;
  bytes: Buffer;
  /** True when the copy is a fresh, plain .docx of the judges' lines instead of the poet's file redacted. */
  plain: boolean;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const CORE_FIELDS = [
  'dc:creator',
  'cp:lastModifiedBy',
  'dc:title',
  'dc:subject',
  'dc:description',
  'cp:keywords',
  'cp:category',
  'cp:contentStatus',
  'dc:identifier',
];
const APP_FIELDS = ['Company', 'Manager', 'HyperlinkBase'];
const PERSON_ATTRIBUTES = new Set(['author', 'initials', 'userId', 'providerId']);
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

const encodeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Applies a paragraph's mentions to the text elements it came from; false when one cannot be removed there. */
function redactParagraph(paragraph: Paragraph, mentions: Mention[]): boolean {
  let complete = true;
  for (const mention of [...mentions].reverse()) {
    let position = 0;
    let placed = false;
    for (const segment of paragraph.segments) {
      const start = position;
      const end = position + segment.text.length;
      position = end;
      if (end <= mention.start || start >= mention.end) continue;
      if (!segment.element) {
        complete = false; // a break or tab inside the mention: the check below decides
        continue;
      }
      const from = Math.max(mention.start, start) - start;
      const to = Math.min(mention.end, end) - start;
      segment.text = segment.text.slice(0, from) + (placed ? '' : mention.replacement) + segment.text.slice(to);
      placed = true;
    }
    if (!placed) complete = false;
  }
  for (const segment of paragraph.segments) {
    if (!segment.element || segment.element.textContent === segment.text) continue;
    segment.element.textContent = segment.text;
    segment.element.setAttributeNS(XML_NS, 'xml:space', 'preserve');
  }
  return complete;
}

function emptyElements(document: Document | undefined, names: string[]): void {
  for (const name of names) for (const element of Array.from(document?.getElementsByTagName(name) ?? [])) element.textContent = '';
}

/** Every text node and attribute value of an XML part, one per line (what "no mention left" is checked on). */
function everyString(document: Document): string {
  const out: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === 3 || node.nodeType === 4) out.push(node.nodeValue ?? '');
    if (node.nodeType === 1) for (const attribute of Array.from((node as Element).attributes)) out.push(attribute.value);
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(document);
  return out.join('\n');
}

/** Whether no part of the archive (every XML part's text and attributes) mentions the author. */
async function blindThroughout(zip: JSZip, anonymiser: Anonymiser): Promise<boolean> {
  for (const file of Object.values(zip.files)) {
    if (file.dir || !/\.(xml|rels)$/i.test(file.name)) continue;
    if (anonymiser.mentions(everyString(parseXml(await file.async('string')))) > 0) return false;
  }
  return true;
}

/** The judges' text of a .docx, read the way the entry reads it. */
const judgeTextOf = async (zip: JSZip) => tidy(paragraphsText((await readDocx(zip, new TextBudget())).judge));

async function redactedDocx(bytes: Buffer, judgeText: string, anonymiser: Anonymiser): Promise<Buffer | null> {
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  const model = await readDocx(zip, new TextBudget());
  for (const paragraph of model.judge) redactParagraph(paragraph, anonymiser.find(paragraph.text));
  for (const paragraph of model.hidden) redactParagraph(paragraph, anonymiser.findWithParts(paragraph.text));
  emptyElements(model.parts.get('docProps/core.xml'), CORE_FIELDS);
  emptyElements(model.parts.get('docProps/app.xml'), APP_FIELDS);
  const custom = model.parts.get('docProps/custom.xml');
  for (const property of Array.from(custom?.getElementsByTagName('property') ?? [])) property.parentNode?.removeChild(property);
  // Parts with people in attributes only (people.xml, commentsExtended.xml, …): their author attributes emptied too.
  for (const name of Object.keys(zip.files).filter((name) => /^word\/[^/]+\.xml$/.test(name) && !model.parts.has(name))) {
    model.parts.set(name, parseXml(await zip.file(name)!.async('string')));
  }
  const serializer = new XMLSerializer();
  for (const [name, document] of model.parts) {
    for (const element of Array.from(document.getElementsByTagName('*'))) {
      for (const attribute of Array.from(element.attributes)) if (PERSON_ATTRIBUTES.has(attribute.localName ?? '') && attribute.prefix) attribute.value = '';
    }
    zip.file(name, serializer.serializeToString(document));
  }
  // Parts left as they were keep their compression, so JSZip copies them instead of packing them again
  // (a stored 4 MB photo would otherwise be deflated anew on every entry).
  for (const file of Object.values(zip.files) as unknown as { _data?: { compression?: { magic?: string } }; options: { compression?: string } }[]) {
    if (file._data?.compression?.magic === '\x00\x00') file.options.compression = 'STORE';
  }
  const copy = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const check = await JSZip.loadAsync(copy);
  if ((await judgeTextOf(check)) !== judgeText || !(await blindThroughout(check, anonymiser))) return null;
  return copy;
}

/** A fresh, plain .docx of the judges' lines (right-to-left lines marked bidi), with no metadata. */
export async function plainDocx(text: string): Promise<Buffer> {
  const paragraphs = text.split('\n').map((line) => {
    const rtl = RTL.test(line);
    const runs = line
      .split('\t')
      .map((piece) => (piece ? `<w:t xml:space="preserve">${encodeXml(piece)}</w:t>` : ''))
      .join('<w:tab/>');
    return `<w:p>${rtl ? '<w:pPr><w:bidi/></w:pPr>' : ''}${runs ? `<w:r>${rtl ? '<w:rPr><w:rtl/></w:rPr>' : ''}${runs}</w:r>` : ''}</w:p>`;
  });
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
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${paragraphs.join('')}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The judges' copy of a poem file. `text` is what judges read before redaction, `judgeText` after; the copy
 * agrees with `judgeText`. Null only when not even a plain copy could be made (judges then read the text).
 */
export async function makeJudgeCopy(kind: PoemKind, bytes: Buffer, text: string, judgeText: string, anonymiser: Anonymiser): Promise<JudgeCopy | null> {
  try {
    if (kind === 'docx') {
      const redacted = await redactedDocx(bytes, judgeText, anonymiser).catch(() => null);
      if (redacted) return { kind: 'docx', bytes: redacted, plain: false };
    } else if (anonymiser.mentions(text) === 0) {
      const stripped = await blindPdf(bytes, anonymiser).catch(() => null);
      if (stripped) return { kind: 'pdf', bytes: stripped, plain: false };
    }
    const plain = await plainDocx(judgeText);
    return (await judgeTextOf(await JSZip.loadAsync(plain))) === judgeText ? { kind: 'docx', bytes: plain, plain: true } : null;
  } catch {
    return null;
  }
}
