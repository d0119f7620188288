// Runs benchmarks against the bench stack and saves their figures (bench/results/latest.{json,md}).
// A benchmark is a module with { name, title, run(ctx) → { tables, targets, notes, figures } } and an
// optional setup(ctx); ctx gives the stack (cms, site, auth emulator), the dataset, the number of runs and `quick`
// (`--quick`: a benchmark that has a long default, such as contest-day's 60 s, runs a short version).
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/toolchain.mjs';
import { buildCms } from '../scripts/lib/stack.mjs';
import { BENCHMARKS } from './index.mjs';
import { ensureDataset } from './seed/index.mjs';
import { LOG_DIR, createBenchStack } from './lib/stack.mjs';
import { machineInfo, versions } from './lib/machine.mjs';
import { markdownTable, renderResults } from './lib/table.mjs';

const RESULTS_DIR = join(root, 'bench', 'results');
function loadPrevious() {
  const file = join(RESULTS_DIR, 'latest.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Writes latest.json and latest.md (the record of the figures; the docs link to it). */
export function writeResults(results) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  const markdown = renderResults(results);
  writeFileSync(join(RESULTS_DIR, 'latest.md'), markdown);
}

/**
 * The stack runs on a copy of the dataset made at each start: what benchmarks write (visits, uploaded entries,
 * notifications, a retitled article) is gone by the next run, and the seeded file stays as seeded.
 */
function workingCopy(file) {
  mkdirSync(LOG_DIR, { recursive: true });
  const copy = join(LOG_DIR, 'writory-bench-run.db');
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(copy + suffix, { force: true });
  copyFileSync(file, copy);
  return copy;
}

export function runBench({ names = [], runs = 3, reuseSite = false, quick = false, log }) {
  let stack = null;
  const stop = async () => stack?.stop();
  const done = (async () => {
    const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
    if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; choose from ${BENCHMARKS.map((b) => b.name).join(', ')}`);
    const chosen = names.length ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
    const started = Date.now();
    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const command = `npm run bench${names.length ? ` -- ${names.join(' ')}` : ''}`;
    const machine = machineInfo();

    await buildCms(process.env);
    const dataset = ensureDataset({ cmsDir: join(root, 'cms'), log });
    stack = createBenchStack({ dataset: workingCopy(dataset.file), reuseSite });
    const ctx = { stack, dataset, log, runs, quick, root };

    const benchmarks = {};
    let ok = true;
    for (const bench of chosen) {
      log(`bench: ${bench.name} — ${bench.title}`);
      const t = Date.now();
      let outcome;
      try {
        await bench.setup?.(ctx);
        outcome = await bench.run(ctx);
      } catch (error) {
        ok = false;
        log(`bench: ${bench.name} broke: ${error.stack ?? error.message}`);
        outcome = { error: error.message };
      }
      benchmarks[bench.name] = { title: bench.title, date, command, seconds: (Date.now() - t) / 1000, ...outcome };
      for (const table of outcome.tables ?? []) console.log(`\n${table.caption ?? ''}\n${markdownTable(table.columns, table.rows)}\n`);
      log(`bench: ${bench.name} took ${Math.round((Date.now() - t) / 1000)} s`);
    }
    await stack.stop();

    const previous = names.length ? loadPrevious() : null;
    const merged = { ...(previous?.benchmarks ?? {}), ...benchmarks };
    const seconds = (Date.now() - started) / 1000;
    const results = {
      command,
      date,
      seconds,
      lastFullRun: names.length ? (previous?.lastFullRun ?? null) : { date, seconds, loadAverage: machine.loadAverage },
      machine,
      versions: versions(),
      dataset: { counts: dataset.counts, reused: dataset.reused, seconds: dataset.seconds, notSeeded: dataset.notSeeded },
      benchmarks: Object.fromEntries(BENCHMARKS.filter((b) => merged[b.name]).map((b) => [b.name, merged[b.name]])),
    };
    writeResults(results);
    log(`bench: done in ${Math.round(seconds)} s; figures in bench/results/latest.md`);
    return ok;
  })();
  return { stop, done };
}
