import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  makeBlankPdf,
  makeBrokenDocx,
  makeBrokenPdf,
  makeDocx,
  makeEncryptedDocx,
  makeEncryptedPdf,
  makeExe,
  makeLargeDocx,
  makeLegacyDoc,
  makeLyingZipBombDocx,
  makePdf,
  makeZipBombDocx,
} from '../../../../tests/helpers/poem-files';
import { br, para, run, wordPackage } from '../../../../tests/helpers/word-fixtures';
import { createAnonymiser, REDACTED } from './anonymise';
import { makeJudgeCopy } from './judge-copy';
import { readDocx } from './docx-text';
import { extractPoem, tidy } from './poem-file';
import { TextBudget } from './text-budget';

async function refusal(promise: Promise<unknown>): Promise<{ status: number; reason: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    return { status: apiError.status, reason: String(apiError.details.reason), message: apiError.message };
  }
  throw new Error('expected a refusal');
}

describe('extractPoem', () => {
  it('reads the text of a .docx and the names in its metadata', async () => {
    const poem = await extractPoem(await makeDocx('The lamp\n\nburns low', { author: 'Asha Verse' }));
    expect(poem).toMatchObject({ kind: 'docx', text: 'The lamp\n\nburns low', metadataNames: ['Asha Verse', 'Asha Verse'], images: 0, unreadable: 0 });
    expect(poem.hiddenText).toContain('Asha Verse');
  });

  it('reads the text of a PDF page by page, and its Author', async () => {
    const poem = await extractPoem(await makePdf('First line\nSecond line', { author: 'A. Verse' }));
    expect(poem.kind).toBe('pdf');
    expect(poem.text).toBe('First line\nSecond line');
    expect(poem.metadataNames).toEqual(['A. Verse']);
  });

  it('keeps any script', async () => {
    const text = 'قصيدة عن البحر\nहिंदी कविता\n海の詩';
    expect((await extractPoem(await makeDocx(text))).text).toBe(text);
  });

  it.each([
    ['a renamed Windows program', () => makeExe(), 415, 'not-docx-or-pdf', /Windows program/],
    ['a PNG image', () => Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), 415, 'not-docx-or-pdf', /image/],
    ['plain text', () => Buffer.from('just words, no document'), 415, 'not-docx-or-pdf', /not a document we recognise/],
    [
      'a zip that is not a Word document',
      async () => {
        const zip = new JSZip();
        zip.file('poem.txt', 'hello');
        return zip.generateAsync({ type: 'nodebuffer' });
      },
      415,
      'not-docx-or-pdf',
      /ZIP archive/,
    ],
    ['an old .doc', () => makeLegacyDoc(), 415, 'legacy-doc', /Save As/],
    ['a password-protected .docx', () => makeEncryptedDocx(), 422, 'encrypted', /password/],
    ['a password-protected PDF', () => makeEncryptedPdf(), 422, 'encrypted', /password/],
    ['a zip bomb', () => makeZipBombDocx(), 422, 'archive-too-large', /unpacks/],
    ['a zip bomb with lying sizes', () => makeLyingZipBombDocx(), 422, 'archive-too-large', /unpacks/],
    ['a cut-off .docx', () => makeBrokenDocx(), 422, 'broken', /damaged/],
    ['a cut-off PDF', () => makeBrokenPdf(), 422, 'broken', /damaged/],
    ['a PDF without text', () => makeBlankPdf(), 422, 'no-text', /no text/],
    ['a .docx without text', () => makeDocx('   \n \n'), 422, 'no-text', /no text/],
  ])('refuses %s', async (_, make, status, reason, message) => {
    const result = await refusal(extractPoem(await make()));
    expect(result).toMatchObject({ status, reason });
    expect(result.message).toMatch(message);
  });

  it('refuses text beyond 200,000 characters while reading it: a small .docx that inflates to megabytes of text', async () => {
    const zip = await JSZip.loadAsync(await makeDocx('placeholder'));
    const line = `<w:p><w:r><w:t>${'la '.repeat(300)}</w:t></w:r></w:p>`;
    zip.file(
      'word/document.xml',
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${line.repeat(20_000)}</w:body></w:document>`,
    );
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const result = await refusal(extractPoem(bomb));
    expect(result).toMatchObject({ status: 422, reason: 'text-too-long' });
    expect(result.message).toMatch(/200,000 characters/);
  });

  it('stops reading a part as soon as its text passes the cap, before it reaches the rest of the part', async () => {
    const zip = await JSZip.loadAsync(await makeDocx('placeholder'));
    const line = `<w:p><w:r><w:t>${'la '.repeat(300)}</w:t></w:r></w:p>`;
    // Past the cap the XML breaks: reading all of it first would call the file damaged.
    zip.file(
      'word/document.xml',
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${line.repeat(1000)}<w:p><broken`,
    );
    const result = await refusal(extractPoem(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })));
    expect(result).toMatchObject({ status: 422, reason: 'text-too-long' });
  });

  it('stops walking a .docx as soon as what it reads passes the cap (line breaks count too)', async () => {
    class CountingBudget extends TextBudget {
      spent = 0;
      override spend(chars: number) {
        this.spent += chars;
        super.spend(chars);
      }
    }
    const budget = new CountingBudget(1000);
    const docx = await wordPackage({ body: para(run('begin') + br.repeat(5000) + run('end')) });
    await expect(readDocx(await JSZip.loadAsync(docx), budget)).rejects.toMatchObject({ details: { reason: 'text-too-long' } });
    expect(budget.spent).toBe(1001);
  });

  it('refuses a PDF with more than 200,000 characters of text', async () => {
    const result = await refusal(extractPoem(await makePdf(Array.from({ length: 2400 }, () => 'x'.repeat(95)).join('\n'))));
    expect(result).toMatchObject({ status: 422, reason: 'text-too-long' });
  });

  it('refuses more than 5 MB with 413', async () => {
    const result = await refusal(extractPoem(Buffer.concat([await makePdf('x'), Buffer.alloc(5 * 1024 * 1024)])));
    expect(result).toMatchObject({ status: 413, reason: 'too-large' });
  });

  it('tidies line endings and blank runs but keeps the poem’s spacing, the first line’s indent too', () => {
    expect(tidy('\n\n  a\r\n\r\n\r\n\r\n   b  \rc\n\n')).toBe('  a\n\n   b\nc');
  });
});

