// CPU seconds of a process from /proc/<pid>/stat (Linux; 0 elsewhere).
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
 * The run's CPU beside its wall time: on `cores` cores no run of `cpuSeconds` takes less than cpuSeconds / cores, so
 * a run far above that floor waited, and one near it was slow because its work (or the machine) was.
 */
export function cpuSummary({ cpuSeconds, cores, wallSeconds }) {
  const floor = cpuSeconds / cores;
  return `CPU: ${Math.round(cpuSeconds).toLocaleString('en-GB')} s on ${cores} cores (at least ${Math.round(floor)} s of wall); wall ${Math.round(wallSeconds)} s, ${Math.round((100 * floor) / Math.max(wallSeconds, 1))} % busy`;
}
