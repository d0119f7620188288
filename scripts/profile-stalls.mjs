#!/usr/bin/env node
// The event loop's long turns in a .cpuprofile (node --cpu-prof): every stretch of samples with no idle sample in it
// (the thread never got back to waiting for I/O) at least MIN ms long, between FROM and TO (seconds into the
// profile), with what it spent its samples on (the top frames by self time, and the gaps between samples: a gap far
// above the sampling interval is time the thread was not running, e.g. waiting for a core). Then the stretches'
// lengths as a distribution and their total by what they were doing most.
// Run: node scripts/profile-stalls.mjs <file.cpuprofile> FROM TO [MIN=50]
import { readFileSync } from 'node:fs';

const [file, fromS, toS, minS] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const from = Number(fromS ?? 0) * 1000;
const to = toS ? Number(toS) * 1000 : Infinity;
const min = Number(minS ?? 50);
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (url) =>
  url
    ? url
        .replace(/^.*node_modules\//, '')
        .replace(/^.*\/dist\//, 'dist/')
        .replace(/^file:\/\//, '')
    : '';
const frameOf = (id) => {
  const f = byId.get(id).callFrame;
  return `${f.functionName || '(anon)'} ${short(f.url)}`.trim();
};
/** The first frame of our own code or a named library on the sample's stack, for a one-word "what". */
const ownerOf = (id) => {
  for (let c = id; c !== undefined; c = parent.get(c)) {
    const url = byId.get(c).callFrame.url;
    if (/dist\/src\/api\/([a-z-]+)/.test(url)) return `api/${/dist\/src\/api\/([a-z-]+)/.exec(url)[1]}`;
    if (/dist\/src\/(middlewares|lib)\/([a-z-]+)/.test(url)) return /dist\/src\/((?:middlewares|lib)\/[a-z-]+)/.exec(url)[1];
  }
  for (let c = id; c !== undefined; c = parent.get(c)) {
    const url = byId.get(c).callFrame.url;
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1];
  }
  return frameOf(id);
};

const stretches = [];
let t = 0;
let cur = null;
const close = () => {
  if (cur && cur.ms >= min) stretches.push(cur);
  cur = null;
};
for (let i = 0; i < p.samples.length; i++) {
  const dt = p.timeDeltas[i] / 1000;
  t += dt;
  if (t < from || t > to) {
    close();
    continue;
  }
  const id = p.samples[i];
  const name = byId.get(id).callFrame.functionName;
  if (name === '(idle)') {
    close();
    continue;
  }
  cur ??= { start: t - dt, ms: 0, samples: 0, maxGap: 0, self: new Map(), owners: new Map() };
  cur.ms += dt;
  cur.samples += 1;
  cur.maxGap = Math.max(cur.maxGap, dt);
  const frame = frameOf(id);
  cur.self.set(frame, (cur.self.get(frame) ?? 0) + dt);
  const owner = name === '(garbage collector)' ? 'gc' : ownerOf(id);
  cur.owners.set(owner, (cur.owners.get(owner) ?? 0) + dt);
}
close();

const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${Math.round(v)}`)
    .join('; ');
stretches.sort((a, b) => b.ms - a.ms);
console.log(`${stretches.length} turns of ≥ ${min} ms between ${from / 1000} s and ${to / 1000} s; the longest:`);
for (const s of stretches.slice(0, 15))
  console.log(
    `  at ${(s.start / 1000).toFixed(2)} s: ${Math.round(s.ms)} ms, ${s.samples} samples, largest gap ${Math.round(s.maxGap)} ms | by owner: ${top(s.owners, 4)} | self: ${top(s.self, 4)}`,
  );
const byOwner = new Map();
for (const s of stretches) {
  const [main] = [...s.owners].sort((a, b) => b[1] - a[1])[0];
  const o = byOwner.get(main) ?? { n: 0, ms: 0 };
  o.n += 1;
  o.ms += s.ms;
  byOwner.set(main, o);
}
console.log('\nturns by what they spent most on:');
for (const [k, o] of [...byOwner].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${k}: ${o.n} turns, ${Math.round(o.ms)} ms`);
