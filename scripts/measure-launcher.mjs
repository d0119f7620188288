#!/usr/bin/env node
// What starting a program for a poem costs the cms (issue 38): pdftotext on the bench's 5 MB PDF, `--runs` times in a
// worker thread, as a poem worker runs it, while this process holds `--resident` MB (a running cms holds about 600 MB
// or more, and a fork's cost grows with it) and its main thread, standing in for the request thread, measures its
// event-loop delay. Run once with the cms's dist (the launcher, lib/bounded-child.ts) and once with another build's
// (`--dist=<cms dist folder>`, e.g. the contest-day bench's "before" in .var/bench/before/<commit>/cms/dist).
// Prints CPU ms per run of this process (all its threads) and of the launcher, and the main thread's delay.
// Run: node scripts/measure-launcher.mjs [--runs=40] [--resident=600] [--dist=cms/dist]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** This process's finished children's CPU (cutime + cstime), in clock ticks (100 a second). */
function reapedTicks() {
  const stat = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return Number(stat[13]) + Number(stat[14]);
}

let launcherBefore = 0;

/** A process's CPU and its finished children's, in clock ticks. */
function ticks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(stat[11]) + Number(stat[12]) + Number(stat[13]) + Number(stat[14]);
  } catch {
    return 0;
  }
}

if (isMainThread) {
  const runs = Number(arg('runs', 40));
  const dist = resolve(arg('dist', join(root, 'cms', 'dist')));
  const held = Array.from({ length: Number(arg('resident', 600)) }, () => Buffer.alloc(1024 * 1024, 1));
  const { poemFiles } = await import('../bench/uploads.mjs');
  const pdf = (await poemFiles(join(root, 'cms'))).find((file) => file.name.endsWith('.pdf'));
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { dist, runs, bytes: pdf.bytes } });
  const next = () => new Promise((done, fail) => worker.once('message', done).once('error', fail));
  const warm = await next(); // the worker's warm-up run is done (it started the launcher, if any)
  launcherBefore = warm.launcher ? ticks(warm.launcher) : 0;
  // The request thread's own small work meanwhile: a timer every millisecond.
  const beat = setInterval(() => undefined, 1);
  const cpuBefore = process.cpuUsage();
  const reapedBefore = reapedTicks();
  delay.enable();
  worker.postMessage('go');
  const { launcher, wallMs } = await next();
  delay.disable();
  clearInterval(beat);
  const cpu = process.cpuUsage(cpuBefore);
  const reaped = (reapedTicks() - reapedBefore) * 10;
  const launcherMs = launcher ? (ticks(launcher) - launcherBefore) * 10 : 0;
  await worker.terminate();
  const per = (ms) => (ms / runs).toFixed(1);
  console.log(`${dist} (${held.length} MB resident, ${runs} pdftotext runs in a worker thread, ${per(wallMs)} ms wall each)`);
  console.log(`| CPU ms per run: this process, all its threads | ${per((cpu.user + cpu.system) / 1000)} |`);
  console.log(`| CPU ms per run: programs this process waited for (pdftotext, when forked from here) | ${per(reaped)} |`);
  console.log(`| CPU ms per run: the launcher and the programs it waited for | ${per(launcherMs)} |`);
  console.log(
    `| main thread's event-loop delay p50 / p99 / max (ms) | ${(delay.percentile(50) / 1e6).toFixed(1)} / ${(delay.percentile(99) / 1e6).toFixed(1)} / ${(delay.max / 1e6).toFixed(1)} |`,
  );
} else {
  const { dist, runs, bytes } = workerData;
  const requireCms = createRequire(join(dist, '..', 'package.json'));
  const { runPdftotext } = requireCms(join(dist, 'src', 'lib', 'pdftotext.js'));
  const boundedChild = requireCms(join(dist, 'src', 'lib', 'bounded-child.js'));
  const input = Buffer.from(bytes);
  await runPdftotext(input, ['-raw', '-bbox', '-enc', 'UTF-8']); // warm-up (starts the launcher, if any)
  parentPort.postMessage({ launcher: boundedChild.launcherPid?.() ?? null });
  await new Promise((go) => parentPort.once('message', go));
  const started = performance.now();
  for (let i = 0; i < runs; i++) await runPdftotext(input, ['-raw', '-bbox', '-enc', 'UTF-8']);
  parentPort.postMessage({ launcher: boundedChild.launcherPid?.() ?? null, wallMs: performance.now() - started });
}
