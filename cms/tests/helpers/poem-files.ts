// Poem files built in the test, good and bad: real .docx (Office Open XML in a zip) and .pdf files,
// and the kinds of bad input the entry checks must refuse. Shared by the cms tests, e2e and the bench.
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { makeDocx, makePdf, randomBytesLike } from '../../src/seed/demo/poem-documents';

export { makeDocx, makePdf, randomBytesLike, type DocxOptions, type PdfOptions } from '../../src/seed/demo/poem-documents';

/** A .docx of about `size` bytes: the poem plus an incompressible image part. */
export async function makeLargeDocx(text: string, size: number): Promise<Buffer> {
  const small = await makeDocx(text);
  return makeDocx(text, { extra: { 'word/media/image1.png': randomBytesLike(Math.max(0, size - small.length - 512)) } });
}

/** A Windows program's first bytes ("MZ" header and PE signature), whatever it is named. */
export function makeExe(): Buffer {
  const bytes = Buffer.alloc(4096);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/**
 * A zip bomb dressed as a .docx: a valid document plus a part that inflates from a few KB to `expandedBytes`
 * of zeros (a real deflate stream, with honest sizes in the headers).
 */
export async function makeZipBombDocx(expandedBytes = 300 * 1024 * 1024): Promise<Buffer> {
  const base = await makeDocx('A short poem\nabout nothing at all');
  const { deflated, crc } = await deflateZeros(expandedBytes);
  return appendStoredRawEntry(base, 'word/bomb.xml', deflated, expandedBytes, crc);
}

/**
 * A .docx whose document part claims a small size but inflates far beyond it (lying headers): the check
 * must count what really comes out, not what the archive says.
 */
export async function makeLyingZipBombDocx(expandedBytes = 200 * 1024 * 1024): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await makeDocx('placeholder'));
  const xmlHead =
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
  const body = Buffer.concat([Buffer.from(xmlHead), Buffer.alloc(expandedBytes, 0x61)]);
  const rebuilt = new JSZip();
  for (const name of Object.keys(zip.files)) {
    if (name === 'word/document.xml' || zip.files[name].dir) continue;
    rebuilt.file(name, await zip.files[name].async('uint8array'));
  }
  const base = await rebuilt.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return appendStoredRawEntry(base, 'word/document.xml', deflateRawSync(body, { level: 9 }), 4096, 0);
}

/** A password-protected Office document: an OLE compound file with an EncryptionInfo stream, as Word saves it. */
export function makeEncryptedDocx(): Buffer {
  const bytes = Buffer.alloc(8192);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  bytes.writeUInt16LE(0x3e, 0x18);
  bytes.writeUInt16LE(0x03, 0x1a);
  bytes.writeUInt16LE(0xfffe, 0x1c);
  bytes.writeUInt16LE(0x09, 0x1e);
  Buffer.from('EncryptionInfo', 'utf16le').copy(bytes, 0x400);
  Buffer.from('EncryptedPackage', 'utf16le').copy(bytes, 0x480);
  return bytes;
}

/** A PDF that needs a password to open (RC4 40-bit standard security handler, empty contents). */
export function makeEncryptedPdf(): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
    '4 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <' +
      '6b6f7c7a4b5f3a3e2d1c0b0a09080706050403020100f0e0d0c0b0a090807060' +
      '> /U <' +
      '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20' +
      '> /P -44 >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF cut off half-way: starts like a PDF, then breaks. */
export async function makeBrokenPdf(): Promise<Buffer> {
  const whole = await makePdf('A poem that will not survive the cut');
  return Buffer.concat([whole.subarray(0, 20), Buffer.from('garbage '.repeat(200))]);
}

/** A .docx whose zip is cut off half-way. */
export async function makeBrokenDocx(): Promise<Buffer> {
  const whole = await makeDocx('A poem that will not survive the cut');
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A PDF with a page and no text at all (like a blank scan). */
export async function makeBlankPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawRectangle({ x: 50, y: 50, width: 200, height: 200 });
  return Buffer.from(await pdf.save());
}

/** An old binary Word (.doc) document: an OLE compound file without encryption streams. */
export function makeLegacyDoc(): Buffer {
  const bytes = makeEncryptedDocx();
  bytes.fill(0, 0x400, 0x500);
  Buffer.from('WordDocument', 'utf16le').copy(bytes, 0x400);
  return bytes;
}

// --- zip plumbing: add one entry with given raw (already deflated) data and header sizes ---

/** Deflates `length` zero bytes without holding them all in memory. */
async function deflateZeros(length: number): Promise<{ deflated: Buffer; crc: number }> {
  const block = Buffer.alloc(1 << 20);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let written = 0; written < length; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, length - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { deflated: Buffer.concat(out), crc };
}

function appendStoredRawEntry(zipBytes: Buffer, name: string, deflated: Buffer, uncompressedSize: number, crc: number): Buffer {
  const eocdAt = zipBytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zipBytes.readUInt16LE(eocdAt + 10);
  const cdSize = zipBytes.readUInt32LE(eocdAt + 12);
  const cdOffset = zipBytes.readUInt32LE(eocdAt + 16);
  const localPart = zipBytes.subarray(0, cdOffset);
  const centralPart = zipBytes.subarray(cdOffset, cdOffset + cdSize);
  const fileName = Buffer.from(name);

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(uncompressedSize >>> 0, 22);
  local.writeUInt16LE(fileName.length, 26);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(uncompressedSize >>> 0, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(localPart.length, 42);

  const newLocal = Buffer.concat([localPart, local, fileName, deflated]);
  const newCentral = Buffer.concat([centralPart, central, fileName]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries + 1, 8);
  eocd.writeUInt16LE(entries + 1, 10);
  eocd.writeUInt32LE(newCentral.length, 12);
  eocd.writeUInt32LE(newLocal.length, 16);
  return Buffer.concat([newLocal, newCentral, eocd]);
}
