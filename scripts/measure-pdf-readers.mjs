#!/usr/bin/env node
// Measures how exactly each PDF reader gives back the script fixtures (cms/tests/fixtures/scripts, made by
// make.mjs there): the character error rate of the text against what the poet wrote (Levenshtein distance over
// code points, NFC, any run of white space counted as one space, divided by the source's length), and the CPU
// time per file (this process's and its children's, averaged over 10 readings). Readers: the cms's own
// (extractPoem, as it reads now), the cms's reading before issue 37 (pdf.js through unpdf with the line assembly
// of git show 90f5c4f:cms/src/api/entry/files/pdf-text.ts), poppler's pdftotext (-layout, plain and -raw) as it
// prints, and MuPDF's WASM build (npm `mupdf`, when MUPDF_DIR points at a folder where it is installed: it is not
// a dependency of the project), and Debian's MuPDF 1.21 (`mutool draw -F text`, package mupdf-tools) when installed.
// Run: node scripts/measure-pdf-readers.mjs [--json]; or with --table, the cms's reading alone, once per file, as
// the table of character error rates per script and producer (docs/features/entries-and-judging.md): a file shown
// to judges as its pages (judge-view.ts) says so.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, 'cms/tests/fixtures/scripts');
const { texts } = JSON.parse(readFileSync(join(fixtures, 'texts.json'), 'utf8'));

// The cms's reading code, bundled so plain node runs it (its packages stay external, found from cms/).
const cacheDir = join(root, 'cms/node_modules/.cache/measure-pdf-readers');
mkdirSync(cacheDir, { recursive: true });
const entry = join(cacheDir, 'entry.ts');
// pdf.js as the cms read PDFs before issue 37: its line assembly over unpdf's text items, from git.
const BEFORE = '90f5c4f';
const reading = '../../../src/api/entry/reading';
writeFileSync(
  join(cacheDir, 'pdf-text-before.ts'),
  execFileSync('git', ['-C', root, 'show', `${BEFORE}:cms/src/api/entry/files/pdf-text.ts`], { encoding: 'utf8' }).replaceAll("'./", `'${reading}/`),
);
writeFileSync(
  entry,
  `export { extractPoem, tidy } from '${reading}/poem-file';\nexport { TextBudget } from '${reading}/text-budget';\nexport { readPdfLines as readPdfLinesBefore } from './pdf-text-before';\n`,
);
const bundle = join(cacheDir, 'bundle.mjs');
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The cms's code is CommonJS: lib/mupdf-pages.ts finds the mupdf package from its own __filename.
  banner: { js: "import { fileURLToPath as __toPath } from 'node:url'; const __filename = __toPath(import.meta.url);" },
  outfile: bundle,
  logLevel: 'error',
  plugins: [
    {
      name: 'external-packages',
      setup: (b) => b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@writory/') ? null : { path: args.path, external: true })),
    },
  ],
});
const { extractPoem, tidy, TextBudget, readPdfLinesBefore } = await import(pathToFileURL(bundle).href);

let mupdf = null;
if (process.env.MUPDF_DIR) mupdf = await import(pathToFileURL(join(process.env.MUPDF_DIR, 'node_modules/mupdf/dist/mupdf.js')).href);

// Debian's MuPDF (mupdf-tools: mutool draw -F text), when installed.
const mutool = spawnSync('mutool', ['-v'], { stdio: 'ignore' }).error === undefined;

const { getDocumentProxy } = await import(pathToFileURL(join(root, 'cms/node_modules/unpdf/dist/index.mjs')).href).catch(
  () => import(pathToFileURL(join(root, 'node_modules/unpdf/dist/index.mjs')).href),
);

/** The cms's reading before issue 37: pdf.js's text items, put into lines by the old pdf-text.ts. */
async function pdfjsBefore(bytes) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: false });
  try {
    return tidy((await readPdfLinesBefore(pdf, new TextBudget())).text);
  } finally {
    await pdf.loadingTask.destroy();
  }
}

function mupdfText(bytes) {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  let out = '';
  for (let n = 0; n < doc.countPages(); n++) out += `${doc.loadPage(n).toStructuredText('preserve-whitespace').asText()}\n`;
  return out;
}

