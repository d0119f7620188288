// The lines of a PDF from the boxes poppler's pdftotext gives each word (-raw -bbox: in the order drawn): poppler
// reads the letters of every script exactly (its text from the font's maps and ActualText spans), and the lines are
// put together here, from where the words sit. Words whose boxes overlap vertically make a line (so a vowel sign a
// producer drew a little lower stays in its word); a vertical gap clearly larger than the page's line pitch makes a
// blank line (a stanza break), and a line's offset from the page's common margin becomes leading spaces.
// Where one word ends and the next begins: poppler splits a word wherever its pieces seem apart, and a piece that
// ends in a mark (a vowel sign drawn inside the letter before it, with no width of its own: Odia "ବହି", Telugu
// "జ్ఞా") ends where that mark starts, so the letter after it seems set apart. When a line has such a piece, the page's
// own space glyphs decide: a space between two pieces exactly where the PDF draws a space (MuPDF lists them,
// lib/mupdf-pages.ts pageGlyphs, for the pages that need them, of a PDF of up to 100 pages; LibreOffice, Word and
// Chromium draw every space; past that cap such a line is read by the gaps and shown to the poet as not read exactly).
// A page that draws no space at all is read by the gaps instead: pieces closer than a
// tenth of the line's height are one word, as is a piece that starts with a combining mark, a comma or danda set
// close, or what follows a piece poppler gave no width.
// Right-to-left lines are put together right to left, so their text comes out in logical order. Where the content
// draws a right-to-left line's glyphs in visual order (LibreOffice and Word do, Nastaliq's stepped words too), the
// line is read in that order instead, turned around (shownLine): exact where poppler's word boxes, overlapping up and
// down a Nastaliq line, cannot be.
// Measured against pdf.js and MuPDF on LibreOffice and Chromium files in 13 scripts: docs/dependencies.md.
import { MUPDF_LIMITS, pageGlyphs, type LigatureGlyph, type PageGlyphs, type ShownGlyph, type SpaceGlyph } from '../../../lib/mupdf-pages';
import { runPdftotext } from '../../../lib/pdftotext';
import type { TextBudget } from './text-budget';

