#!/usr/bin/env node
// Where a 5 MB entry's CPU time goes, stage by stage, on the bench's own 5 MB .pdf and .docx (bench/uploads.mjs):
// multipart parsing (formidable, as strapi::body runs it), sniffing, reading the text (pdf-lib's stream check,
// pdftotext with its CPU in the child), name removal, the blind copy and its re-check, checksums, the originality
// fingerprint and storage (the private files on disk). It calls the built cms (cms/dist, build it first) in the order
// POST /api/entries runs its steps, in one thread, so each stage's CPU is its own. Medians of --runs (default 5).
// Run: node scripts/measure-entry-path.mjs [--runs=5] [--resident=MB] [--json]
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { poemFiles, NAME, PHONE } from '../bench/uploads.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const cmsDir = join(root, 'cms');
const requireCms = createRequire(join(cmsDir, 'package.json'));
const dist = (path) => requireCms(join(cmsDir, 'dist', path));
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
// --resident=MB: hold that much memory, touched, while measuring, as a running cms does (about 600 MB resident):
// what a fork costs grows with the forking process's memory, so a small script alone would understate it.
const resident = Number(process.argv.find((arg) => arg.startsWith('--resident='))?.split('=')[1] ?? 0);
const held = Array.from({ length: resident }, () => Buffer.alloc(1024 * 1024, 1));

const poemFile = dist('src/api/entry/reading/poem-file.js');
const judgeView = dist('src/api/entry/reading/judge-view.js');
const judgeCopy = dist('src/api/entry/reading/judge-copy.js');
const pdfStreams = dist('src/api/entry/reading/pdf-streams.js');
const pdfJudgeCopy = dist('src/api/entry/reading/pdf-judge-copy.js');
const pdfText = dist('src/api/entry/reading/pdf-text.js');
const { TextBudget } = dist('src/api/entry/reading/text-budget.js');
const fingerprint = dist('src/api/originality/lib/fingerprint.js');
const worker = dist('src/api/entry/reading/worker.js');
const formidable = requireCms('formidable');
// pdftotext, pdffonts and MuPDF run from the launcher (lib/bounded-child.ts), a process of this thread's own: its CPU
// and its finished children's are counted with this process's. (A build without the launcher forks them from here.)
const boundedChild = dist('src/lib/bounded-child.js');

/** Clock ticks (100 a second) of a process's finished children (cutime + cstime), and of itself when `own`. */
function ticksOf(pid, own) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(stat[13]) + Number(stat[14]) + (own ? Number(stat[11]) + Number(stat[12]) : 0);
  } catch {
    return 0; // the launcher not started yet, or gone
  }
}

/** CPU milliseconds of this process, of its finished children and of the launcher's (pdftotext, pdffonts, MuPDF). */
function cpu() {
  const self = process.cpuUsage();
  const launcher = boundedChild.launcherPid?.();
  const ticks = ticksOf('self', false) + (launcher ? ticksOf(launcher, true) : 0);
  return { self: (self.user + self.system) / 1000, children: ticks * 10 };
}

async function timed(stages, name, step) {
  const before = cpu();
  const wall = performance.now();
  const value = await step();
  const after = cpu();
  stages.push({ name, wallMs: performance.now() - wall, cpuMs: after.self - before.self + (after.children - before.children) });
  return value;
}

