// A certificate as an A4 landscape PDF (pdf-lib). Names and poem titles may be in any script: each is set in a
// Noto font that covers it (Debian's fonts-noto-core; CERTIFICATE_FONT_DIR points elsewhere), shaped by fontkit
// (Arabic joining and right-to-left order, Indic reordering). Scripts without an installed font fall back to
// Noto Serif.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { DEFAULT_COMPETITION, PLACE_LABELS, type CertificateView, type CompetitionRef } from '@writory/shared';

// fontkit's Indic shaper was compiled with regenerator and expects its runtime as a global.
(globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime ??= require('regenerator-runtime');
const fontkit = require('@pdf-lib/fontkit');

const FONT_DIRS = [process.env.CERTIFICATE_FONT_DIR, '/usr/share/fonts/truetype/noto', '/usr/share/fonts/noto'].filter(Boolean) as string[];
const SCRIPT_FONTS: [RegExp, string][] = [
  [/\p{Script=Arabic}/u, 'NotoNaskhArabic'],
  [/\p{Script=Hebrew}/u, 'NotoSerifHebrew'],
  [/\p{Script=Devanagari}/u, 'NotoSerifDevanagari'],
  [/\p{Script=Bengali}/u, 'NotoSerifBengali'],
  [/\p{Script=Gurmukhi}/u, 'NotoSerifGurmukhi'],
  [/\p{Script=Gujarati}/u, 'NotoSerifGujarati'],
  [/\p{Script=Oriya}/u, 'NotoSansOriya'],
  [/\p{Script=Tamil}/u, 'NotoSerifTamil'],
  [/\p{Script=Telugu}/u, 'NotoSerifTelugu'],
  [/\p{Script=Kannada}/u, 'NotoSerifKannada'],
  [/\p{Script=Malayalam}/u, 'NotoSerifMalayalam'],
  [/\p{Script=Sinhala}/u, 'NotoSerifSinhala'],
  [/\p{Script=Thai}/u, 'NotoSerifThai'],
  [/\p{Script=Lao}/u, 'NotoSerifLao'],
  [/\p{Script=Khmer}/u, 'NotoSerifKhmer'],
  [/\p{Script=Myanmar}/u, 'NotoSerifMyanmar'],
  [/\p{Script=Georgian}/u, 'NotoSerifGeorgian'],
  [/\p{Script=Armenian}/u, 'NotoSerifArmenian'],
  [/\p{Script=Ethiopic}/u, 'NotoSerifEthiopic'],
];

const fontFiles = new Map<string, Uint8Array | null>();
function fontFile(family: string, weight: 'Regular' | 'Bold'): Uint8Array | null {
  const key = `${family}-${weight}`;
  if (!fontFiles.has(key)) {
    const file = FONT_DIRS.map((dir) => path.join(dir, `${key}.ttf`)).find((candidate) => existsSync(candidate));
    fontFiles.set(key, file ? new Uint8Array(readFileSync(file)) : null);
  }
  return fontFiles.get(key)!;
}

/** The Noto family for a piece of text (the first script that needs its own font wins). */
export const familyFor = (text: string) => SCRIPT_FONTS.find(([script]) => script.test(text))?.[1] ?? 'NotoSerif';

const INK = rgb(0.11, 0.1, 0.09);
const SOFT = rgb(0.27, 0.25, 0.24);
const QUILL = rgb(0.486, 0.176, 0.071);
const PAPER = rgb(0.984, 0.973, 0.953);

export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));

/** The contest a certificate is from: "the Writory monthly poetry contest" (as before competitions), "the Writory Story Competition". */
export const contestOf = (competition: CompetitionRef) =>
  competition.slug === DEFAULT_COMPETITION
    ? 'the Writory monthly poetry contest'
    : `the Writory ${/competition$/i.test(competition.name) ? competition.name : `${competition.name} Competition`}`;

export async function certificatePdf(view: CertificateView, modules: boolean[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${view.kind === 'winner' ? 'Winner' : 'Participation'} certificate · ${view.name}`);
  doc.setAuthor('Writory');
  doc.setSubject(`Verification code ${view.verificationCode}: ${view.url}`);
  const fonts = new Map<string, PDFFont>();
  const font = async (text: string, weight: 'Regular' | 'Bold' = 'Regular') => {
    const family = familyFor(text);
    const key = `${family}-${weight}`;
    if (!fonts.has(key)) {
      const bytes = fontFile(family, weight) ?? fontFile(family, 'Regular') ?? fontFile('NotoSerif', weight);
      if (!bytes) throw new Error(`No certificate font found (looked for ${key}.ttf in ${FONT_DIRS.join(', ')})`);
      fonts.set(key, await doc.embedFont(bytes, { subset: true }));
    }
    return fonts.get(key)!;
  };

  const page = doc.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 0, y: 0, width, height, color: PAPER });
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: QUILL, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: QUILL, borderWidth: 1 });

  const centred = async (
    p: PDFPage,
    text: string,
    y: number,
    size: number,
    options: { bold?: boolean; color?: ReturnType<typeof rgb>; maxWidth?: number } = {},
  ) => {
    const f = await font(text, options.bold ? 'Bold' : 'Regular');
    let fontSize = size;
    const maxWidth = options.maxWidth ?? width - 160;
    while (fontSize > 10 && f.widthOfTextAtSize(text, fontSize) > maxWidth) fontSize -= 1;
    p.drawText(text, { x: (width - f.widthOfTextAtSize(text, fontSize)) / 2, y, size: fontSize, font: f, color: options.color ?? INK });
  };

  const winner = view.kind === 'winner';
  await centred(page, 'W R I T O R Y', height - 90, 12, { bold: true, color: SOFT });
  await centred(page, winner ? 'Certificate of Achievement' : 'Certificate of Participation', height - 150, 40, { bold: true, color: QUILL });
  await centred(page, 'This certifies that', height - 205, 16, { color: SOFT });
  await centred(page, view.name, height - 260, 38, { bold: true });
  const month = monthLabel(view.month);
  const contest = contestOf(view.competition);
  const entry = view.competition.slug === DEFAULT_COMPETITION ? 'poem' : 'entry';
  if (winner && view.place) {
    const place = view.place === 'honourable' ? 'an honourable mention' : PLACE_LABELS[view.place];
    await centred(page, `won ${place} in ${contest}, ${month}${view.title ? `, for the ${entry}` : '.'}`, height - 310, 16, {
      color: SOFT,
    });
    if (view.title) await centred(page, view.title, height - 348, 22, { bold: true });
  } else {
    await centred(page, `took part in ${contest}, ${month}.`, height - 310, 16, { color: SOFT });
  }

  // Bottom: issue date and verification on the left, the QR code on the right.
  const regular = await font('Writory');
  const issued = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(view.issuedAt));
  page.drawText(`Issued ${issued}`, { x: 70, y: 118, size: 11, font: regular, color: SOFT });
  page.drawText(`Verification code ${view.verificationCode}`, { x: 70, y: 100, size: 11, font: regular, color: SOFT });
  page.drawText(`Check it at ${view.url}`, { x: 70, y: 82, size: 9, font: regular, color: SOFT });

  const qrSize = 96;
  const cell = qrSize / modules.length;
  const qrX = width - 70 - qrSize;
  const qrY = 62;
  page.drawRectangle({ x: qrX - 6, y: qrY - 6, width: qrSize + 12, height: qrSize + 12, color: rgb(1, 1, 1) });
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) page.drawRectangle({ x: qrX + x * cell, y: qrY + qrSize - (y + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }),
  );
  return doc.save();
}
