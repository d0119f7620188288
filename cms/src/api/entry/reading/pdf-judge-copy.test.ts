// The judges' copy of a PDF whose page text has no name holds no string naming the poet (issue 35): not in its
// bookmarks, annotations (their contents, rich text, popups), attached files, JavaScript, document metadata (Info
// in PDFDocEncoding, UTF-16BE or hex, and XMP). A filled form field shows on the page, so its value is page text (poppler reads it) and judges get the plain copy. What cannot be taken out sends judges the plain copy too.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
  StandardFonts,
  type PDFObject,
} from 'pdf-lib';
import { createAnonymiser } from './anonymise';
import { makeJudgeCopy } from './judge-copy';
import { extractPoem } from './poem-file';

const POET = 'Mira Okafor';
const POEM = 'The Quiet Harbour\n\nThe boats lean on the evening\nand the gulls count the tide';
const anonymiser = createAnonymiser({ names: [POET] });

/** Every string a PDF holds, found without the code under test: strings, names, decoded streams, and the raw bytes. */
async function textsIn(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const out = [Buffer.from(bytes).toString('latin1')];
  const visit = (object: PDFObject | undefined): void => {
    if (object instanceof PDFString || object instanceof PDFHexString || object instanceof PDFName) out.push(object.decodeText());
    else if (object instanceof PDFArray) object.asArray().forEach(visit);
    else if (object instanceof PDFDict)
      for (const [name, value] of object.entries()) {
        visit(name);
        visit(value);
      }
    else if (object instanceof PDFStream) visit(object.dict);
  };
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    visit(object);
    if (object instanceof PDFRawStream) {
      let decoded: Uint8Array;
      try {
        decoded = decodePDFRawStream(object).decode();
      } catch {
        decoded = object.contents;
      }
      out.push(Buffer.from(decoded).toString('latin1'), Buffer.from(decoded).toString('utf8'));
      try {
        out.push(inflateSync(decoded).toString('latin1')); // attached files are compressed inside
      } catch {
        // not compressed
      }
    }
  }
  return out.join('\n');
}

type Leak = (pdf: PDFDocument) => void | Promise<void>;