/** A multipart body like the bench's, parsed by formidable into a temporary file as koa-body does. */
async function multipart(file, dir) {
  const body = new FormData();
  body.append('poem', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  body.append('title', 'Bench river');
  const request = new Request('http://x/', { method: 'POST', body });
  const bytes = Buffer.from(await request.arrayBuffer());
  return async (options = {}) => {
    const stream = Readable.from([bytes]);
    Object.assign(stream, { headers: { 'content-type': request.headers.get('content-type'), 'content-length': String(bytes.length) } });
    const form = formidable({ uploadDir: dir, maxFileSize: 25 * 1024 * 1024, ...options });
    const files = await new Promise((resolve, reject) => form.parse(stream, (error, _fields, parsed) => (error ? reject(error) : resolve(parsed))));
    return Array.isArray(files.poem) ? files.poem[0] : files.poem;
  };
}

async function onePass(file, dir, parse) {
  const stages = [];
  const author = { name: NAME, email: 'bench-poet@bench.writory.local', phone: PHONE };
  // As strapi::body runs it (config/middlewares.ts): the upload's SHA-256 taken while it arrives.
  const upload = await timed(stages, 'multipart parsing and the upload’s SHA-256 (formidable, request thread)', () => parse({ hashAlgorithm: 'sha256' }));
  const bytes = await timed(stages, 'reading the upload from disk (worker)', () => readFileSync(upload.filepath));
  const kind = await timed(stages, 'sniffing (file-type)', () => poemFile.sniffPoem(bytes));
  let poem;
  if (kind === 'pdf') {
    await timed(stages, 'PDF stream bounds (pdf-lib parse, inflate counts)', () => pdfStreams.checkPdfStreams(bytes));
    await timed(stages, 'pdf.js open and metadata (encryption, Author)', async () => poemFile.closePdf(await poemFile.openPdf(bytes)));
    await timed(stages, 'reading the text (pdftotext -bbox, line assembly)', () => pdfText.readPdfLines(bytes, new TextBudget()));
    poem = await poemFile.extractPoem(bytes); // the same again, untimed, for the stages below
  } else {
    poem = await timed(stages, 'reading the text (archive check + XML walk)', () => poemFile.extractPoem(bytes));
  }
  const anonymiser = judgeView.anonymiserFor(author, { fullName: NAME, phone: PHONE }, poem);
  const judge = await timed(stages, 'name removal and warnings', () => judgeView.judgeView(anonymiser, poem));
  const copy = await timed(stages, 'blind copy and its re-check', () => judgeCopy.makeJudgeCopy(poem.kind, bytes, poem.text, judge.text, anonymiser));
  if (kind === 'pdf' && copy && !copy.plain) {
    // The PDF blind copy's re-check, measured apart (the copy above already ran it once).
    const strings = await timed(stages, '  of which: re-check, every string of the copy (pdf-lib parse, streams decoded)', () =>
      pdfJudgeCopy.everyPdfString(copy.bytes),
    );
    await timed(stages, '  of which: re-check, name search over those strings', () => anonymiser.mentions(strings));
  }
  await timed(stages, 'checksum of the judges’ text (the file’s comes from the body parser)', () => judgeView.sha256(judge.text));
  await timed(stages, 'originality fingerprint', () => fingerprint.signature(poem.text));
  await timed(stages, 'storage (poem copied from the upload on disk, blind copy written; request thread)', () => {
    copyFileSync(upload.filepath, join(dir, 'stored-poem'));
    if (copy) writeFileSync(join(dir, 'stored-copy'), copy.bytes);
  });
  rmSync(upload.filepath, { force: true });
  // The whole worker task as the pool runs it (what the account's check time is charged).
  const taskPath = join(dir, 'task-input');
  writeFileSync(taskPath, bytes);
  await timed(stages, 'the whole worker task (reading/worker.js)', () =>
    worker.default({
      kind: 'entry',
      filepath: taskPath,
      author,
      draft: {
        title: 'Bench river',
        language: 'English',
        fullName: NAME,
        phone: PHONE,
        country: 'GB',
        declarations: {},
        fileName: file.name,
        idempotencyKey: 'k',
        sha256: upload.hash,
      },
      now: new Date(),
    }),
  );
  return stages;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const dir = mkdtempSync(join(tmpdir(), 'entry-path-'));
const results = {};
try {
  for (const file of await poemFiles(cmsDir)) {
    const parse = await multipart(file, dir);
    await onePass(file, dir, parse); // warm-up
    const passes = [];
    for (let i = 0; i < runs; i++) passes.push(await onePass(file, dir, parse));
    results[file.name] = passes[0].map((stage, i) => ({
      name: stage.name,
      cpuMs: median(passes.map((pass) => pass[i].cpuMs)),
      wallMs: median(passes.map((pass) => pass[i].wallMs)),
    }));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (held.length) console.log(`(holding ${held.length} MB resident while measuring)`);
if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
else {
  for (const [name, stages] of Object.entries(results)) {
    console.log(`\n${name} (medians of ${runs}; CPU includes pdftotext's)`);
    console.log('| stage | CPU ms | wall ms |\n|---|---:|---:|');
    for (const stage of stages) console.log(`| ${stage.name} | ${stage.cpuMs.toFixed(0)} | ${stage.wallMs.toFixed(0)} |`);
  }
}
