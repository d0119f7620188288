// scripts/lib/proc-cpu.mjs: the CPU `npm test` reports beside its wall time, read from /proc.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cpuSummary, machineCpu, procCpu } from '../scripts/lib/proc-cpu.mjs';

/** Code that keeps its thread busy until it has used `ms` of CPU (not of wall time: a busy machine stretches that). */
const burn = (ms: number) =>
  `const start = process.cpuUsage(); for (;;) { const used = process.cpuUsage(start); if (used.user + used.system >= ${ms * 1000}) break; }`;
/** Keeps this thread busy until it has used `ms` of CPU. */
function spin(ms: number) {
  const start = process.cpuUsage();
  let turns = 0;
  for (let used = process.cpuUsage(start); used.user + used.system < ms * 1000; used = process.cpuUsage(start)) turns++;
  return turns;
}

it('counts a child’s CPU once it has been waited for, and this process’s own apart from it', () => {
  const children = procCpu('self', { own: false });
  spawnSync(process.execPath, ['-e', burn(400)]);
  expect(procCpu('self', { own: false }) - children).toBeGreaterThanOrEqual(0.3);

  const own = procCpu('self', { children: false });
  spin(300);
  expect(procCpu('self', { children: false }) - own).toBeGreaterThanOrEqual(0.2);
});

it('reads 0 for a process that is not there', () => {
  expect(procCpu(2 ** 30)).toBe(0);
});

it('reads the machine’s busy, idle and stolen time from /proc/stat, and it only grows', () => {
  const dir = mkdtempSync(join(tmpdir(), 'writory-proc-stat-'));
  const stat = join(dir, 'stat');
  writeFileSync(stat, 'cpu  2952205 31813 832517 1117995 14139 0 12088 4768 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n');
  expect(machineCpu(stat)).toEqual({ busy: (2952205 + 31813 + 832517 + 0 + 12088) / 100, idle: (1117995 + 14139) / 100, steal: 47.68 });
  rmSync(dir, { recursive: true });
  const before = machineCpu()!;
  spin(300);
  expect(machineCpu()!.busy - before.busy).toBeGreaterThanOrEqual(0.2);
});

it('reads null where there is no /proc/stat (not Linux), so npm test prints no CPU line rather than failing', () => {
  expect(machineCpu('/no/such/proc/stat')).toBeNull();
});

it('says how busy the run kept the cores and the least wall time its CPU allows, and what the host stole', () => {
  const before = { busy: 1000, idle: 500, steal: 2 };
  expect(cpuSummary(before, { busy: 2384.2, idle: 600, steal: 2.5 }, { cores: 2, wallSeconds: 738 })).toBe(
    'CPU: 1,384 s busy on 2 cores, 94 % of the 738 s wall (no less than 692 s at that CPU)',
  );
  expect(cpuSummary(before, { busy: 2384.2, idle: 600, steal: 32 }, { cores: 2, wallSeconds: 738 })).toBe(
    'CPU: 1,384 s busy on 2 cores, 94 % of the 738 s wall (no less than 692 s at that CPU); 30 s stolen by the host',
  );
});
