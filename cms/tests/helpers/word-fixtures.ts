// Word documents written by hand as Word itself writes them (OOXML in a zip), for what pandoc does not
// produce: manual line breaks, proofing marks and bookmarks splitting runs, names split over formatting,
// text boxes with mc:AlternateContent fallbacks, tracked changes, headers and footers, notes, fields,
// hyperlinks, content controls and comments by the author.
import JSZip from 'jszip';

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14"';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

export const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A run of text (with optional run properties). */
export const run = (text: string, props = '') => `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
/** A paragraph of raw inline XML (with optional paragraph properties). */
export const para = (inline: string, props = '') => `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${inline}</w:p>`;
/** A line break inside a paragraph, as Shift+Enter makes it. */
export const br = '<w:r><w:br/></w:r>';
/** Lines of one paragraph separated by manual breaks. */
export const breakLines = (lines: string[], props = '') => para(lines.map((line) => run(line)).join(br), props);

export interface WordParts {
  body: string;
  headers?: string[];
  footers?: string[];
  footnotes?: string[];
  endnotes?: string[];
  comments?: string;
  core?: { creator?: string; lastModifiedBy?: string; title?: string };
  app?: { company?: string; manager?: string };
  custom?: Record<string, string>;
  /** Relationships of the document part beyond headers/footers/notes/comments (e.g. a hyperlink). */
  rels?: string;
  /** Extra parts (e.g. a picture under word/media). */
  extra?: Record<string, Uint8Array | string>;
}

const notesPart = (kind: 'footnote' | 'endnote', notes: string[]) =>
  `${HEAD}<w:${kind}s ${NS}>` +
  `<w:${kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:${kind}>` +
  `<w:${kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:${kind}>` +
  notes.map((note, i) => `<w:${kind} w:id="${i + 1}"><w:p><w:r><w:${kind}Ref/></w:r>${run(` ${note}`)}</w:p></w:${kind}>`).join('') +
  `</w:${kind}s>`;

/** A .docx package of these parts, with content types and relationships as Word writes them. */
export async function wordPackage(parts: WordParts): Promise<Buffer> {
  const zip = new JSZip();
  const overrides: string[] = [`<Override PartName="/word/document.xml" ContentType="${CT}.document.main+xml"/>`];
  const rels: string[] = [];
  const sect: string[] = [];
  (parts.headers ?? []).forEach((header, i) => {
    zip.file(`word/header${i + 1}.xml`, `${HEAD}<w:hdr ${NS}>${header}</w:hdr>`);
    overrides.push(`<Override PartName="/word/header${i + 1}.xml" ContentType="${CT}.header+xml"/>`);
    rels.push(`<Relationship Id="rIdH${i + 1}" Type="${REL}/header" Target="header${i + 1}.xml"/>`);
    sect.push(`<w:headerReference w:type="${i === 0 ? 'default' : 'first'}" r:id="rIdH${i + 1}"/>`);
  });
  (parts.footers ?? []).forEach((footer, i) => {
    zip.file(`word/footer${i + 1}.xml`, `${HEAD}<w:ftr ${NS}>${footer}</w:ftr>`);
    overrides.push(`<Override PartName="/word/footer${i + 1}.xml" ContentType="${CT}.footer+xml"/>`);
    rels.push(`<Relationship Id="rIdF${i + 1}" Type="${REL}/footer" Target="footer${i + 1}.xml"/>`);
    sect.push(`<w:footerReference w:type="${i === 0 ? 'default' : 'first'}" r:id="rIdF${i + 1}"/>`);
  });
  for (const kind of ['footnote', 'endnote'] as const) {
    const notes = kind === 'footnote' ? parts.footnotes : parts.endnotes;
    if (!notes) continue;
    zip.file(`word/${kind}s.xml`, notesPart(kind, notes));
    overrides.push(`<Override PartName="/word/${kind}s.xml" ContentType="${CT}.${kind}s+xml"/>`);
    rels.push(`<Relationship Id="rId${kind}" Type="${REL}/${kind}s" Target="${kind}s.xml"/>`);
  }
  if (parts.comments) {
    zip.file('word/comments.xml', `${HEAD}<w:comments ${NS}>${parts.comments}</w:comments>`);
    overrides.push(`<Override PartName="/word/comments.xml" ContentType="${CT}.comments+xml"/>`);
    rels.push(`<Relationship Id="rIdComments" Type="${REL}/comments" Target="comments.xml"/>`);
  }
  zip.file(
    'word/document.xml',
    `${HEAD}<w:document ${NS}><w:body>${parts.body}<w:sectPr>${sect.join('')}<w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}${parts.rels ?? ''}</Relationships>`,
  );

  const core = parts.core ?? {};
  zip.file(
    'docProps/core.xml',
    `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ` +
      'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<dc:title>${esc(core.title ?? '')}</dc:title><dc:creator>${esc(core.creator ?? '')}</dc:creator><cp:lastModifiedBy>${esc(core.lastModifiedBy ?? '')}</cp:lastModifiedBy>` +
      '<dcterms:created xsi:type="dcterms:W3CDTF">2026-11-02T09:00:00Z</dcterms:created></cp:coreProperties>',
  );
  const app = parts.app ?? {};
  zip.file(
    'docProps/app.xml',
    `${HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Office Word</Application>` +
      `<Company>${esc(app.company ?? '')}</Company><Manager>${esc(app.manager ?? '')}</Manager></Properties>`,
  );
  const docRels = [
    `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/>`,
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>',
    `<Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/>`,
  ];
  overrides.push('<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>');
  overrides.push('<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>');
  if (parts.custom) {
    zip.file(
      'docProps/custom.xml',
      `${HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
        Object.entries(parts.custom)
          .map(
            ([name, value], i) =>
              `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="${i + 2}" name="${esc(name)}"><vt:lpwstr>${esc(value)}</vt:lpwstr></property>`,
          )
          .join('') +
        '</Properties>',
    );
    overrides.push('<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>');
    docRels.push(`<Relationship Id="rId4" Type="${REL}/custom-properties" Target="docProps/custom.xml"/>`);
  }
  zip.file('_rels/.rels', `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${docRels.join('')}</Relationships>`);
  zip.file(
    '[Content_Types].xml',
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>${overrides.join('')}</Types>`,
  );
  for (const [name, content] of Object.entries(parts.extra ?? {})) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A text box anchored in a run, as Word 2010+ writes it: a DrawingML shape, and a VML copy for older readers. */
export const textBox = (paragraphs: string) =>
  '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
  '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
  '<wp:extent cx="2000000" cy="500000"/><wp:docPr id="1" name="Text Box 1"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">' +
  `<wps:wsp><wps:txbx><w:txbxContent>${paragraphs}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
  `<mc:Fallback><w:pict><v:shape id="Text Box 1" style="width:160pt;height:40pt"><v:textbox><w:txbxContent>${paragraphs}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback>` +
  '</mc:AlternateContent></w:r>';

/** An inline picture (a DrawingML blip pointing at word/media/image1.png through rIdImg). */
export const picture =
  '<w:r><w:drawing><wp:inline><wp:extent cx="100000" cy="100000"/><wp:docPr id="2" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';

/** A complex field (begin, instruction, separate, result, end): the result is what Word shows. */
export const complexField = (instruction: string, result: string) =>
  '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
  `<w:r><w:instrText xml:space="preserve"> ${esc(instruction)} </w:instrText></w:r>` +
  '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
  run(result) +
  '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
