// MuPDF (npm `mupdf`, its WASM build) redacting areas of a PDF's pages and rendering them, for a poem whose PDF
// does not spell out its letters: judges get its pages with the poet's name taken out; and listing where a PDF draws
// its space glyphs and ligatures (pageGlyphs), which say where its words end when poppler's word boxes cannot. Redaction deletes the
// text, vector and image content under each area (applyRedactions), not a box drawn on top; then each page is
// rendered to an image and the judges' copy is a new PDF of those images only (no text, fonts or metadata).
// It runs as a bounded child process, like pdftotext (lib/pdftotext.ts): no shell, the file on stdin, an
// address-space limit (prlimit --as), a deadline that kills it (and a CPU-time limit, prlimit --cpu), a cap on what
// it may print and on the pages.
// MuPDF is AGPL-3.0: it stays a program of its own, spoken to through a pipe (docs/dependencies.md).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runBounded } from './bounded-child';
import { ApiError } from './client-error';
import { msg, type MessageVars } from './messages';

export const MUPDF_LIMITS = {
  /**
   * Wall time one redaction and rendering may take before it is killed; also its CPU time (prlimit --cpu), so the
   * child ends by itself should the worker thread that started it be ended first (the check's own deadline).
   */
  timeoutMs: 10_000,
  /** Address space of the child (node and MuPDF's WASM memory; node alone maps about 1.2 GB). */
  memoryBytes: 2560 * 1024 * 1024,
  /** What the copy may weigh. */
  outputBytes: 40 * 1024 * 1024,
  /** Pages rendered: a poem shown as pages has at most this many. */
  maxPages: 40,
  /** Rendering scale (1 = 72 dpi): 1.5 is 108 dpi, sharp enough to read any script. */
  scale: 1.5,
  /** Glyphs listed in the order the content draws them (pageGlyphs), over the whole file: past it, none are. */
  maxGlyphs: 200_000,
  /**
   * Pages of a PDF whose glyphs may be listed (pageGlyphs; only the pages that need it are read, in one pass, within
   * the same time, CPU and memory bounds): past it, none are, and the gaps decide. A story of 5,000 words is about 15
   * pages; listing all 258 pages of the bench's 5 MB Indic PDF cost 0.8 s more CPU and, on a loaded machine, pushed
   * its checks past their 20 s at 10 uploads at once (docs/benchmarks.md).
   */
  maxGlyphPages: 100,
};
export type MupdfLimits = typeof MUPDF_LIMITS;

/** An area of a page (0-based) to redact, in PDF points from the page's top left (poppler's -bbox coordinates). */
export interface PageArea {
  page: number;
  x0: number;
  top: number;
  x1: number;
  bottom: number;
}

const SEND_DOCX = msg('pdfPages.sendDocx');
const MB = 1024 * 1024;
const refuse = (limit: 'time' | 'memory' | 'output' | 'pages', vars: MessageVars, details: Record<string, unknown>) =>
  new ApiError(422, msg(`pdfPages.${limit}`, { ...vars, sendDocx: SEND_DOCX }), { reason: `pdf-pages-${limit}-limit`, ...details }, 'ValidationError');

export const mupdfErrors = {
  time: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse(
      'time',
      { seconds: limits.timeoutMs / 1000 },
      {
        maxSeconds: limits.timeoutMs / 1000,
      },
    ),
  memory: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse(
      'memory',
      { mb: Math.round(limits.memoryBytes / MB) },
      {
        maxMemoryMb: Math.round(limits.memoryBytes / MB),
      },
    ),
  output: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse(
      'output',
      { mb: Math.round(limits.outputBytes / MB) },
      {
        maxOutputMb: Math.round(limits.outputBytes / MB),
      },
    ),
  pages: (limits: MupdfLimits = MUPDF_LIMITS) =>
    refuse(
      'pages',
      { pages: limits.maxPages },
      {
        maxPages: limits.maxPages,
      },
    ),
};

/** Thrown when MuPDF could not open or write the file (damaged): not a limit. */
export class MupdfFailed extends Error {}

