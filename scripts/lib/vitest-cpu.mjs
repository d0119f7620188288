// A Vitest reporter for measuring: each file's CPU seconds (the Vitest process, its worker threads, the child
// processes it has reaped, such as cms processes a test started, and the cms run's PostgreSQL cluster), split into its boot (file start to its first test) and the
// rest, beside its wall time. `WRITORY_VITEST_CPU=<file.json>` with `--reporter=./scripts/lib/vitest-cpu.mjs`; meaningful
// when files run one at a time (with several at once, the process's CPU cannot be told apart per file).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { procCpu } from './proc-cpu.mjs';

/**
 * This process's CPU (its threads and the children it reaped), and the cms run's PostgreSQL cluster's (a grandchild
 * that runs until the run ends: its server and its ended connections, cms/tests/helpers/timings.ts POSTGRES_RUN_PID).
 */
function cpuSeconds() {
  const own = process.cpuUsage();
  const cluster = process.env.WRITORY_POSTGRES_RUN_PID;
  return (own.user + own.system) / 1e6 + procCpu('self', { own: false }) + (cluster ? procCpu(cluster) : 0);
}

export default class VitestCpu {
  files = new Map();
  started = 0;
  onInit() {
    this.started = cpuSeconds();
  }
  onTestModuleStart(module) {
    this.files.set(module.moduleId, { file: module.moduleId, wall0: Date.now(), cpu0: cpuSeconds() });
  }
  onTestCaseReady(test) {
    const row = this.files.get(test.module.moduleId);
    if (row && row.cpuFirst === undefined) Object.assign(row, { cpuFirst: cpuSeconds(), wallFirst: Date.now() });
  }
  onTestModuleEnd(module) {
    const row = this.files.get(module.moduleId);
    if (row) Object.assign(row, { cpu1: cpuSeconds(), wall1: Date.now() });
    // Written after each file too, so a run stopped early keeps the files it finished.
    this.write();
  }
  onTestRunEnd() {
    this.write();
  }
  write() {
    const out = process.env.WRITORY_VITEST_CPU;
    if (!out) return;
    const rows = [...this.files.values()]
      .filter((r) => r.cpu1 !== undefined)
      .map((r) => ({
        file: relative(process.cwd(), r.file),
        wall: (r.wall1 - r.wall0) / 1000,
        bootWall: ((r.wallFirst ?? r.wall1) - r.wall0) / 1000,
        cpu: r.cpu1 - r.cpu0,
        bootCpu: (r.cpuFirst ?? r.cpu1) - r.cpu0,
      }));
    writeFileSync(out, JSON.stringify({ totalCpu: cpuSeconds() - this.started, rows }, null, 1));
  }
}