describe('createAnonymiser', () => {
  const anonymiser = createAnonymiser({ names: ['Asha Verse'], wholeNames: ['Microsoft Office User'], emails: [], phones: ['+91 90000 00101'] });

  it.each([
    ['the full name anywhere, any case, any spacing', 'a poem by ASHA   verse today', `a poem by ${REDACTED.name} today`],
    ['a byline with a part of the name', 'The sea\n— Asha', `The sea\n${REDACTED.name}`],
    ['a written-by line', 'Written by A. Verse, 2026', REDACTED.name],
    ['a signature line', 'Asha V.', REDACTED.name],
    ['an email', 'write to me: asha.v+poems@example.co.in', `write to me: ${REDACTED.email}`],
    ['the poet’s phone, however written', 'call 090000-00101 now', `call ${REDACTED.phone} now`],
    ['a whole metadata name', 'Microsoft Office User', REDACTED.name],
  ])('removes %s', (_, input, expected) => {
    expect(anonymiser.redact(input).text).toBe(expected);
    expect(anonymiser.mentions(input)).toBeGreaterThan(0);
  });

  it.each([
    ['the poem’s own words that are part of the name', 'I write verse at dawn\nthe verse of the sea'],
    ['a word containing the name', 'Ashanti nights'],
    ['other numbers', 'in 1947, and again in 2024'],
    ['a line starting with "by" without the name', 'by the river I wait'],
    ['a lone metadata word', 'Office'],
  ])('keeps %s', (_, input) => {
    expect(anonymiser.redact(input)).toEqual({ text: input, count: 0 });
  });

  it.each([
    ['in capitals', 'MEERA NAIR wrote this', `${REDACTED.name} wrote this`],
    ['without its accents, or with accents it lacks', 'zoe bronte wrote to Zóë Brönte', `${REDACTED.name} wrote to ${REDACTED.name}`],
    ['in reverse order, with or without a comma', 'Nair, Meera and Nair Meera', `${REDACTED.name} and ${REDACTED.name}`],
    ['run into the words around it', 'IIby Meera NairThe harbour', `IIby ${REDACTED.name}The harbour`],
    ['across a no-break space and a soft hyphen', 'Mee\u00adra\u00a0Nair', REDACTED.name],
    ['a single name after a change of case', 'songsByMeera', `songsBy${REDACTED.name}`],
  ])('removes the name %s', (_, input, expected) => {
    const names = createAnonymiser({ names: ['Meera Nair', 'Zoë Brontë', 'Meera'] });
    expect(names.redact(input).text).toBe(expected);
  });

  it('keeps a part of the name that is a word of the poem, and reports it with its line', () => {
    const names = createAnonymiser({ names: ['Audit Bee Poet'] });
    const text = 'The hive\na bee at the glass\nthe beehive hums';
    expect(names.redact(text)).toEqual({ text, count: 0 });
    expect(names.nameParts(text)).toEqual([{ line: 2, word: 'bee' }]);
    expect(names.findWithParts('notes: Bee')).toEqual([{ start: 7, end: 10, replacement: REDACTED.name }]);
  });

  it('does not match a single name inside a longer word', () => {
    const names = createAnonymiser({ names: ['Meera'] });
    expect(names.redact('Meeraj and ameera').count).toBe(0);
  });

  it('works in other scripts, with and without spaces', () => {
    const arabic = createAnonymiser({ names: ['ليلى حداد'] });
    expect(arabic.redact('قصيدة\nبقلم ليلى حداد').text).toBe(`قصيدة\nبقلم ${REDACTED.name}`);
    const japanese = createAnonymiser({ names: ['山田花子'] });
    expect(japanese.redact('作者山田花子です').text).toBe(`作者${REDACTED.name}です`);
    const hindi = createAnonymiser({ names: ['मीरा नायर'] });
    expect(hindi.redact('मीरा नायर की कविता').text).toBe(`${REDACTED.name} की कविता`);
    expect(hindi.redact('मीराबाई').count).toBe(0);
    const hebrew = createAnonymiser({ names: ['נועה כהן'] });
    expect(hebrew.redact('שיר של נועה כהן').text).toBe(`שיר של ${REDACTED.name}`);
  });
});