// The child's reader of a page's content in the order it draws (showOrder), put into CHILD below: String.raw keeps
// its regular expressions' backslashes as written.
const SHOW_ORDER = String.raw`
// The letters a page shows, in the order its content draws them (PDF content streams read here, operator by
// operator): each a [text, x, baseline, kind] in points from the page's top left; kind 0 letters (a glyph's
// ToUnicode text, or a marked-content span's ActualText, given once, where its first glyph is drawn), 1 a space
// glyph, 2 a glyph mapped to no letter. null when the page uses what this reader does not follow (a rotated page,
// a Type 3 font, a font whose codes are not one byte or Identity's two, more than maxUnits glyphs).
function showOrder(page, maxUnits) {
  const pageObject = page.getObject();
  const rotate = pageObject.getInheritable('Rotate');
  if (rotate.isNumber() && rotate.asNumber() % 360 !== 0) return null;
  const media = pageObject.getInheritable('MediaBox');
  const box = [0, 1, 2, 3].map((i) => media.get(i).asNumber());
  const left = Math.min(box[0], box[2]);
  const top = Math.max(box[1], box[3]);
  const units = [];
  const mul = (a, b) => [
    a[0] * b[0] + a[1] * b[2],
    a[0] * b[1] + a[1] * b[3],
    a[2] * b[0] + a[3] * b[2],
    a[2] * b[1] + a[3] * b[3],
    a[4] * b[0] + a[5] * b[2] + b[4],
    a[4] * b[1] + a[5] * b[3] + b[5],
  ];
  const fontCache = new Map();
  const hexText = (hex) => {
    let out = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  function readFont(font) {
    const key = font.isIndirect() ? font.asIndirect() : null;
    if (key !== null && fontCache.has(key)) return fontCache.get(key);
    const subtype = font.get('Subtype').isName() ? font.get('Subtype').asName() : '';
    let info = null;
    if (subtype === 'Type0') {
      const encoding = font.get('Encoding');
      if (encoding.isName() && /^Identity-[HV]$/.test(encoding.asName())) {
        const descendant = font.get('DescendantFonts').get(0);
        const dw = descendant.get('DW').isNumber() ? descendant.get('DW').asNumber() : 1000;
        const widths = new Map();
        const w = descendant.get('W');
        if (w.isArray()) {
          for (let i = 0; i < w.length; ) {
            const first = w.get(i).asNumber();
            const next = w.get(i + 1);
            if (next.isArray()) {
              for (let j = 0; j < next.length; j++) widths.set(first + j, next.get(j).asNumber());
              i += 2;
            } else {
              const last = next.asNumber();
              const width = w.get(i + 2).asNumber();
              if (last - first > 65535) break;
              for (let c = first; c <= last; c++) widths.set(c, width);
              i += 3;
            }
          }
        }
        info = { bytes: 2, width: (code) => widths.get(code) ?? dw };
      }
    } else if (subtype === 'TrueType' || subtype === 'Type1' || subtype === 'MMType1') {
      const first = font.get('FirstChar').isNumber() ? font.get('FirstChar').asNumber() : 0;
      const widths = font.get('Widths');
      const list = widths.isArray() ? Array.from({ length: widths.length }, (_, i) => widths.get(i).asNumber()) : [];
      const descriptor = font.get('FontDescriptor');
      const missing = descriptor.isDictionary() && descriptor.get('MissingWidth').isNumber() ? descriptor.get('MissingWidth').asNumber() : 0;
      info = { bytes: 1, width: (code) => list[code - first] ?? missing };
    }
    if (info) {
      info.map = new Map();
      const map = font.get('ToUnicode');
      if (map.isStream()) {
        const cmap = map.readStream().asString();
        for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
          for (const [, src, dst] of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) info.map.set(parseInt(src, 16), hexText(dst));
        for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
          for (const [, lo, hi, dst, list] of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]*)>|\[([^\]]*)\])/g)) {
            const [from, to] = [parseInt(lo, 16), parseInt(hi, 16)];
            if (to - from > 65535) continue;
            if (dst !== undefined) {
              const base = hexText(dst);
              for (let c = from; c <= to; c++)
                info.map.set(c, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + (c - from)));
            } else {
              const items = [...list.matchAll(/<([0-9A-Fa-f]*)>/g)].map((m) => hexText(m[1]));
              for (let c = from; c <= to && c - from < items.length; c++) info.map.set(c, items[c - from]);
            }
          }
      }
    }
    if (key !== null) fontCache.set(key, info);
    return info;
  }
  // A PDF string's bytes as given in a content stream: (literal) or <hex>.
  const textString = (bytes) => {
    if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
      let out = '';
      for (let i = 2; i + 1 < bytes.length; i += 2) out += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
      return out;
    }
    return String.fromCharCode(...bytes);
  };
  const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
  const SPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
  let failed = false;
  // Runs one content stream with its resources; depth bounds Form XObjects inside forms.
  function run(data, resources, ctm, depth) {
    let pos = 0;
    const n = data.length;
    const stack = [];
    const skipSpace = () => {
      while (pos < n) {
        if (SPACE.has(data[pos])) pos++;
        else if (data[pos] === 0x25) while (pos < n && data[pos] !== 0x0a && data[pos] !== 0x0d) pos++;
        else break;
      }
    };
    // One object: number, name, string (as bytes), array, dictionary (a Map), or an operator ({ op }).
    function next() {
      skipSpace();
      if (pos >= n) return undefined;
      const c = data[pos];
      if (c === 0x28) {
        const out = [];
        let level = 1;
        pos++;
        while (pos < n) {
          let b = data[pos++];
          if (b === 0x5c) {
            b = data[pos++];
            const esc = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 }[b];
            if (esc !== undefined) out.push(esc);
            else if (b >= 0x30 && b <= 0x37) {
              let v = b - 0x30;
              for (let k = 0; k < 2 && data[pos] >= 0x30 && data[pos] <= 0x37; k++) v = v * 8 + (data[pos++] - 0x30);
              out.push(v & 0xff);
            } else if (b === 0x0d) {
              if (data[pos] === 0x0a) pos++;
            } else if (b !== 0x0a) out.push(b);
            continue;
          }
          if (b === 0x28) level++;
          else if (b === 0x29 && --level === 0) break;
          out.push(b);
        }
        return { bytes: out };
      }
      if (c === 0x3c && data[pos + 1] === 0x3c) {
        pos += 2;
        const dict = new Map();
        for (;;) {
          skipSpace();
          if (pos >= n) return dict;
          if (data[pos] === 0x3e && data[pos + 1] === 0x3e) {
            pos += 2;
            return dict;
          }
          const key = next();
          const value = next();
          if (typeof key === 'object' && key && key.name) dict.set(key.name, value);
        }
      }
      if (c === 0x3c) {
        pos++;
        let hex = '';
        while (pos < n && data[pos] !== 0x3e) {
          if (!SPACE.has(data[pos])) hex += String.fromCharCode(data[pos]);
          pos++;
        }
        pos++;
        if (hex.length % 2) hex += '0';
        const out = [];
        for (let i = 0; i < hex.length; i += 2) out.push(parseInt(hex.slice(i, i + 2), 16));
        return { bytes: out };
      }
      if (c === 0x5b) {
        pos++;
        const items = [];
        for (;;) {
          skipSpace();
          if (pos >= n) return items;
          if (data[pos] === 0x5d) {
            pos++;
            return items;
          }
          const item = next();
          if (item === undefined) return items;
          items.push(item);
        }
      }
      if (c === 0x2f) {
        pos++;
        let name = '';
        while (pos < n && !SPACE.has(data[pos]) && !DELIM.has(data[pos])) name += String.fromCharCode(data[pos++]);
        return { name: name.replace(/#([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))) };
      }
      let word = '';
      while (pos < n && !SPACE.has(data[pos]) && !DELIM.has(data[pos])) word += String.fromCharCode(data[pos++]);
      if (word === '') {
        pos++;
        return { op: '' };
      }
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return Number(word);
      return { op: word };
    }
    const fonts = resources && resources.isDictionary() ? resources.get('Font') : null;
    const xobjects = resources && resources.isDictionary() ? resources.get('XObject') : null;
    const properties = resources && resources.isDictionary() ? resources.get('Properties') : null;
    const saved = [];
    let gs = { ctm, font: null, size: 0, tc: 0, tw: 0, th: 1, tl: 0, rise: 0 };
    let tm = [1, 0, 0, 1, 0, 0];
    let tlm = tm;
    const spans = [];
    const moveTo = (tx, ty) => {
      tlm = mul([1, 0, 0, 1, tx, ty], tlm);
      tm = tlm;
    };
    const show = (bytes) => {
      const font = gs.font;
      if (!font) {
        failed = true;
        return;
      }
      for (let i = 0; i + font.bytes <= bytes.length; i += font.bytes) {
        const code = font.bytes === 2 ? (bytes[i] << 8) | bytes[i + 1] : bytes[i];
        const trm = mul(mul([gs.size * gs.th, 0, 0, gs.size, 0, gs.rise], tm), gs.ctm);
        const [x, y] = [Math.round((trm[4] - left) * 100) / 100, Math.round((top - trm[5]) * 100) / 100];
        const span = spans.find((s) => s);
        if (span) span.at ??= [x, y];
        else {
          const text = font.map.get(code);
          if (text === undefined) units.push(['', x, y, 2]);
          else units.push([text, x, y, /^\s+$/.test(text) ? 1 : 0]);
          if (units.length > maxUnits) {
            failed = true;
            return;
          }
        }
        const tx = ((font.width(code) / 1000) * gs.size + gs.tc + (font.bytes === 1 && code === 32 ? gs.tw : 0)) * gs.th;
        tm = mul([1, 0, 0, 1, tx, 0], tm);
      }
    };
    for (;;) {
      if (failed) return;
      const token = next();
      if (token === undefined) break;
      if (typeof token !== 'object' || token === null || !('op' in token)) {
        stack.push(token);
        continue;
      }
      const args = stack.splice(0);
      const num = (i) => (typeof args[i] === 'number' ? args[i] : 0);
      switch (token.op) {
        case 'q':
          saved.push(gs);
          gs = { ...gs };
          break;
        case 'Q':
          if (saved.length) gs = saved.pop();
          break;
        case 'cm':
          gs.ctm = mul([0, 1, 2, 3, 4, 5].map(num), gs.ctm);
          break;
        case 'BT':
          tm = tlm = [1, 0, 0, 1, 0, 0];
          break;
        case 'Tf': {
          const name = args[0] && args[0].name;
          const font = name && fonts && fonts.isDictionary() ? fonts.get(name) : null;
          gs.font = font && font.isDictionary() ? readFont(font) : null;
          gs.size = num(1);
          if (!gs.font) failed = true;
          break;
        }
        case 'Tc':
          gs.tc = num(0);
          break;
        case 'Tw':
          gs.tw = num(0);
          break;
        case 'Tz':
          gs.th = num(0) / 100;
          break;
        case 'TL':
          gs.tl = num(0);
          break;
        case 'Ts':
          gs.rise = num(0);
          break;
        case 'Td':
          moveTo(num(0), num(1));
          break;
        case 'TD':
          gs.tl = -num(1);
          moveTo(num(0), num(1));
          break;
        case 'Tm':
          tm = tlm = [0, 1, 2, 3, 4, 5].map(num);
          break;
        case 'T*':
          moveTo(0, -gs.tl);
          break;
        case 'Tj':
          if (args[0] && args[0].bytes) show(args[0].bytes);
          break;
        case "'":
          moveTo(0, -gs.tl);
          if (args[0] && args[0].bytes) show(args[0].bytes);
          break;
        case '"':
          gs.tw = num(0);
          gs.tc = num(1);
          moveTo(0, -gs.tl);
          if (args[2] && args[2].bytes) show(args[2].bytes);
          break;
        case 'TJ':
          for (const item of Array.isArray(args[0]) ? args[0] : []) {
            if (typeof item === 'number') tm = mul([1, 0, 0, 1, (-item / 1000) * gs.size * gs.th, 0], tm);
            else if (item && item.bytes) show(item.bytes);
          }
          break;
        case 'BMC':
          spans.push(null);
          break;
        case 'BDC': {
          let props = args[1];
          let actual = null;
          if (props instanceof Map) {
            const value = props.get('ActualText');
            if (value && value.bytes) actual = textString(value.bytes);
          } else if (props && props.name && properties && properties.isDictionary()) {
            const dict = properties.get(props.name);
            if (dict.isDictionary() && dict.get('ActualText').isString()) actual = dict.get('ActualText').asString();
          }
          // An ActualText span inside another gives nothing of its own: the outer one's text stands for all.
          spans.push(actual !== null && !spans.some((s) => s) ? { text: actual, at: null } : null);
          break;
        }
        case 'EMC': {
          const span = spans.pop();
          if (span && span.at) units.push([span.text, span.at[0], span.at[1], /^\s+$/.test(span.text) ? 1 : 0]);
          break;
        }
        case 'ID':
          // An inline image's data, up to EI.
          while (pos < n && !(SPACE.has(data[pos - 1]) && data[pos] === 0x45 && data[pos + 1] === 0x49 && (pos + 2 >= n || SPACE.has(data[pos + 2])))) pos++;
          pos += 2;
          break;
        case 'Do': {
          const name = args[0] && args[0].name;
          const form = name && xobjects && xobjects.isDictionary() ? xobjects.get(name) : null;
          if (!form || !form.isStream() || form.get('Subtype').asName() !== 'Form') break;
          if (depth >= 4) {
            failed = true;
            break;
          }
          const matrix = form.get('Matrix');
          const m = matrix.isArray() ? [0, 1, 2, 3, 4, 5].map((i) => matrix.get(i).asNumber()) : [1, 0, 0, 1, 0, 0];
          const own = form.get('Resources');
          run(form.readStream().asUint8Array(), own.isDictionary() ? own : resources, mul(m, gs.ctm), depth + 1);
          break;
        }
      }
    }
  }
  const contents = pageObject.get('Contents');
  const streams = contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
  const parts = streams.filter((s) => s.isStream()).map((s) => s.readStream().asUint8Array());
  const data = new Uint8Array(parts.reduce((sum, p) => sum + p.length + 1, 0));
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    data[at + part.length] = 0x0a;
    at += part.length + 1;
  }
  run(data, pageObject.getInheritable('Resources'), [1, 0, 0, 1, 0, 0], 0);
  return failed ? null : units;
}
`;

