// The lines of a PDF from where pdf.js places its text: items on one baseline make a line, a vertical gap
// clearly larger than the page's line pitch makes a blank line (a stanza break), and a line's offset from the
// page's common margin becomes leading spaces. Right-to-left lines are put together right to left, so their
// text comes out in logical order.
import type { getDocumentProxy } from 'unpdf';
import type { TextBudget } from './text-budget';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  rtl: boolean;
}

interface Line {
  y: number;
  size: number;
  items: Item[];
}

/** A gap between baselines this many times the page's usual pitch is a blank line. */
const BLANK_LINE_PITCHES = 1.5;
/** Leading spaces: one per quarter of the font size (about a space's width), at most 40. */
const SPACE_EMS = 0.25;
const MAX_INDENT_SPACES = 40;
const RTL_CHAR = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/gu;
const LETTER = /\p{L}/gu;
// Presentation forms (Arabic letters as shaped glyphs, Latin ligatures) back to plain letters.
const PRESENTATION_FORMS = /[\ufb00-\ufb06\ufb13-\ufb17\ufb1d-\ufdff\ufe70-\ufefe]/gu;

export interface PdfText {
  text: string;
  /** Glyphs the PDF gives no character for: text we could not read. */
  unreadable: number;
}

const isRtlLine = (line: Line) => {
  const text = line.items.map((item) => item.str).join('');
  const rtl = text.match(RTL_CHAR)?.length ?? 0;
  return rtl > (text.match(LETTER)?.length ?? 0) - rtl;
};

function lineText(line: Line, rtl: boolean): string {
  const items = [...line.items].sort((a, b) => (rtl ? b.x + b.width - (a.x + a.width) : a.x - b.x));
  let text = '';
  let edge: number | null = null;
  for (const item of items) {
    const start = rtl ? item.x + item.width : item.x;
    const gap = edge === null ? 0 : rtl ? edge - start : start - edge;
    if (edge !== null && gap > line.size * 0.2 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    text += item.str;
    edge = rtl ? item.x : item.x + item.width;
  }
  return text;
}

/** The page's lines: baselines top to bottom, blank lines for wide gaps, indents as leading spaces. */
function pageLines(items: Item[]): string[] {
  const lines: Line[] = [];
  for (const item of items) {
    const line = lines.find((candidate) => Math.abs(candidate.y - item.y) <= Math.max(candidate.size, item.size) * 0.3);
    if (line) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else lines.push({ y: item.y, size: item.size, items: [item] });
  }
  lines.sort((a, b) => b.y - a.y);
  // The pitch of the page's lines is the smallest step between baselines (stanza gaps are larger ones).
  const steps = lines.slice(1).map((line, i) => lines[i].y - line.y).filter((step, i) => step > lines[i + 1].size * 0.5);
  const pitch = steps.length ? Math.min(...steps) : 0;
  const rtl = lines.map(isRtlLine);
  const left = Math.min(...lines.filter((_, i) => !rtl[i]).flatMap((line) => line.items.map((item) => item.x)));
  const right = Math.max(...lines.filter((_, i) => rtl[i]).flatMap((line) => line.items.map((item) => item.x + item.width)));
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (i > 0 && pitch > 0 && lines[i - 1].y - line.y > pitch * BLANK_LINE_PITCHES) out.push('');
    const offset = rtl[i] ? right - Math.max(...line.items.map((item) => item.x + item.width)) : Math.min(...line.items.map((item) => item.x)) - left;
    const spaces = Math.min(MAX_INDENT_SPACES, Math.max(0, Math.round(offset / (line.size * SPACE_EMS))));
    out.push(' '.repeat(spaces) + lineText(line, rtl[i]).trimStart());
  });
  return out;
}

/** Reads every page's text items into lines; stops as soon as the budget is spent. */
export async function readPdfLines(pdf: PdfProxy, budget: TextBudget): Promise<PdfText> {
  const lines: string[] = [];
  let unreadable = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const items: Item[] = [];
    for (const raw of content.items) {
      if (!('str' in raw) || raw.str === '') continue;
      const missing = raw.str.match(/\u0000/g)?.length ?? 0;
      unreadable += missing;
      const str = raw.str.replace(/\u0000/g, '').replace(PRESENTATION_FORMS, (form) => form.normalize('NFKC'));
      budget.spend(str.length);
      const [a, b, , , x, y] = raw.transform as number[];
      items.push({ str, x, y, width: raw.width, size: Math.hypot(a, b) || raw.height || 12, rtl: raw.dir === 'rtl' });
    }
    page.cleanup();
    if (items.length) lines.push(...pageLines(items));
  }
  return { text: lines.join('\n'), unreadable };
}