interface Word {
  /** Its place in the page's content (poppler's -raw order: the order the producer drew, logical for a line). */
  index: number;
  text: string;
  /** Glyphs of this word poppler gave no character for. */
  unmapped: number;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

interface Line {
  top: number;
  bottom: number;
  words: Word[];
}

/** A gap between line tops this many times the page's usual pitch is a blank line. */
const BLANK_LINE_PITCHES = 1.5;
/** Words closer than this part of the line's height are pieces of one word. */
const JOIN_GAP = 0.1;
/** A box's height (poppler: the font's ascent to descent) in font sizes, about. */
const BOX_EMS = 1.3;
/** Leading spaces: one per quarter of the font size (about a space's width), at most 40. */
const SPACE_EMS = 0.25;
const MAX_INDENT_SPACES = 40;
const RTL_CHAR = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const RTL_CHARS = new RegExp(RTL_CHAR.source, 'gu');
const LETTER = /\p{L}/gu;
const MARK = /\p{M}/u;
// Presentation forms (Arabic letters as shaped glyphs, Latin ligatures) back to plain letters.
const PRESENTATION_FORMS = /[\ufb00-\ufb06\ufb13-\ufb17\ufb1d-\ufdff\ufe70-\ufefe]/gu;
// What poppler gives for a glyph the PDF does not map to a character, and bidi controls it adds.
const UNMAPPED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/gu;
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Where a line of the text is drawn: its page's box of it, in points from the page's top left. */
export interface LineBox {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/** A page's size and its lines (blank lines left out), for redacting areas of it. */
export interface PageLayout {
  width: number;
  height: number;
  lines: LineBox[];
}

export interface PdfText {
  /** Every page's lines and where they are drawn. */
  pages: PageLayout[];
  text: string;
  /** Glyphs the PDF gives no character for, and lines read in pieces: text we could not read. */
  unreadable: number;
  /** The lines (as in `text`) that could not be read exactly: the poet is told which. */
  unreadableLines: string[];
  /**
   * Right-to-left lines read from poppler's word boxes, not in the order the content draws their glyphs (shownLine):
   * in a PDF set in Nastaliq, such a line is not read exactly (its words step down the line).
   */
  rtlFromBoxes: number;
}

// A letter of the Arabic script standing alone between spaces: Nastaliq steps a word's letters down the line,
// and such a word comes apart ("ش ام" for "شام"). (و and ء do stand alone as words.)
const LONE_ARABIC_LETTER = /(?:^|\s)(?![\u0648\u0621])\p{Script=Arabic}(?=\p{M}*(?:\s|$))/u;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === '#' ? String.fromCodePoint(parseInt(name.slice(1).replace(/^x/i, ''), /^#x/i.test(name) ? 16 : 10)) : (ENTITIES[name] ?? whole),
  );

/**
 * A right-to-left word as poppler stores it (its characters in the order drawn, left to right) in logical
 * order: reversed, each combining mark put back after the letter it sits on.
 */
export function logicalRtl(visual: string): string {
  const reversed = [...visual].reverse();
  const out: string[] = [];
  let marks: string[] = [];
  for (const char of reversed) {
    if (MARK.test(char)) marks.push(char);
    else {
      out.push(char, ...marks);
      marks = [];
    }
  }
  return out.join('') + marks.join('');
}

const isRtl = (text: string) => {
  const rtl = text.match(RTL_CHARS)?.length ?? 0;
  return rtl > 0 && rtl >= (text.match(LETTER)?.length ?? 0) - rtl;
};

/** The vertical overlap of two boxes, as a part of the smaller one's height. */
const overlap = (a: { top: number; bottom: number }, b: { top: number; bottom: number }) =>
  (Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)) / Math.max(0.01, Math.min(a.bottom - a.top, b.bottom - b.top));

/**
 * Whether a piece continues the word before it whatever the gap poppler measured: it starts with a combining mark
 * (a vowel sign or nasal mark never begins a word), or it is a comma, full stop or danda set close (a piece of the
 * glyph run the producer placed apart; in these scripts a space before them is not written).
 */
const continues = (piece: string, gap: number) => MARK.test(piece[0]) || (CLOSING.test(piece) && gap < CLOSING_GAP);
const CLOSING = /^[,.\u0964\u0965\u060c\u06d4]+$/u;
/** How close (in line heights) a comma or danda must be to belong to the word before it. */
const CLOSING_GAP = 0.25;

/**
 * A right-to-left word with its ligatures' letters in order. A glyph standing for several letters (lam-alef: "لأ") is
 * given by the PDF in logical order inside a run drawn left to right, so turning the run around turns those letters
 * around too ("أل"). Where the word holds as many such turned pairs as the page draws ligature glyphs inside its box,
 * each is put back; where it holds more (an alef before a lam drawn apart, as in "إلى", looks the same), which is
 * which is unknown and the word is left as read (`ambiguous` tells the caller).
 */
function withLigatures(text: string, word: Word, line: Line, ligatures: LigatureGlyph[], ambiguous: () => void): string {
  const inside = ligatures.filter(([x0, x1, baseline]) => baseline >= line.top && baseline <= line.bottom && x0 >= word.x0 - 0.5 && x1 <= word.x1 + 0.5);
  let out = text;
  for (const letters of new Set(inside.map(([, , , letters]) => letters))) {
    const turned = [...letters].reverse().join('');
    const drawn = inside.filter(([, , , other]) => other === letters).length;
    const found = out.split(turned).length - 1;
    // None turned: read right already (poppler follows a producer's ActualText spans in logical order).
    if (found === drawn) out = out.split(turned).join(letters);
    else if (found > 0) ambiguous();
  }
  return out;
}

/** Whether the page draws a space glyph on this line between where one piece starts and where the next starts. */
const spaceBetween = (spaces: SpaceGlyph[], line: Line, from: Word, to: Word, rtl: boolean) =>
  spaces.some(([x0, x1, baseline]) => {
    if (baseline < line.top || baseline > line.bottom) return false;
    const middle = (x0 + x1) / 2;
    return rtl ? middle < from.x1 && middle > to.x1 : middle > from.x0 && middle < to.x0;
  });

/** A piece that ends in a combining mark: poppler's box of it ends where the mark starts, not where the word does. */
const ENDS_IN_MARK = /\p{M}$/u;

/**
 * The line's text. `spaces`: the page's space glyphs, or null when the page draws none (or they were not asked
 * for): then the gaps between the pieces decide.
 */
function lineText(line: Line, rtl: boolean, spaces: SpaceGlyph[] | null, ligatures: LigatureGlyph[], ambiguous: () => void): string {
  const height = line.bottom - line.top;
  // Left to right by where a word starts (right to left by where it ends); pieces that start at about the same
  // place (a vowel sign drawn over its letter) in the order the producer drew them (right-to-left text is drawn
  // left to right: backwards).
  const near = height * JOIN_GAP;
  const words = [...line.words].sort((a, b) => {
    const apart = rtl ? b.x1 - a.x1 : a.x0 - b.x0;
    return Math.abs(apart) > near ? apart : rtl ? b.index - a.index : a.index - b.index;
  });
  let text = '';
  let edge: number | null = null;
  let unmeasured = false;
  let previous: Word | null = null;
  for (const word of words) {
    const gap = edge === null ? 0 : rtl ? edge - word.x1 : word.x0 - edge;
    if (previous && spaces) {
      if (spaceBetween(spaces, line, previous, word, rtl)) text += ' ';
    } else if (edge !== null && gap > height * JOIN_GAP && !continues(word.text, gap / height) && !unmeasured) text += ' ';
    previous = word;
    text += rtl && RTL_CHAR.test(word.text) ? withLigatures(logicalRtl(word.text), word, line, ligatures, ambiguous) : word.text;
    // A piece of letters poppler gives no width (its box ends where it starts): where it really ends is unknown,
    // and the next piece is taken to continue it.
    unmeasured = word.x1 - word.x0 < height * 0.01 && [...word.text].filter((char) => !MARK.test(char)).length > 1;
    edge = edge === null ? (rtl ? word.x0 : word.x1) : rtl ? Math.min(edge, word.x0) : Math.max(edge, word.x1);
  }
  return text;
}

/** How far (points) a glyph's origin may sit behind the one drawn before it on a line: rounding. */
const SHOWN_SLACK = 0.05;
const LTR_RUN = /^[\p{Script=Latin}\p{N}]+$/u;
const plain = (text: string) => text.replace(BIDI_CONTROLS, '').replace(PRESENTATION_FORMS, (form) => form.normalize('NFKC'));
const lettersOf = (text: string) => [...plain(text).replace(/\s+/gu, '')].sort().join('');
const isMarks = (text: string) => text !== '' && [...text].every((char) => MARK.test(char));

/**
 * A right-to-left line read in the order the page's content draws its glyphs (`order`: lib/mupdf-pages.ts
 * ShownGlyph), or null where that is not provably its text. Used only when every check holds: every glyph whose
 * origin is in the line's box (and in no other line's) has its letters, and they are exactly the letters poppler read
 * on the line; the glyphs, spaces included, are drawn one after the other from left to right (visual order: the line
 * is turned around, each glyph's own letters, a ligature's or an ActualText span's, kept in the order given) or from
 * right to left (logical order: kept as drawn), a combining mark alone allowed to step back onto its letter; no word
 * starts with a mark; digits and Latin letters, which stay left to right inside right-to-left text, make one run at
 * most.
 */
function shownLine(box: LineBox, others: LineBox[], words: Word[], order: ShownGlyph[]): string | null {
  const height = box.bottom - box.top;
  const inBox = (glyph: ShownGlyph, line: LineBox) =>
    glyph[2] >= line.top && glyph[2] <= line.bottom && glyph[1] >= line.x0 - height && glyph[1] <= line.x1 + height;
  const mine = order.filter((glyph) => inBox(glyph, box));
  if (!mine.length || mine.some((glyph) => glyph[3] === 2 || others.some((other) => inBox(glyph, other)))) return null;
  if (lettersOf(mine.map(([text]) => text).join('')) !== lettersOf(words.map((word) => word.text).join(''))) return null;
  const steps = mine.slice(1).map((glyph, i) => ({ by: glyph[1] - mine[i][1], mark: isMarks(glyph[0]) || isMarks(mine[i][0]) }));
  const drawn = (sign: 1 | -1) => steps.every(({ by, mark }) => sign * by >= -(mark ? height : SHOWN_SLACK));
  const [rightwards, leftwards] = [drawn(1), drawn(-1)];
  const letters = mine.filter(([, , , kind]) => kind === 0);
  if (rightwards === leftwards && !(rightwards && letters.length === 1)) return null;
  // The glyphs' letters; one space between words, however many space glyphs the line draws there.
  const pieces: string[] = [];
  for (const [text, , , kind] of mine) {
    if (kind === 1) {
      if (pieces.length && pieces[pieces.length - 1] !== ' ') pieces.push(' ');
    } else pieces.push(plain(text));
  }
  if (pieces[pieces.length - 1] === ' ') pieces.pop();
  if (rightwards) pieces.reverse();
  if (pieces.some((piece, i) => isMarks(piece) && (i === 0 || pieces[i - 1] === ' '))) return null;
  // A run of digits or Latin letters is drawn left to right inside the line: turned back (one such run at most).
  const ltr = pieces.map((piece) => LTR_RUN.test(piece));
  const runs = ltr.filter((is, i) => is && !ltr[i - 1]).length;
  if (runs > 1) return null;
  if (runs === 1 && rightwards) {
    const [first, last] = [ltr.indexOf(true), ltr.lastIndexOf(true)];
    pieces.splice(first, last - first + 1, ...pieces.slice(first, last + 1).reverse());
  }
  return pieces.join('');
}

/** Where a line's words are drawn: the box around them all. */
const extentOf = (line: Line): LineBox => ({
  text: '',
  x0: Math.min(...line.words.map((word) => word.x0)),
  x1: Math.max(...line.words.map((word) => word.x1)),
  top: Math.min(...line.words.map((word) => word.top)),
  bottom: Math.max(...line.words.map((word) => word.bottom)),
});

/**
 * Nastaliq steps a word's letters down the line, so poppler's boxes of one line's words overlap too little to make
 * one line: a right-to-left line comes apart into a line and pieces above or below it ("ش ڈ" under "ام ھلیتو …").
 * Right-to-left lines (sorted by top) whose boxes overlap are joined into one, in place, where the joined line reads
 * provably in the order its glyphs are drawn (shownLine); otherwise they stay apart.
 */
function joinStepped(lines: Line[], order: ShownGlyph[]): void {
  const rtlLine = (line: Line) => isRtl(line.words.map((word) => word.text).join(''));
  for (let i = 0; i < lines.length; i++) {
    let last = i;
    let bottom = extentOf(lines[i]).bottom;
    while (last + 1 < lines.length && extentOf(lines[last + 1]).top < bottom) bottom = Math.max(bottom, extentOf(lines[++last]).bottom);
    if (last === i || !lines.slice(i, last + 1).every(rtlLine)) continue;
    const group = lines.slice(i, last + 1);
    // The joined line keeps the box of its tallest word, as a line does.
    const tallest = group.reduce((a, b) => (b.bottom - b.top > a.bottom - a.top ? b : a));
    const joined: Line = { top: tallest.top, bottom: tallest.bottom, words: group.flatMap((line) => line.words) };
    const others = lines.filter((_, j) => j < i || j > last).map(extentOf);
    if (shownLine(extentOf(joined), others, joined.words, order) !== null) lines.splice(i, group.length, joined);
    else i = last;
  }
}

/** The page's lines: top to bottom, blank lines for wide gaps, indents as leading spaces; and those not read exactly. */
function pageLines(words: Word[], glyphsOfPage: PageGlyphs | null): { lines: string[]; unreadable: string[]; boxes: LineBox[]; unproven: number } {
  const lines: Line[] = [];
  for (const word of [...words].sort((a, b) => a.top - b.top)) {
    const line = lines.find((candidate) => overlap(candidate, word) >= 0.5);
    if (line) {
      line.words.push(word);
      // The line keeps the box of its tallest word (a raised or lowered piece does not move it).
      if (word.bottom - word.top > line.bottom - line.top) Object.assign(line, { top: word.top, bottom: word.bottom });
    } else lines.push({ top: word.top, bottom: word.bottom, words: [word] });
  }
  lines.sort((a, b) => a.top - b.top);
  if (glyphsOfPage?.order) joinStepped(lines, glyphsOfPage.order);
  // The pitch of the page's lines is the smallest step between them (stanza gaps are larger ones).
  const steps = lines
    .slice(1)
    .map((line, i) => line.top - lines[i].top)
    .filter((step, i) => step > (lines[i + 1].bottom - lines[i + 1].top) * 0.5);
  const pitch = steps.length ? Math.min(...steps) : 0;
  const rtl = lines.map((line) => isRtl(line.words.map((word) => word.text).join('')));
  const left = Math.min(...lines.filter((_, i) => !rtl[i]).flatMap((line) => line.words.map((word) => word.x0)));
  const right = Math.max(...lines.filter((_, i) => rtl[i]).flatMap((line) => line.words.map((word) => word.x1)));
  const out: string[] = [];
  const unreadable: string[] = [];
  const boxes: LineBox[] = [];
  // Where each line's words are drawn (what shownLine reads the page's glyphs against).
  const extents = lines.map(extentOf);
  let unproven = 0;
  // The space glyphs decide a line's words when the page draws spaces and a piece of the line ends in a mark.
  lines.forEach((line, i) => {
    const endsInMark = line.words.some((word) => ENDS_IN_MARK.test(word.text));
    const spaces = glyphsOfPage?.spaces.length && endsInMark ? glyphsOfPage.spaces : null;
    // Its glyphs not listed (past the listing's page cap, or the listing failed): the gaps guess, and the poet is told.
    const guessed = endsInMark && glyphsOfPage === null;
    if (i > 0 && pitch > 0 && line.top - lines[i - 1].top > pitch * BLANK_LINE_PITCHES) out.push('');
    const offset = rtl[i] ? right - Math.max(...line.words.map((word) => word.x1)) : Math.min(...line.words.map((word) => word.x0)) - left;
    const em = (line.bottom - line.top) / BOX_EMS;
    const indent = Math.min(MAX_INDENT_SPACES, Math.max(0, Math.round(offset / (em * SPACE_EMS))));
    let unsure = false;
    // A right-to-left line: in the order its glyphs are drawn, where that is provably its text.
    const shown =
      rtl[i] && glyphsOfPage?.order && !line.words.some((word) => word.unmapped > 0)
        ? shownLine(
            extents[i],
            extents.filter((_, j) => j !== i),
            line.words,
            glyphsOfPage.order,
          )
        : null;
    if (rtl[i] && shown === null) unproven++;
    const text =
      ' '.repeat(indent) +
      (
        shown ??
        lineText(line, rtl[i], spaces, glyphsOfPage?.ligatures ?? [], () => {
          unsure = true;
        })
      ).trimStart();
    out.push(text);
    boxes.push({ ...extents[i], text });
    if (shown === null && (unsure || guessed || line.words.some((word) => word.unmapped > 0) || (rtl[i] && LONE_ARABIC_LETTER.test(text))))
      unreadable.push(text);
  });
  return { lines: out, unreadable, boxes, unproven };
}

/** A line this near the top or bottom of a page (a part of its height) may be a running header or footer. */
const RUNNING_BAND = 0.12;

/**
 * Whether every page of a PDF of several pages starts with the same line at the same place near its top (a running
 * header: the author's name, often) and ends with one near its bottom (a footer), page numbers aside.
 */
function runningLines(pages: PageLayout[]): { header: boolean; footer: boolean } {
  if (pages.length < 2 || pages.some((page) => page.lines.length < 2)) return { header: false, footer: false };
  const same = (pick: (page: PageLayout) => LineBox, near: (page: PageLayout, line: LineBox) => boolean) => {
    const lines = pages.map(pick);
    const key = (line: LineBox) => line.text.trim().replace(/\p{N}+/gu, '#');
    return lines.every((line, i) => near(pages[i], line) && key(line) === key(lines[0]) && Math.abs(line.top - lines[0].top) < 2);
  };
  return {
    header: same(
      (page) => page.lines[0],
      (page, line) => line.bottom < page.height * RUNNING_BAND,
    ),
    footer: same(
      (page) => page.lines[page.lines.length - 1],
      (page, line) => line.top > page.height * (1 - RUNNING_BAND),
    ),
  };
}

const PAGE = /<page\b[^>]*?width="([\d.]+)" height="([\d.]+)"[^>]*>([\s\S]*?)<\/page>/g;
const WORD = /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/word>/g;

/** Reads every page's words into lines; stops as soon as the budget is spent. */
export async function readPdfLines(bytes: Buffer, budget: TextBudget): Promise<PdfText> {
  const boxes = await runPdftotext(bytes, ['-raw', '-bbox', '-enc', 'UTF-8']);
  const pageWords: { width: number; height: number; words: Word[] }[] = [];
  let unreadable = 0;
  for (const [, width, height, page] of boxes.matchAll(PAGE)) {
    const words: Word[] = [];
    for (const [, x0, top, x1, bottom, raw] of page.matchAll(WORD)) {
      const decoded = decode(raw);
      const unmapped = decoded.match(UNMAPPED)?.length ?? 0;
      unreadable += unmapped;
      const text = decoded
        .replace(UNMAPPED, '')
        .replace(BIDI_CONTROLS, '')
        .replace(PRESENTATION_FORMS, (form) => form.normalize('NFKC'));
      if (text === '') continue;
      budget.spend(text.length);
      words.push({ index: words.length, text, unmapped, x0: Number(x0), x1: Number(x1), top: Number(top), bottom: Number(bottom) });
    }
    pageWords.push({ width: Number(width), height: Number(height), words });
  }
  // Only a page with a piece ending in a mark, or with right-to-left text, needs its glyphs listed (a second reading,
  // of those pages only, the whole file in one pass).
  const wanted = (test: (word: Word) => boolean) => pageWords.flatMap((page, number) => (page.words.some(test) ? [number] : []));
  const order = wanted((word) => RTL_CHAR.test(word.text));
  const spaces = wanted((word) => ENDS_IN_MARK.test(word.text) || RTL_CHAR.test(word.text));
  const glyphs = spaces.length ? await pageGlyphs(bytes, MUPDF_LIMITS, { spaces, order }) : null;
  const lines: string[] = [];
  const unreadableLines: string[] = [];
  const pages: PageLayout[] = [];
  let rtlFromBoxes = 0;
  const read = pageWords.map(({ width, height, words }, number) => {
    const layout: PageLayout = { width, height, lines: [] };
    pages.push(layout);
    if (!words.length) return null;
    const page = pageLines(words, glyphs?.[number] ?? null);
    layout.lines = page.boxes;
    unreadableLines.push(...page.unreadable);
    unreadable += page.unreadable.length;
    rtlFromBoxes += page.unproven;
    return page;
  });
  const running = runningLines(pages);
  read.forEach((page, number) => {
    if (!page) return;
    // A running header is read where it first appears, a running footer where it last does: once each, as on one page.
    const drop = new Set<LineBox>();
    if (running.header && number > 0) drop.add(pages[number].lines[0]);
    if (running.footer && number < pages.length - 1) drop.add(pages[number].lines[pages[number].lines.length - 1]);
    let box = 0;
    for (const line of page.lines) {
      if (line.trim() === '') lines.push(line);
      else if (!drop.has(pages[number].lines[box++])) lines.push(line);
    }
  });
  return { pages, text: lines.join('\n'), unreadable, unreadableLines, rtlFromBoxes };
}
