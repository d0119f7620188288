// Runs poppler's pdftotext (Debian's poppler-utils) on a PDF's bytes, bounded: no shell, the file on stdin,
// an address-space limit (prlimit --as), a deadline that kills it, and a cap on what it may print. A file that
// breaks a bound is refused with a 422 naming the limit. Why poppler: docs/dependencies.md (issue 37).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { runBounded } from './bounded-child';
import { ApiError } from './client-error';
import { msg, type MessageVars } from './messages';

export const PDFTOTEXT_LIMITS = {
  /** Wall time one reading may take before it is killed. */
  timeoutMs: 15_000,
  /** Address space pdftotext may map (prlimit --as). */
  memoryBytes: 768 * 1024 * 1024,
  /** What it may print (its word boxes take about 150 bytes a word). */
  outputBytes: 48 * 1024 * 1024,
};

const SAVE_AGAIN = msg('poemFile.saveAgain');

export type PdftotextLimits = typeof PDFTOTEXT_LIMITS;

const overLimit = (limit: 'time' | 'memory' | 'output', vars: MessageVars, details: Record<string, unknown>) =>
  new ApiError(422, msg(`pdfText.${limit}`, { ...vars, saveAgain: SAVE_AGAIN }), { reason: `pdf-${limit}-limit`, ...details }, 'ValidationError');

const MB = 1024 * 1024;

export const pdftotextErrors = {
  time: (limits: PdftotextLimits = PDFTOTEXT_LIMITS) =>
    overLimit(
      'time',
      { seconds: limits.timeoutMs / 1000 },
      {
        maxSeconds: limits.timeoutMs / 1000,
      },
    ),
  memory: (limits: PdftotextLimits = PDFTOTEXT_LIMITS) =>
    overLimit(
      'memory',
      { mb: Math.round(limits.memoryBytes / MB) },
      {
        maxMemoryMb: Math.round(limits.memoryBytes / MB),
      },
    ),
  output: (limits: PdftotextLimits = PDFTOTEXT_LIMITS) =>
    overLimit(
      'output',
      { mb: Math.round(limits.outputBytes / MB) },
      {
        maxOutputMb: Math.round(limits.outputBytes / MB),
      },
    ),
};

/** Thrown when pdftotext could not read the file at all (damaged, not a PDF, encrypted). */
export class PdftotextFailed extends Error {}

/**
 * Why the PDF reader cannot run on this machine, or null when it can (the startup check and the guard use it): a
 * command missing from every folder of PATH, which is when running it would fail with ENOENT. Looked up on disk rather
 * than run (`--version`): the guard runs as each config file loads, twice a start, and each run forks the whole
 * server process (about 50 ms of CPU each from a Strapi-sized process, six a start).
 */
export function pdftotextProblem(path: string | undefined = process.env.PATH): string | null {
  const folders = (path ?? '').split(delimiter).filter(Boolean);
  for (const [command, pkg] of [
    ['pdftotext', 'poppler-utils'],
    ['pdffonts', 'poppler-utils'],
    ['prlimit', 'util-linux'],
  ]) {
    if (!folders.some((folder) => existsSync(join(folder, command)))) {
      return `${command} is not installed: poem PDFs cannot be read. Install the Debian package ${pkg} (scripts/system-deps.sh does; deploy/cms.Dockerfile has it).`;
    }
  }
  return null;
}

/** pdftotext's output for `args` (its input is stdin, its output stdout), within PDFTOTEXT_LIMITS. */
export const runPdftotext = (bytes: Buffer, args: string[], limits: PdftotextLimits = PDFTOTEXT_LIMITS): Promise<string> =>
  runPoppler('pdftotext', ['-q', ...args, '-', '-'], bytes, limits);

/**
 * The names of the fonts a PDF embeds without a ToUnicode map (poppler's pdffonts, within the same limits): their
 * glyphs map to no characters, so no reader can spell out the letters drawn with them (a reader guesses from the
 * font's own tables, mostly wrong). Fonts a PDF does not embed are read by their standard encodings, and Type 1
 * fonts (TeX's, for one) by their glyphs' names: neither is listed.
 */
export async function fontsWithoutLetters(bytes: Buffer, limits: PdftotextLimits = PDFTOTEXT_LIMITS): Promise<string[]> {
  return (await readPdfFonts(bytes, limits)).unspelled;
}

/** What a PDF's fonts say about reading it (one pdffonts run): those without letters, and those set in Nastaliq. */
export async function readPdfFonts(bytes: Buffer, limits: PdftotextLimits = PDFTOTEXT_LIMITS): Promise<{ unspelled: string[]; nastaliq: string[] }> {
  const table = await runPoppler('pdffonts', ['-'], bytes, limits);
  return { unspelled: unspelledFonts(table), nastaliq: nastaliqFonts(table) };
}

// Nastaliq typefaces by their names: Noto Nastaliq Urdu, Jameel Noori Nastaleeq, Nafees Nastaleeq, Alvi Nastaleeq,
// Microsoft's Urdu Typesetting.
const NASTALIQ = /nasta['\s-]?(?:liq|leeq|aliq)|urdu\s*typesetting/i;

/**
 * The fonts of pdffonts's table in the Nastaliq style: it steps each word's letters down the line, so a reader gets
 * its letters but not where its words and lines begin and end (scripts/measure-pdf-readers.mjs).
 */
export function nastaliqFonts(table: string): string[] {
  return [...new Set(fontRows(table).flatMap(([name]) => (name && NASTALIQ.test(name) ? [name] : [])))];
}

/** The rows of pdffonts's table, each as its cells: name, type, encoding, emb, sub, uni, object ID. */
function fontRows(table: string): string[][] {
  const lines = table.split('\n');
  // Fixed-width columns, as wide as the dashes under the header.
  const widths = (lines[1] ?? '').split(' ').map((dashes) => dashes.length);
  return lines.slice(2).map((line) => {
    const cells: string[] = [];
    let at = 0;
    for (const width of widths) {
      cells.push(line.slice(at, at + width).trim());
      at += width + 1;
    }
    return cells;
  });
}

/** The fonts of pdffonts's table that are embedded, not Type 1, and have no ToUnicode map. */
export function unspelledFonts(table: string): string[] {
  return fontRows(table).flatMap(([name, type, , emb, , uni]) => (name && emb === 'yes' && uni === 'no' && !/^Type 1C?$/.test(type) ? [name] : []));
}

/** A poppler tool's output for `args`, the file on stdin, within the limits. */
async function runPoppler(tool: 'pdftotext' | 'pdffonts', args: string[], bytes: Buffer, limits: PdftotextLimits): Promise<string> {
  const end = await runBounded(tool, args, bytes, limits, { LANG: 'C.UTF-8' });
  if (end.stopped === 'time') throw pdftotextErrors.time(limits);
  if (end.stopped === 'output') throw pdftotextErrors.output(limits);
  // Out of address space: allocation fails and pdftotext aborts (bad_alloc), crashes, or cannot even map itself.
  if (
    end.signal === 'SIGABRT' ||
    end.signal === 'SIGSEGV' ||
    end.signal === 'SIGBUS' ||
    /bad_alloc|out of memory|cannot allocate|failed to map/i.test(end.stderr)
  ) {
    throw pdftotextErrors.memory(limits);
  }
  if (end.code !== 0) throw new PdftotextFailed(`${tool} exited with ${end.signal ?? end.code}: ${end.stderr.trim().slice(0, 200)}`);
  return end.stdout.toString('utf8');
}
