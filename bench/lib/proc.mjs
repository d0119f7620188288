// Child processes of the bench: each in its own process group (so it can be stopped whole) with its output
// in a log file, and the CPU time a group has used, read from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync } from 'node:fs';

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const running = new Set();

/** Spawns a service in its own process group with stdout and stderr appended to logFile. */
export function startProcess(name, cmd, args, { cwd, env, logFile }) {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  child.serviceName = name;
  child.logFile = logFile;
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

/** SIGINT to the group, SIGKILL after a grace period; resolves when the leader has exited. */
export async function stopProcess(child, graceMs = 8_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGINT');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...running].map((child) => stopProcess(child)));
}

/**
 * User + system CPU seconds used so far by every live process of a process group (the cms and its workers); with
 * `reaped`, also those of the child processes they have waited for (pdftotext, MuPDF: cutime and cstime).
 */
export function groupCpuSeconds(pgid, { reaped = false } = {}) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the command name "(…)": state is field 3; pgrp 5; utime 14; stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
  }
  return ticks / TICKS;
}

/** Resident memory (bytes) of every live process of a process group. */
export function groupRssBytes(pgid) {
  let kb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return kb * 1024;
}
