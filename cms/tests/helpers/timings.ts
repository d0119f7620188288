// Where a cms test file's time goes, for measuring (docs/testing.md, "Where the time goes"): with
// WRITORY_TEST_TIMINGS=<file.jsonl>, each step the helpers time (a database made or dropped, a cms booted or stopped,
// a cms process started) appends one line: the test file, the step, its wall seconds and the CPU seconds spent
// meanwhile by this process (all its threads, and the child processes it reaped), by the process the step started,
// and by the run's PostgreSQL cluster (its server and the connections that ended: POSTGRES_RUN_PID).
// Without the variable it only runs the step. Meaningful with one file at a time; `node scripts/step-times.mjs
// <file.jsonl>` sums the lines per file and step.
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICKS = 100; // USER_HZ
/** Set by tests/helpers/templates.ts: the run cluster's server process (tests/helpers/postgres.ts), for its CPU. */
export const POSTGRES_RUN_PID = 'WRITORY_POSTGRES_RUN_PID';
const clusterCpu = () => (process.env[POSTGRES_RUN_PID] ? processCpu(Number(process.env[POSTGRES_RUN_PID])) : 0);

/** CPU seconds of a process from /proc: its own, with `reaped` those of the children it has waited for. */
export function processCpu(pid: number | 'self', { reaped = true } = {}): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of proc(5), counted from the state (field 3) here.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return (utime + stime + (reaped ? cutime + cstime : 0)) / TICKS;
  } catch {
    return 0;
  }
}

/** The test file running, relative to cms/; `setup` in the run's global setup. */
async function testFile(): Promise<string> {
  try {
    // Imported here: tests/global-setup.ts loads the helpers too, outside any test file.
    const { expect } = await import('vitest');
    const file = expect.getState().testPath;
    return file ? path.relative(path.resolve(__dirname, '..', '..'), file) : 'setup';
  } catch {
    return 'setup';
  }
}

/**
 * Runs one step of a file's setup or teardown and, when WRITORY_TEST_TIMINGS names a file, records its cost. `child`
 * names the process the step started (read as the step ends), whose CPU this process's figures do not hold yet.
 */
export async function timed<T>(step: string, work: () => Promise<T>, child?: (result: T) => number | undefined): Promise<T> {
  const out = process.env.WRITORY_TEST_TIMINGS;
  if (!out) return work();
  const wall0 = performance.now();
  const cpu0 = processCpu('self') + clusterCpu();
  const result = await work();
  const pid = child?.(result);
  const line = {
    file: await testFile(),
    step,
    wall: (performance.now() - wall0) / 1000,
    cpu: processCpu('self') + clusterCpu() - cpu0 + (pid ? processCpu(pid) : 0),
  };
  appendFileSync(out, `${JSON.stringify(line)}\n`);
  return result;
}
