// CPU seconds from /proc (Linux): a process's, and the whole machine's. Elsewhere there is nothing to read: a process
// reads 0 and the machine null, and `npm test` prints no CPU line.
import { readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ

/**
 * utime + stime of a process and, with `children`, cutime + cstime: the CPU of every descendant it has waited for
 * (a child counts its own reaped children in, so a whole tree that has ended is there). `own: false` leaves out its own.
 */
export function procCpu(pid, { own = true, children = true } = {}) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return ((own ? utime + stime : 0) + (children ? cutime + cstime : 0)) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * The machine's CPU time so far, from /proc/stat's first line, in seconds over all cores: busy (user, nice, system,
 * irq, softirq), idle (idle, iowait), and stolen (time the host gave this machine's cores to others). Every process
 * counts, so on a machine running one suite (CI's) busy is that suite's CPU, Chromium's renderers included. null
 * where there is no such file (not Linux).
 */
export function machineCpu(file = '/proc/stat') {
  let stat;
  try {
    stat = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const fields = stat.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = fields;
  return { busy: (user + nice + system + irq + softirq) / TICKS, idle: (idle + iowait) / TICKS, steal: steal / TICKS };
}

/**
 * A run's CPU beside its wall time, from `machineCpu()` at its start and end: no run of that much CPU on `cores`
 * cores takes less than busy / cores, so a run far above that floor waited, and one near it was slow because its work
 * (or the machine) was.
 */
export function cpuSummary(before, after, { cores, wallSeconds }) {
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const floor = busy / cores;
  const seconds = (n) => `${Math.round(n).toLocaleString('en-GB')} s`;
  return `CPU: ${seconds(busy)} busy on ${cores} cores, ${Math.round((100 * floor) / Math.max(wallSeconds, 1))} % of the ${seconds(wallSeconds)} wall (no less than ${seconds(floor)} at that CPU)${steal >= 1 ? `; ${seconds(steal)} stolen by the host` : ''}`;
}