const pdftotext = (args) => (file) => execFileSync('pdftotext', [...args, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

function levenshtein(a, b) {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length];
}
// Bidi controls (pdftotext -layout marks right-to-left runs with them) are invisible: not counted.
const squash = (text) =>
  text
    .normalize('NFC')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
const cer = (got, want) => levenshtein(squash(got), squash(want)) / [...squash(want)].length;

/** What the poet wrote, as the file shows it: LibreOffice's pages carry the header (name) and footer (email). */
function source(text, producer, ext) {
  const body = [text.title, ...text.stanzas.flat(), `— ${text.author}`];
  return ((producer === 'libreoffice' || producer === 'wordstyle') && ext === 'pdf' ? [text.author, ...body, text.email] : body).join('\n');
}

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** CPU ms of the children this process waited for (Linux: cutime + cstime of /proc/self/stat, in 10 ms ticks). */
const childCpu = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
};
const REPEAT = 10;

if (process.argv.includes('--table')) {
  const producers = [
    ['libreoffice', 'docx', 'LibreOffice .docx'],
    ['libreoffice', 'pdf', 'LibreOffice PDF'],
    ['wordstyle', 'docx', 'Word-style .docx'],
    ['wordstyle', 'pdf', 'Word-style PDF'],
    ['chromium', 'pdf', 'Chromium PDF'],
  ];
  console.log(`| text | ${producers.map(([, , name]) => name).join(' | ')} |`);
  console.log(`| --- |${producers.map(() => ' --- |').join('')}`);
  for (const text of texts) {
    const cells = [];
    for (const [producer, ext] of producers) {
      const file = join(fixtures, `${text.id}.${producer}.${ext}`);
      let bytes;
      try {
        bytes = readFileSync(file);
      } catch {
        cells.push('');
        continue;
      }
      const poem = await extractPoem(bytes);
      cells.push(poem.asPages ? `pages (${poem.asPages.reason})` : `${+cer(poem.text, source(text, producer, ext)).toFixed(3)}`);
    }
    console.log(`| ${text.id} (${text.lang}) | ${cells.join(' | ')} |`);
  }
  process.exit(0);
}

const rows = [];
for (const file of readdirSync(fixtures)
  .filter((f) => /\.(pdf|docx)$/.test(f))
  .sort()) {
  const [id, producer, ext] = file.split('.');
  const text = texts.find((t) => t.id === id);
  const path = join(fixtures, file);
  const bytes = readFileSync(path);
  const want = source(text, producer, ext);
  const readers = { cms: async () => (await extractPoem(bytes)).text };
  if (ext === 'pdf') {
    readers['before (pdf.js)'] = () => pdfjsBefore(bytes);
    readers['pdftotext -layout'] = () => pdftotext(['-layout'])(path);
    readers.pdftotext = () => pdftotext([])(path);
    readers['pdftotext -raw'] = () => pdftotext(['-raw'])(path);
    if (mupdf) readers.mupdf = () => mupdfText(bytes);
    if (mutool)
      readers['mutool 1.21'] = () =>
        execFileSync('mutool', ['draw', '-q', '-F', 'text', '-o', '-', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  }
  const row = { file };
  for (const [name, read] of Object.entries(readers)) {
    const got = await read(); // also warms: the first call loads code
    // The CPU of REPEAT readings, this process's and its children's (pdftotext runs as a child; the cms's reader may too).
    const started = cpu() + childCpu();
    for (let i = 0; i < REPEAT; i++) await read();
    row[name] = { cer: cer(got, want), ms: (cpu() + childCpu() - started) / REPEAT };
  }
  rows.push(row);
}

if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 1));
else {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row).filter((k) => k !== 'file')))];
  console.log(`| file | ${names.map((n) => `${n} CER (ms)`).join(' | ')} |`);
  console.log(`|---|${names.map(() => '---').join('|')}|`);
  for (const row of rows)
    console.log(`| ${row.file} | ${names.map((n) => (row[n] ? `${row[n].cer.toFixed(3)} (${row[n].ms.toFixed(0)})` : '')).join(' | ')} |`);
}
