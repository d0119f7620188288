// Files made to exhaust a poem check (issue 35) are refused by the cap they hit, early, with a 422 naming it;
// honest files just inside the caps are still read. The bombs are built in memory (tests/helpers/poem-bombs.ts).
import { describe, expect, it } from 'vitest';
import { makeNestedDocxBomb, makeRunLengthPdfBomb, makeSpacePdfBomb } from '../../../../tests/helpers/poem-bombs';
import { makePdf } from '../../../../tests/helpers/poem-files';
import { MAX_XML_DEPTH } from './docx-text';
import { checkPdfStreams, MAX_PDF_DECODED_BYTES } from './pdf-streams';
import { extractPoem } from './poem-file';

const MB = 1024 * 1024;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status?: number; details?: Record<string, unknown>; message: string }) => ({
      status: error.status,
      details: error.details,
      message: error.message,
    }),
  );

/** A .docx whose paragraph sits inside `depth` nested content controls (w:sdt/w:sdtContent: two levels each). */
async function nestedDocx(levels: number): Promise<Buffer> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(await makeNestedDocxBomb(1));
  const xml = await zip.file('word/document.xml')!.async('string');
  const open = '<w:customXml w:element="x">';
  zip.file('word/document.xml', xml.replace(open, open.repeat(levels)).replace('</w:customXml>', '</w:customXml>'.repeat(levels)));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('a .docx nested too deeply', () => {
  it.each([100_000, 400_000])('with %i nested <w:customXml> is refused for its nesting, not read for seconds', async (depth) => {
    const bomb = await makeNestedDocxBomb(depth);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const refused = await refusal(extractPoem(bomb));
    expect(refused).toMatchObject({ status: 422, details: { reason: 'nested-too-deeply', maxDepth: MAX_XML_DEPTH } });
    expect(refused!.message).toMatch(/more than 256 levels deep/);
  });

  it('nested as deep as a real document may be is read as before', async () => {
    const poem = await extractPoem(await nestedDocx(MAX_XML_DEPTH - 10));
    expect(poem.text).toBe('A small poem about the sea');
  });
});

describe('a PDF whose streams inflate too far', () => {
  it.each([400, 1200])('a content stream of %i MB of spaces is refused before it is read', async (megabytes) => {
    const bomb = await makeSpacePdfBomb(megabytes * MB);
    expect(bomb.length).toBeLessThan(megabytes * 1024 + 64 * 1024);
    const refused = await refusal(extractPoem(bomb));
    expect(refused).toMatchObject({ status: 422, details: { reason: 'pdf-streams-too-large', maxDecodedBytes: MAX_PDF_DECODED_BYTES } });
    expect(refused!.message).toMatch(/more than 64 MB/);
  });

  it('run-length spaces inside a deflated stream (2.5 GB from a few KB) are counted without being made', async () => {
    const bomb = await makeRunLengthPdfBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await refusal(extractPoem(bomb))).toMatchObject({ status: 422, details: { reason: 'pdf-streams-too-large' } });
  });

  it('a content stream just inside the cap is read', async () => {
    const poem = await extractPoem(await makeSpacePdfBomb(8 * MB));
    expect(poem.text).toMatch(/^A small poem about the sea/);
  });

  it('pictures and attached files do not count towards the cap', async () => {
    // A 5 MB PDF, most of it an attached file: only what the text reader decodes is counted.
    await expect(checkPdfStreams(await makePdf('A poem\nwith a long attachment', { padTo: 5_000_000 }), 1 * MB)).resolves.toBeUndefined();
  });
});
