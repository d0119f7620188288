#!/usr/bin/env node
// Where a thread's time went in a .cpuprofile (node --cpu-prof): per 5 s of the profile, busy, GC, multipart parsing, the
// originality lookup and the entry's queries; or, with FROM and TO (seconds into the profile), that window by category and
// the frames with the most self time. A sample counts the thread's wall time: on a loaded machine, waiting for a core too.
// Run: node scripts/profile-summary.mjs <file.cpuprofile> [FROM TO]
import { readFileSync } from 'node:fs';
const [file, fromS, toS] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const chain = (id) => {
  const out = [];
  for (let c = id; c !== undefined; c = parent.get(c)) out.push(byId.get(c).callFrame);
  return out;
};
const cache = new Map();
const cat = (id) => {
  if (cache.has(id)) return cache.get(id);
  const fr = chain(id);
  const f = fr[0].functionName;
  let c = 'other';
  if (f === '(idle)') c = 'idle';
  else if (f === '(garbage collector)') c = 'gc';
  else if (f === '(program)') c = 'program';
  else if (fr.some((x) => /formidable/.test(x.url))) c = 'multipart (formidable)';
  else if (fr.some((x) => /originality/.test(x.url))) c = 'originality lookup';
  else if (fr.some((x) => /better-sqlite3|knex|@strapi\/database/.test(x.url)) && fr.some((x) => /api\/entry\//.test(x.url))) c = 'entry queries/writes';
  else if (fr.some((x) => /better-sqlite3|knex|@strapi\/database/.test(x.url))) c = 'other queries';
  else if (fr.some((x) => /crypto\/hash/.test(x.url))) c = 'hashing';
  else if (fr.some((x) => /piscina|worker-pool/.test(x.url))) c = 'worker pool';
  else if (fr.some((x) => /api\/entry\//.test(x.url))) c = 'entry code';
  else if (fr.some((x) => /private-files|node:fs|fs\/promises/.test(x.url))) c = 'files';
  cache.set(id, c);
  return c;
};
let t = 0;
const rows = [];
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i] / 1000;
  rows.push([t, p.samples[i], (p.timeDeltas[i + 1] ?? 0) / 1000]);
}
if (fromS === undefined) {
  const bins = new Map();
  for (const [ms, id, d] of rows) {
    const b = Math.floor(ms / 5000);
    const o = bins.get(b) ?? {};
    const c = cat(id);
    o[c] = (o[c] ?? 0) + d;
    bins.set(b, o);
  }
  for (const [b, o] of bins) {
    const busy = Object.entries(o)
      .filter(([k]) => k !== 'idle')
      .reduce((a, [, v]) => a + v, 0);
    console.log(
      `${b * 5}s busy ${busy.toFixed(0)} gc ${(o.gc ?? 0).toFixed(0)} multipart ${(o['multipart (formidable)'] ?? 0).toFixed(0)} orig ${(o['originality lookup'] ?? 0).toFixed(0)} entryq ${(o['entry queries/writes'] ?? 0).toFixed(0)}`,
    );
  }
} else {
  const o = {};
  const fn = new Map();
  for (const [ms, id, d] of rows)
    if (ms >= fromS * 1000 && ms < toS * 1000) {
      const c = cat(id);
      o[c] = (o[c] ?? 0) + d;
      const f = byId.get(id).callFrame;
      const k = `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}`;
      fn.set(k, (fn.get(k) ?? 0) + d);
    }
  for (const [k, v] of Object.entries(o).sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(26)} ${v.toFixed(0).padStart(7)} ms`);
  for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${v.toFixed(0).padStart(6)} ${k}`);
}