// The child: reads the PDF from stdin, redacts the areas of argv[2] (JSON), and writes the redacted PDF
// ('redacted') or a new PDF of the rendered pages ('pages') to stdout; or ('glyphs') as JSON, for each page, its
// space glyphs (MuPDF's structured text with inhibit-spaces holds a space only where the content draws one, none
// guessed from a gap) and its Arabic glyphs that stand for more than one letter (lam-alef ligatures), in points
// from the page's top left. Exit 3: too many pages.
const CHILD =
  `
const [url, json] = process.argv.slice(1);
const { mode, areas, scale, maxPages, maxGlyphs, maxGlyphPages, spacePages, orderPages } = JSON.parse(json);
const mupdf = await import(url);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = mupdf.Document.openDocument(Buffer.concat(chunks), 'application/pdf').asPDF();
if (!doc) process.exit(2);
const count = doc.countPages();
if (count > (mode === 'glyphs' ? maxGlyphPages : maxPages)) process.exit(3);
if (mode === 'glyphs') {
  const pages = [];
  let shown = 0;
  const round = (v) => Math.round(v * 100) / 100;
  // Only the pages asked for (all when not said): their spaces, and on right-to-left ones their ligatures and the
  // order they are drawn in.
  const [spacesOn, orderOn] = [spacePages, orderPages].map((list) => (list ? new Set(list) : null));
  for (let n = 0; n < count; n++) {
    const wantOrder = !orderOn || orderOn.has(n);
    if (!wantOrder && spacesOn && !spacesOn.has(n)) {
      pages.push(null);
      continue;
    }
    const spaces = [];
    const ligatures = [];
    let line = [];
    // A glyph mapped to several letters (Arabic's lam-alef): MuPDF gives its first letter the glyph's width and the
    // others none, placed at one of its edges; a letter drawn with no width of its own looks the same, so only
    // sequences a font's map gives one glyph count.
    const endLine = () => {
      line.forEach((char, i) => {
        if (!(char.x1 - char.x0 < 0.01 && /^\\p{Script=Arabic}$/u.test(char.c) && /^\\p{L}$/u.test(char.c))) return;
        const gap = (other) => Math.min(Math.abs(other.x0 - char.x0), Math.abs(other.x1 - char.x0));
        const glyph = [line[i - 1], line[i + 1]]
          .filter((other) => other && other.x1 - other.x0 >= 0.01 && /^\\p{L}$/u.test(other.c) && gap(other) < 0.1)
          .sort((a, b) => gap(a) - gap(b))[0];
        if (glyph) (glyph.more ??= []).push(char.c);
      });
      for (const char of line) {
        const letters = char.more && char.c + char.more.join('');
        if (letters && multi.has(letters)) ligatures.push([round(char.x0), round(char.x1), round(char.y), letters]);
      }
      line = [];
    };
    // The Arabic letter sequences one glyph of the page's fonts stands for (their ToUnicode maps: lam-alef's "لأ").
    const multi = new Set();
    const page = doc.loadPage(n);
    const fonts = page.getObject().get('Resources').get('Font');
    if (wantOrder && fonts.isDictionary())
      fonts.forEach((font) => {
        const map = font.get('ToUnicode');
        if (!map.isStream()) return;
        for (const [, hex] of map.readStream().asString().matchAll(/<[0-9A-Fa-f]+>\\s*<([0-9A-Fa-f]{8,})>/g)) {
          const letters = String.fromCharCode(...hex.match(/.{4}/g).map((unit) => parseInt(unit, 16)));
          if (/^\\p{Script=Arabic}{2,}$/u.test(letters)) multi.add(letters);
        }
      });
    // ActualText ignored: each glyph's own letters (a producer's ActualText spans, which poppler reads, spread theirs).
    page.toStructuredText('preserve-whitespace,inhibit-spaces,ignore-actualtext').walk({
      onChar(c, origin, font, size, quad) {
        const [x0, x1] = [Math.min(quad[0], quad[4]), Math.max(quad[2], quad[6])];
        if (/^\\s$/.test(c)) spaces.push([round(x0), round(x1), round(origin[1])]);
        line.push({ c, x0, x1, y: origin[1] });
      },
      endLine,
    });
    // The letters in the order the content draws them (null where that reading does not follow the page).
    let order = null;
    try {
      if (wantOrder) order = showOrder(page, maxGlyphs - shown);
    } catch {
      order = null;
    }
    shown += order ? order.length : 0;
    pages.push({ spaces, ligatures, order });
  }
  // Written out before exiting: a pipe takes a large write in pieces, and an exit would cut it short.
  await new Promise((done) => process.stdout.write(JSON.stringify(pages), done));
  process.exit(0);
}
for (let n = 0; n < count; n++) {
  const mine = areas.filter((area) => area.page === n);
  if (!mine.length) continue;
  const page = doc.loadPage(n);
  for (const area of mine) page.createAnnotation('Redact').setRect([area.x0, area.top, area.x1, area.bottom]);
  page.applyRedactions(false, mupdf.PDFPage.REDACT_IMAGE_PIXELS, mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED, mupdf.PDFPage.REDACT_TEXT_REMOVE);
}
let out;
if (mode === 'redacted') out = doc.saveToBuffer('garbage=4,compress').asUint8Array();
else {
  const copy = new mupdf.PDFDocument();
  for (let n = 0; n < count; n++) {
    const page = doc.loadPage(n);
    const [x0, y0, x1, y1] = page.getBounds();
    const [w, h] = [x1 - x0, y1 - y0];
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const image = copy.addImage(new mupdf.Image(pixmap));
    const resources = copy.addObject({ XObject: { P: image } });
    copy.insertPage(-1, copy.addPage([0, 0, w, h], 0, resources, 'q ' + w + ' 0 0 ' + h + ' 0 0 cm /P Do Q'));
  }
  out = copy.saveToBuffer('compress').asUint8Array();
}
process.stdout.write(out);
` + SHOW_ORDER;

