// The text of a .docx, read from its WordprocessingML with an XML parser: every paragraph, manual line
// break, tab and indent keeps its place, so a poem keeps its lines. What judges read (the body with its
// text boxes in place, then the notes) is kept apart from what is only searched for the author (headers,
// footers, comments, deleted text, field codes, second copies of text boxes, document properties).
// Each paragraph remembers the w:t elements its text came from, so the blind copy can be redacted in place.
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import type JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { ApiError } from '../../../lib/client-error';
import { msg } from '../../../lib/messages';
import { type TextBudget, textTooLong } from './text-budget';

const W_NAMESPACES = new Set(['http://schemas.openxmlformats.org/wordprocessingml/2006/main', 'http://purl.oclc.org/ooxml/wordprocessingml/main']);
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const ELEMENT = 1;

/** Twips of indent (beyond the body's smallest) per leading space: an eighth of an inch, about a letter's width. */
export const TWIPS_PER_SPACE = 180;
const MAX_INDENT_SPACES = 40;

/** A piece of a paragraph's text: from a text element (editable in the blind copy) or made by us (break, tab, indent). */
export interface Segment {
  text: string;
  element?: Element;
}

export class Paragraph {
  segments: Segment[] = [];
  indentTwips = 0;
  constructor(readonly budget: TextBudget) {}
  add(text: string, element?: Element) {
    if (!text) return;
    this.budget.spend(text.length);
    this.segments.push({ text, element });
  }
  get text(): string {
    return this.segments.map((segment) => segment.text).join('');
  }
  get isEmpty(): boolean {
    return !/\S/.test(this.text);
  }
}

export interface DocxModel {
  /** Parsed WordprocessingML and property parts, by part name (the blind copy edits these). */
  parts: Map<string, Document>;
  /** What judges read, in order: the body (text boxes after the paragraph that holds them), then the notes. */
  judge: Paragraph[];
  /** Only searched for the author: headers, footers, comments, deleted text, field codes, fallback copies. */
  hidden: Paragraph[];
  /** Text of docProps core/app/custom. */
  properties: string[];
  images: number;
  /** Embedded objects, charts and diagrams: content we cannot read. */
  unreadable: number;
}

const isW = (node: Node, name: string) => node.nodeType === ELEMENT && W_NAMESPACES.has(node.namespaceURI ?? '') && (node as Element).localName === name;
const wAttr = (element: Element, name: string) => {
  for (const attribute of Array.from(element.attributes))
    if (attribute.localName === name && W_NAMESPACES.has(attribute.namespaceURI ?? '')) return attribute.value;
  return null;
};
const children = (node: Node): Element[] => Array.from(node.childNodes).filter((child): child is Element => child.nodeType === ELEMENT);

/** Elements may nest this deep in a part of a .docx; Word's own documents (tables in tables, text boxes) stay far below it. */
export const MAX_XML_DEPTH = 256;

export const nestedTooDeeply = () =>
  new ApiError(422, msg('poemFile.nestedTooDeeply', { depth: MAX_XML_DEPTH }), { reason: 'nested-too-deeply', maxDepth: MAX_XML_DEPTH }, 'ValidationError');

/**
 * Streams through a part before it is parsed into a tree: nesting past MAX_XML_DEPTH is refused at the first
 * element past it (a 20 KB .docx can nest 400,000 elements, which the tree parser and every walk over the tree
 * would spend seconds on). With a budget, a part whose XML is longer than the text still allowed has its text
 * counted too, and is refused at the first character past the cap (a 40 KB .docx can inflate to 20 MB of XML).
 */