const leaks: [string, Leak][] = [
  [
    'a bookmark',
    (pdf) => {
      const outlines = pdf.context.nextRef();
      const item = pdf.context.register(pdf.context.obj({ Title: PDFString.of(`Poem by ${POET}`), Parent: outlines, Dest: [pdf.getPage(0).ref, 'Fit'] }));
      pdf.context.assign(outlines, pdf.context.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
      pdf.catalog.set(PDFName.of('Outlines'), outlines);
    },
  ],
  [
    'a sticky note’s contents, rich text and popup',
    (pdf) => {
      const page = pdf.getPage(0);
      const popup = pdf.context.nextRef();
      const note = pdf.context.register(
        pdf.context.obj({
          Type: 'Annot',
          Subtype: 'Text',
          Rect: [10, 10, 30, 30],
          Contents: PDFHexString.fromText(`Written by ${POET}`),
          RC: PDFString.of(`<body xmlns="http://www.w3.org/1999/xhtml"><p>${POET}</p></body>`),
          Popup: popup,
        }),
      );
      pdf.context.assign(popup, pdf.context.obj({ Type: 'Annot', Subtype: 'Popup', Rect: [30, 30, 200, 100], Parent: note, Contents: PDFString.of(POET) }));
      page.node.set(PDFName.of('Annots'), pdf.context.obj([note, popup]));
    },
  ],
  ['an attached file', (pdf) => pdf.attach(Buffer.from(`notes of ${POET}`), `${POET}.txt`, { mimeType: 'text/plain', description: `by ${POET}` })],
  ['a JavaScript name tree', (pdf) => pdf.addJavaScript(POET, `app.alert("${POET}");`)],
  [
    'the document information, in PDFDocEncoding, UTF-16BE and hex',
    (pdf) => {
      pdf.setTitle(`Poem by ${POET}`);
      pdf.setSubject(`Ådné and ${POET}`); // not Latin-1 only: saved as UTF-16BE
      pdf.setKeywords([POET]);
      pdf.setCreator(POET);
    },
  ],
  [
    'XMP metadata (compressed)',
    (pdf) => {
      const xmp = `<?xpacket begin="\ufeff"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${POET}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
      pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(pdf.context.flateStream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' })));
      pdf.getPage(0).node.set(PDFName.of('Metadata'), pdf.context.register(pdf.context.stream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' })));
    },
  ],
];

/** A filled form field shows on the page: pdftotext reads its appearance as page text. */
const formField: Leak = (pdf) => {
  const field = pdf.getForm().createTextField('poet');
  field.setText(POET);
  field.addToPage(pdf.getPage(0), { x: 300, y: 40, width: 200, height: 20 });
};

async function pdfWith(leak: Leak): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([595, 842]);
  POEM.split('\n').forEach((line, i) => page.drawText(line, { x: 60, y: 780 - i * 18, size: 12, font }));
  await leak(pdf);
  return Buffer.from(await pdf.save());
}

async function judgeCopyOf(bytes: Buffer) {
  const poem = await extractPoem(bytes);
  expect(anonymiser.mentions(poem.text)).toBe(0); // the name is nowhere in the page text
  return { poem, copy: (await makeJudgeCopy('pdf', bytes, poem.text, poem.text, anonymiser))! };
}

describe('the judges’ copy of a PDF', () => {
  it.each(leaks)('holds no name from %s, and keeps its pages', async (_, leak) => {
    const bytes = await pdfWith(leak);
    expect(await textsIn(bytes)).toContain('Okafor'); // the leak is there to begin with
    const { poem, copy } = await judgeCopyOf(bytes);
    expect(copy).toMatchObject({ kind: 'pdf', plain: false });
    expect(await textsIn(copy.bytes)).not.toMatch(/okafor/i);
    expect((await extractPoem(copy.bytes)).text).toBe(poem.text);
  });

  it('holds no name when every leak is in one file', async () => {
    const { copy } = await judgeCopyOf(
      await pdfWith(async (pdf) => {
        for (const [, leak] of leaks) await leak(pdf);
      }),
    );
    expect(copy).toMatchObject({ kind: 'pdf', plain: false });
    expect(await textsIn(copy.bytes)).not.toMatch(/okafor/i);
  });

  it('is the plain copy, without the name, when a form field shows the name on the page (it is page text)', async () => {
    const bytes = await pdfWith(formField);
    const poem = await extractPoem(bytes);
    expect(poem.text).toContain('Okafor');
    const judgeText = anonymiser.redact(poem.text).text;
    const copy = (await makeJudgeCopy('pdf', bytes, poem.text, judgeText, anonymiser))!;
    expect(copy).toMatchObject({ kind: 'docx', plain: true });
    const copyText = (await extractPoem(copy.bytes)).text;
    expect(copyText).toBe(judgeText);
    expect(copyText).not.toMatch(/okafor/i);
  });

  it('is the plain copy when a name stays somewhere it cannot be taken out from (a comment in the page’s content)', async () => {
    const bytes = await pdfWith((pdf) => {
      const page = pdf.getPage(0);
      const comment = pdf.context.register(pdf.context.flateStream(Buffer.from(`% Poem by ${POET}\n`, 'latin1')));
      const contents = page.node.get(PDFName.of('Contents'));
      page.node.set(PDFName.of('Contents'), pdf.context.obj([comment, ...(contents instanceof PDFArray ? contents.asArray() : [contents!])]));
    });
    const { poem, copy } = await judgeCopyOf(bytes);
    expect(copy).toMatchObject({ kind: 'docx', plain: true });
    expect((await extractPoem(copy.bytes)).text).toBe(poem.text);
  });
});
