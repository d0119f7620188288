// scripts/lib/proc-cpu.mjs: the CPU `npm test` reports beside its wall time, read from /proc.
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { cpuSummary, procCpu } from '../scripts/lib/proc-cpu.mjs';

const burn = (ms: number) => `const end = Date.now() + ${ms}; while (Date.now() < end);`;
/** Keeps this thread busy for `ms`. */
function spin(ms: number) {
  let turns = 0;
  for (const end = Date.now() + ms; Date.now() < end; ) turns++;
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

it('says the wall time the CPU allows on the cores there are, and how busy the run kept them', () => {
  expect(cpuSummary({ cpuSeconds: 1384.2, cores: 2, wallSeconds: 738 })).toBe('CPU: 1,384 s on 2 cores (at least 692 s of wall); wall 738 s, 94 % busy');
});