function scan(xml: string, budget?: TextBudget): void {
  let depth = 0;
  let count = 0;
  const parser = new SaxesParser();
  parser.on('opentag', () => {
    depth += 1;
    if (depth > MAX_XML_DEPTH) throw nestedTooDeeply();
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  if (budget && xml.length > budget.remaining) {
    parser.on('text', (text) => {
      if (!/\S/.test(text)) return;
      count += text.length;
      if (count > budget.remaining) throw textTooLong();
    });
  }
  // Whether the part is well-formed is the tree parser's to say, as it always was: the scan reads on.
  parser.on('error', () => undefined);
  parser.write(xml).close();
}

/** Parses a part of a .docx into a tree, after `scan` (nesting, and with a budget the text) let it through. */
export function parseXml(xml: string, budget?: TextBudget): Document {
  scan(xml, budget);
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');
}

interface NoteRef {
  kind: 'footnote' | 'endnote';
  id: string;
}

/** Walks the block and inline content of one part, filling `out` (visible) and `hidden` paragraphs. */
class Walker {
  images = 0;
  unreadable = 0;
  noteRefs: NoteRef[] = [];
  /** Manual line breaks (Shift+Enter) seen, the most in one paragraph, and the paragraphs holding any. */
  manualBreaks = 0;
  mostBreaksInAParagraph = 0;
  paragraphsWithBreaks = 0;
  constructor(
    private readonly budget: TextBudget,
    readonly hidden: Paragraph[],
  ) {}

  blocks(container: Node, out: Paragraph[], hiddenMode = false): void {
    for (const child of children(container)) {
      if (isW(child, 'p')) this.paragraph(child, out, hiddenMode);
      else if (
        isW(child, 'pPr') ||
        isW(child, 'rPr') ||
        isW(child, 'sectPr') ||
        isW(child, 'sdtPr') ||
        isW(child, 'tblPr') ||
        isW(child, 'trPr') ||
        isW(child, 'tcPr')
      )
        continue;
      else if (isW(child, 'del') || isW(child, 'moveFrom')) this.blocks(child, this.hidden, true);
      else if (child.namespaceURI === MC && child.localName === 'AlternateContent')
        this.alternate(child, (part, hide) => this.blocks(part, hide ? this.hidden : out, hiddenMode || hide));
      else this.blocks(child, out, hiddenMode); // tables, rows, cells, content controls, custom XML, insertions
    }
  }

  /** mc:AlternateContent holds one copy per consumer: the first Choice is read, the others only searched. */
  private alternate(element: Element, visit: (part: Element, hide: boolean) => void): void {
    children(element).forEach((part, index) => visit(part, index > 0));
  }

  private paragraph(p: Element, out: Paragraph[], hiddenMode: boolean): void {
    const paragraph = new Paragraph(this.budget);
    const properties = children(p).find((child) => isW(child, 'pPr'));
    const indent = properties && children(properties).find((child) => isW(child, 'ind'));
    if (indent) {
      const twips = (name: string) => Number(wAttr(indent, name) ?? 0) || 0;
      paragraph.indentTwips = (twips('start') || twips('left')) + twips('firstLine') - twips('hanging');
    }
    const boxes: Paragraph[] = [];
    const hiddenHere = new Paragraph(this.budget);
    const breaksBefore = this.manualBreaks;
    this.inline(p, { paragraph: hiddenMode ? hiddenHere : paragraph, hiddenHere, boxes: hiddenMode ? this.hidden : boxes, hiddenMode });
    const breaks = this.manualBreaks - breaksBefore;
    this.mostBreaksInAParagraph = Math.max(this.mostBreaksInAParagraph, breaks);
    if (breaks > 0) this.paragraphsWithBreaks += 1;
    if (hiddenMode) {
      this.hidden.push(hiddenHere);
      return;
    }
    out.push(paragraph, ...boxes);
    if (hiddenHere.segments.length) this.hidden.push(hiddenHere);
  }

  private inline(container: Node, context: { paragraph: Paragraph; hiddenHere: Paragraph; boxes: Paragraph[]; hiddenMode: boolean }): void {
    const { paragraph, hiddenHere } = context;
    const hide = { ...context, paragraph: hiddenHere, boxes: this.hidden, hiddenMode: true };
    for (const child of children(container)) {
      if (child.namespaceURI === MC && child.localName === 'AlternateContent') {
        this.alternate(child, (part, hidden) => this.inline(part, hidden ? hide : context));
        continue;
      }
      if (!W_NAMESPACES.has(child.namespaceURI ?? '')) {
        // Drawings, VML shapes and pictures: look inside for text boxes; count the pictures (once, not their fallback copies).
        if (!context.hiddenMode && (child.localName === 'blip' || child.localName === 'imagedata')) this.images += 1;
        if (child.localName === 'chart' || child.localName === 'relIds') this.unreadable += 1;
        this.inline(child, context);
        continue;
      }
      switch (child.localName) {
        case 't':
          paragraph.add(child.textContent ?? '', child);
          break;
        case 'delText':
        case 'instrText':
          hiddenHere.add(child.textContent ?? '', child);
          break;
        case 'tab':
        case 'ptab':
          paragraph.add('\t');
          break;
        case 'br':
        case 'cr': {
          const type = child.localName === 'br' ? wAttr(child, 'type') : null;
          if (!type || type === 'textWrapping') this.manualBreaks += 1;
          paragraph.add('\n');
          break;
        }
        case 'noBreakHyphen':
          paragraph.add('-');
          break;
        case 'softHyphen':
          paragraph.add('\u00ad');
          break;
        case 'sym': {
          const code = parseInt(wAttr(child, 'char') ?? '', 16);
          // Symbol fonts (Wingdings, Symbol) put their glyphs in the private use area: no character to read.
          if (code >= 0xe000 && code <= 0xf8ff) this.unreadable += 1;
          else if (code > 0) paragraph.add(String.fromCodePoint(code));
          break;
        }
        case 'txbxContent':
          this.blocks(child, context.boxes, context.hiddenMode);
          break;
        case 'footnoteReference':
        case 'endnoteReference': {
          if (context.hiddenMode) break;
          const id = wAttr(child, 'id');
          if (id === null) break;
          this.noteRefs.push({ kind: child.localName === 'footnoteReference' ? 'footnote' : 'endnote', id });
          paragraph.add(`[${this.noteRefs.length}]`);
          break;
        }
        case 'object':
          this.unreadable += 1;
          this.inline(child, context);
          break;
        case 'del':
        case 'moveFrom':
          this.inline(child, hide);
          break;
        case 'pPr':
        case 'rPr':
        case 'sdtPr':
        case 'fldData':
          break;
        default:
          // Runs, hyperlinks, fields (w:fldSimple keeps its result), content controls, insertions, smart tags.
          this.inline(child, context);
      }
    }
  }
}

/** Leading spaces for each paragraph's indent beyond the smallest indent of the paragraphs with text. */
function applyIndents(paragraphs: Paragraph[]): void {
  const withText = paragraphs.filter((paragraph) => !paragraph.isEmpty);
  if (!withText.length) return;
  const base = Math.min(...withText.map((paragraph) => paragraph.indentTwips));
  for (const paragraph of withText) {
    const spaces = Math.min(MAX_INDENT_SPACES, Math.round((paragraph.indentTwips - base) / TWIPS_PER_SPACE));
    if (spaces > 0) paragraph.segments.unshift({ text: ' '.repeat(spaces) });
  }
}

/**
 * In a file whose lines end with manual breaks, a paragraph is a stanza and the gap between paragraphs is
 * paragraph spacing, not an empty paragraph: a blank line goes between paragraphs that are not already apart.
 */
function separateStanzas(paragraphs: Paragraph[], budget: TextBudget): void {
  for (let i = paragraphs.length - 1; i > 0; i--) {
    if (!paragraphs[i].isEmpty && !paragraphs[i - 1].isEmpty) paragraphs.splice(i, 0, new Paragraph(budget));
  }
}

const HIDDEN_PARTS = /^word\/(header\d*|footer\d*|comments(Extended|Extensible|Ids)?|glossary\/document)\.xml$/;
const NOTE_PARTS = { footnote: 'word/footnotes.xml', endnote: 'word/endnotes.xml' } as const;
const PROPERTY_PARTS = ['docProps/core.xml', 'docProps/app.xml', 'docProps/custom.xml'];

/** Reads a checked .docx archive into paragraphs; throws what the budget or the parser throws. */
export async function readDocx(zip: JSZip, budget: TextBudget): Promise<DocxModel> {
  const parts = new Map<string, Document>();
  const load = async (name: string) => {
    const file = zip.file(name);
    if (!file) return null;
    const document = parseXml(await file.async('string'), budget);
    parts.set(name, document);
    return document;
  };

  const hidden: Paragraph[] = [];
  const walker = new Walker(budget, hidden);
  const judge: Paragraph[] = [];
  const body = await load('word/document.xml');
  if (!body) throw new Error('no document part');
  walker.blocks(body.documentElement!, judge);
  applyIndents(judge);
  // Lines ended with Shift+Enter: a paragraph of three lines or more, or two paragraphs of several lines
  // (couplets). One stray break in a title does not turn every line into a stanza.
  if (walker.mostBreaksInAParagraph >= 2 || walker.paragraphsWithBreaks >= 2) separateStanzas(judge, budget);

  // Notes follow the body, in the order the body refers to them, each starting with its number.
  const notes = new Map<string, Paragraph[]>();
  for (const [kind, name] of Object.entries(NOTE_PARTS)) {
    const document = await load(name);
    if (!document) continue;
    for (const note of children(document.documentElement!)) {
      if (!isW(note, kind)) continue;
      const type = wAttr(note, 'type');
      if (type && type !== 'normal') continue; // separators
      const paragraphs: Paragraph[] = [];
      walker.blocks(note, paragraphs);
      notes.set(`${kind}:${wAttr(note, 'id')}`, paragraphs);
    }
  }
  const referenced = walker.noteRefs.map((ref, index) => ({ number: index + 1, paragraphs: notes.get(`${ref.kind}:${ref.id}`) ?? [] }));
  const read = new Set(referenced.map((ref) => ref.paragraphs));
  if (referenced.some((ref) => ref.paragraphs.length)) judge.push(new Paragraph(budget));
  for (const { number, paragraphs } of referenced) {
    const first = paragraphs.find((paragraph) => !paragraph.isEmpty);
    first?.segments.unshift({ text: /^\s/.test(first.text) ? `[${number}]` : `[${number}] ` });
    judge.push(...paragraphs.filter((paragraph) => !paragraph.isEmpty));
  }
  for (const paragraphs of notes.values()) if (!read.has(paragraphs)) hidden.push(...paragraphs);

  for (const name of Object.keys(zip.files)
    .filter((name) => HIDDEN_PARTS.test(name))
    .sort()) {
    const document = await load(name);
    if (document) walker.blocks(document.documentElement!, hidden);
  }

  const properties: string[] = [];
  for (const name of PROPERTY_PARTS) {
    const document = await load(name);
    if (!document) continue;
    const text = document.documentElement?.textContent ?? '';
    budget.spend(text.length);
    for (const element of Array.from(document.getElementsByTagName('*'))) {
      const value = children(element).length === 0 ? element.textContent?.trim() : '';
      if (value) properties.push(value);
    }
  }

  const unreadableParts = Object.keys(zip.files).filter((name) => /^word\/(embeddings|charts|diagrams)\//.test(name) && !zip.files[name].dir).length;
  return { parts, judge, hidden, properties, images: walker.images, unreadable: Math.max(walker.unreadable, unreadableParts) };
}

/** The lines of a set of paragraphs, as judges read them (a paragraph with manual breaks gives several). */
export const paragraphsText = (paragraphs: Paragraph[]) => paragraphs.map((paragraph) => paragraph.text).join('\n');