let mupdfUrl: string | null = null;
/** Where the mupdf package's module is (resolved once; the child imports it by this URL). */
function mupdfModule(): string {
  mupdfUrl ??= pathToFileURL(createRequire(__filename).resolve('mupdf')).href;
  return mupdfUrl;
}

/** A space glyph the PDF draws: its left and right edge and its baseline, in points from the page's top left. */
export type SpaceGlyph = [x0: number, x1: number, baseline: number];
/** An Arabic glyph standing for several letters (a lam-alef ligature): where, and its letters in logical order. */
export type LigatureGlyph = [x0: number, x1: number, baseline: number, letters: string];
/**
 * What a page draws, in the order its content draws it (text-showing operators read one by one, Form XObjects
 * followed): a glyph's letters (its font's ToUnicode text, or a marked-content span's ActualText given once, where
 * the span's first glyph is drawn; 0), a space glyph (1) or a glyph mapped to no letter (2), with its origin.
 */
export type ShownGlyph = [text: string, x: number, baseline: number, kind: 0 | 1 | 2];
export interface PageGlyphs {
  spaces: SpaceGlyph[];
  ligatures: LigatureGlyph[];
  /** null where that reading does not follow the page (a rotated page, a Type 3 font, codes other than one byte or Identity's two, past maxGlyphs). */
  order: ShownGlyph[] | null;
}

