#!/usr/bin/env node
// Summarises scripts/sample-threads.mjs's samples between FROM and TO (UTC, HH:MM:SS): per process and kind of thread,
// the CPU it used and the time it waited runnable for a core (the run queue); the cms's request thread (its main
// thread) as shares of the window: running, waiting for a core, and neither (idle or blocked); the machine's busy share
// and the CPU used outside the tree (everything else on the machine).
// Run: node scripts/threads-summary.mjs <threads.jsonl> FROM TO
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const [file, from, to] = process.argv.slice(2);
const lines = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const day = new Date(lines[0].t).toISOString().slice(0, 10);
const at = (hms) => Date.parse(`${day}T${hms}Z`);
const [t0, t1] = [from ? at(from) : lines[0].t, to ? at(to) : lines.at(-1).t];
const window = lines.filter((l) => l.t > t0 && l.t <= t1);
const seconds = window.length;
const cores = cpus().length;

const kind = (proc, th) => {
  if (proc.name !== 'cms') return proc.name;
  if (th.main) return 'cms: request thread';
  if (th.comm === 'WorkerThread') return 'cms: worker threads';
  if (/libuv/.test(th.comm)) return 'cms: libuv pool (fs, crypto, zlib)';
  if (/V8|DefaultWorke/i.test(th.comm)) return 'cms: V8 helpers (GC, compiler)';
  return `cms: ${th.comm}`;
};
const groups = new Map();
let treeCpu = 0;
let busy = 0;
let load = 0;
let running = 0;
const main = { cpu: 0, run: 0, wait: 0, seconds: 0, perSecondWait: [] };
for (const l of window) {
  busy += l.machineBusy ?? 0;
  load += l.load;
  running += l.running;
  let mainWait = 0;
  for (const proc of l.procs) {
    for (const th of proc.threads) {
      const k = kind(proc, th);
      const g = groups.get(k) ?? { cpu: 0, run: 0, wait: 0, threads: new Set() };
      g.cpu += th.cpu;
      g.run += th.run;
      g.wait += th.wait;
      g.threads.add(`${proc.pid}/${th.tid}`);
      groups.set(k, g);
      treeCpu += th.run;
      if (proc.name === 'cms' && th.main) {
        main.cpu += th.cpu;
        main.run += th.run;
        main.wait += th.wait;
        main.seconds += 1;
        mainWait = th.wait;
      }
    }
  }
  main.perSecondWait.push(mainWait);
}
const ms = (v) => `${Math.round(v).toLocaleString('en')} ms`;
const pct = (v) => `${(v * 100).toFixed(0)} %`;
console.log(
  `${seconds} s from ${from ?? 'start'} to ${to ?? 'end'}; ${cores} cores; load average ${(load / seconds).toFixed(1)}, runnable ${(running / seconds).toFixed(1)}, machine busy ${pct(busy / seconds)}`,
);
console.log(
  `CPU of the whole machine in the window: ${ms(busy * 1000 * cores)}; of the bench's process tree ${ms(treeCpu)}; of everything else ${ms(busy * 1000 * cores - treeCpu)}`,
);
console.log('\n| process / thread | threads | CPU (run) | CPU share of the machine | waited runnable | wait ÷ run |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [k, g] of [...groups].sort((a, b) => b[1].run - a[1].run))
  console.log(
    `| ${k} | ${g.threads.size} | ${ms(g.run)} | ${pct(g.run / (seconds * 1000 * cores))} | ${ms(g.wait)} | ${(g.wait / Math.max(g.run, 1)).toFixed(2)} |`,
  );
const sorted = [...main.perSecondWait].sort((a, b) => a - b);
const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
console.log(
  `\nRequest thread: running ${pct(main.run / (seconds * 1000))}, waiting runnable ${pct(main.wait / (seconds * 1000))}, neither (idle or blocked) ${pct(1 - (main.run + main.wait) / (seconds * 1000))} of the window; its wait per second p50 ${ms(q(50))}, p90 ${ms(q(90))}, max ${ms(sorted.at(-1) ?? 0)}`,
);
