#!/usr/bin/env node
// Who holds the cores: every second, each thread of a process tree (the bench runner's: the cms, its worker threads,
// their launchers and the programs they start, the Auth emulator) with its CPU time (/proc/<pid>/task/<tid>/stat) and
// the time it waited runnable for a core (/proc/<pid>/task/<tid>/schedstat), and the machine's load and busy CPU.
// One JSON line a second (deltas since the previous second) to OUT; stops when the root process is gone.
// Run: node scripts/sample-threads.mjs <root pid> <out.jsonl>   (summarise with scripts/threads-summary.mjs)
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';

const [rootPid, out] = process.argv.slice(2);
if (!rootPid || !out) {
  console.error('usage: node scripts/sample-threads.mjs <root pid> <out.jsonl>');
  process.exit(2);
}
const TICK = 100; // USER_HZ: clock ticks per second in /proc/*/stat (10 ms)
const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
/** Fields of a /proc stat line after the command, which may hold spaces and parentheses. */
const statFields = (text) => text.slice(text.lastIndexOf(')') + 2).split(' ');

function tree() {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    const ppid = statFields(stat)[1];
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(name);
  }
  const all = [];
  const walk = (pid) => {
    all.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(String(rootPid));
  return all;
}

function label(pid) {
  const cmd = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
  const text = cmd.join(' ');
  if (/strapi(\.js)? (start|develop)/.test(text) || /bin\/strapi start/.test(text)) return 'cms';
  if (/--input-type=module --eval/.test(text)) return 'launcher'; // cms/src/lib/bounded-child.ts
  if (/pdftotext|pdffonts|mutool|pdftoppm/.test(cmd[0] ?? '')) return cmd[0].split('/').pop();
  if (/java/.test(cmd[0] ?? '')) return 'auth emulator (java)';
  if (/firebase/.test(text)) return 'firebase cli';
  if (/scripts\/bench\.mjs/.test(text)) return 'bench load generator';
  if (/scripts\/run\.mjs|bench\/run|npm/.test(text)) return 'bench runner';
  return (cmd[0] ?? '?').split('/').pop();
}

const previous = new Map();
let previousCpu = null;
function cpuTotals() {
  const line = read('/proc/stat').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = line[3] + line[4];
  const total = line.reduce((a, b) => a + b, 0);
  return { idle, total };
}

function sample() {
  const pids = tree();
  if (!pids.length || !read(`/proc/${rootPid}/stat`)) return false;
  const now = Date.now();
  const procs = [];
  for (const pid of pids) {
    const name = label(pid);
    const threads = [];
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      const sched = read(`/proc/${pid}/task/${tid}/schedstat`);
      if (!stat || !sched) continue;
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = statFields(stat);
      const cpuMs = ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
      const [runNs, waitNs] = sched.trim().split(' ').map(Number);
      const key = `${pid}/${tid}`;
      const was = previous.get(key) ?? { cpuMs, runMs: runNs / 1e6, waitMs: waitNs / 1e6, fresh: true };
      const cur = { cpuMs, runMs: runNs / 1e6, waitMs: waitNs / 1e6 };
      previous.set(key, cur);
      // A thread born during this second counts from zero.
      const base = was.fresh && previousCpu ? { cpuMs: 0, runMs: 0, waitMs: 0 } : was;
      const d = { cpu: cur.cpuMs - base.cpuMs, run: cur.runMs - base.runMs, wait: cur.waitMs - base.waitMs };
      if (d.run > 0.05 || d.wait > 0.05 || d.cpu > 0) threads.push({ tid: Number(tid), comm, main: tid === pid, nice: Number(f[16]), ...d });
    }
    if (threads.length) procs.push({ pid: Number(pid), name, threads });
  }
  const cpu = cpuTotals();
  const machineBusy = previousCpu ? 1 - (cpu.idle - previousCpu.idle) / (cpu.total - previousCpu.total) : null;
  previousCpu = cpu;
  const load = Number(read('/proc/loadavg').split(' ')[0]);
  const running = Number(read('/proc/loadavg').split(' ')[3].split('/')[0]);
  appendFileSync(out, `${JSON.stringify({ t: now, load, running, machineBusy, procs })}\n`);
  return true;
}

const timer = setInterval(() => {
  if (!sample()) clearInterval(timer);
}, 1000);
sample();