/** Which pages to list (0-based): their space glyphs, and on right-to-left ones also ligatures and order. */
export interface GlyphPages {
  spaces: number[];
  order: number[];
}

/**
 * Where each page draws a space glyph (a space character the content shows, never one guessed from a gap), a glyph of
 * several Arabic letters, and what it draws in order; `pages` says which pages (every page, everything, when not
 * given; a page not asked for is null). null for a PDF of more than maxGlyphPages pages, or one MuPDF cannot list
 * within the same bounds as the redaction (the text is then read by poppler's gaps alone: nothing is refused for it).
 */
export async function pageGlyphs(bytes: Buffer, limits: MupdfLimits = MUPDF_LIMITS, pages?: GlyphPages): Promise<(PageGlyphs | null)[] | null> {
  try {
    const task = {
      mode: 'glyphs',
      areas: [],
      scale: limits.scale,
      maxPages: limits.maxPages,
      maxGlyphs: limits.maxGlyphs,
      maxGlyphPages: limits.maxGlyphPages,
      spacePages: pages?.spaces,
      orderPages: pages?.order,
    };
    return JSON.parse((await runMupdf(bytes, task, limits)).toString('utf8'));
  } catch (error) {
    if (error instanceof ApiError || error instanceof MupdfFailed || error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * The PDF with the areas redacted: as a new PDF of page images (`pages`, what judges get), or as the redacted PDF
 * itself (`redacted`: its remaining text can be read again, which is how tests see the glyphs are gone).
 */
export async function redactPdfPages(
  bytes: Buffer,
  areas: PageArea[],
  mode: 'pages' | 'redacted' = 'pages',
  limits: MupdfLimits = MUPDF_LIMITS,
): Promise<Buffer> {
  return runMupdf(bytes, { mode, areas, scale: limits.scale, maxPages: limits.maxPages }, limits);
}

/** The child's output for `task`, within the limits; each way it may end read into its 422 or MupdfFailed. */
async function runMupdf(
  bytes: Buffer,
  task: { mode: string; areas: PageArea[]; scale: number; maxPages: number } & Record<string, unknown>,
  limits: MupdfLimits,
): Promise<Buffer> {
  const args = JSON.stringify(task);
  const end = await runBounded(process.execPath, ['--max-old-space-size=256', '--input-type=module', '--eval', CHILD, mupdfModule(), args], bytes, {
    ...limits,
    cpuSeconds: Math.max(1, Math.ceil(limits.timeoutMs / 1000)),
  });
  if (end.stopped === 'time' || end.signal === 'SIGXCPU') throw mupdfErrors.time(limits);
  if (end.stopped === 'output') throw mupdfErrors.output(limits);
  if (end.code === 3) throw mupdfErrors.pages(limits);
  if (
    end.signal === 'SIGABRT' ||
    end.signal === 'SIGSEGV' ||
    /out of memory|cannot allocate|RangeError: WebAssembly|Failed to allocate memory|heap limit|Cannot enlarge memory/i.test(end.stderr)
  ) {
    throw mupdfErrors.memory(limits);
  }
  if (end.code !== 0) throw new MupdfFailed(`mupdf exited with ${end.signal ?? end.code}: ${end.stderr.trim().slice(0, 300)}`);
  return end.stdout;
}