describe('makeJudgeCopy', () => {
  const anonymiser = createAnonymiser({ names: ['Asha Verse'] });
  const copyOf = (kind: 'docx' | 'pdf', bytes: Buffer, text: string) => makeJudgeCopy(kind, bytes, text, anonymiser.redact(text).text, anonymiser);

  it('empties a .docx’s metadata and replaces the name in its body and header', async () => {
    const original = await makeDocx('Salt\n— Asha Verse', { author: 'Asha Verse', header: 'Asha Verse, poet' });
    const copy = await copyOf('docx', original, 'Salt\n— Asha Verse');
    expect(copy?.kind).toBe('docx');
    const zip = await JSZip.loadAsync(copy!.bytes);
    const all = (await Promise.all(Object.values(zip.files).map((f) => f.async('string')))).join('\n');
    expect(all).not.toMatch(/Asha|Verse/);
    expect(all).toContain(REDACTED.name);
    expect((await extractPoem(copy!.bytes)).text).toBe(`Salt\n${REDACTED.name}`);
  });

  it('copies the parts it does not change as they were (a stored photo stays stored)', async () => {
    const original = await makeLargeDocx('Salt', 2 * 1024 * 1024);
    const copy = await copyOf('docx', original, 'Salt');
    const media = (await JSZip.loadAsync(copy!.bytes)).files['word/media/image1.png'] as unknown as { _data: { compression: { magic: string } } };
    expect(media._data.compression.magic).toBe('\x00\x00');
    expect(Math.abs(copy!.bytes.length - original.length)).toBeLessThan(4096);
  });

  it('redacts a name split across formatting runs in place', async () => {
    const original = await makeDocx('Salt\nplaceholder');
    const zip = await JSZip.loadAsync(original);
    const xml = (await zip.file('word/document.xml')!.async('string')).replace(
      '<w:t xml:space="preserve">placeholder</w:t>',
      '<w:t>Asha Ve</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>rse</w:t>',
    );
    zip.file('word/document.xml', xml);
    const split = await zip.generateAsync({ type: 'nodebuffer' });
    const copy = await copyOf('docx', split, 'Salt\nAsha Verse');
    expect(copy?.kind).toBe('docx');
    const document = await (await JSZip.loadAsync(copy!.bytes)).file('word/document.xml')!.async('string');
    expect(document).not.toMatch(/Asha|Ve|rse/);
    expect(document).toContain('<w:b/>');
    expect((await extractPoem(copy!.bytes)).text).toBe(`Salt\n${REDACTED.name}`);
  });

  it('strips a PDF’s Info and keeps its text; gives a plain .docx for one whose body names the author', async () => {
    const original = await makePdf('Salt and light', { author: 'Asha Verse' });
    const copy = await copyOf('pdf', original, 'Salt and light');
    expect(copy?.kind).toBe('pdf');
    const loaded = await PDFDocument.load(copy!.bytes);
    expect(loaded.getAuthor()).toBeUndefined();
    expect(copy!.bytes.includes(Buffer.from('Asha'))).toBe(false);
    expect((await extractPoem(copy!.bytes)).text).toBe('Salt and light');
    const named = await copyOf('pdf', await makePdf('Salt\nby Asha Verse'), 'Salt\nby Asha Verse');
    expect(named?.kind).toBe('docx');
    expect((await extractPoem(named!.bytes)).text).toBe(`Salt\n${REDACTED.name}`);
  });
});
