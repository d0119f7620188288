// `node scripts/suite-times.mjs <report.json>…`: where a suite's time goes, per file, from Vitest's JSON reporter
// (`npx vitest run --reporter=json --outputFile.json=…`) or Playwright's (`.var/e2e-together-results.json`,
// `.var/e2e-alone-results.json`). For a Vitest file: its wall time and the time its tests took (the rest is its hooks:
// a cms integration file's boot and shutdown); for a spec file: its tests' time summed over projects. Longest first.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { root } from './toolchain.mjs';

const rows = [];
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.testResults) {
    for (const result of report.testResults) {
      const tests = result.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0);
      const wall = result.endTime - result.startTime;
      rows.push({ file: relative(root, result.name), tests: result.assertionResults.length, wall, inTests: tests, hooks: Math.max(0, wall - tests) });
    }
  } else {
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        const row = rows.find((r) => r.file === `e2e/${file}`) ?? rows[rows.push({ file: `e2e/${file}`, tests: 0, wall: 0, inTests: 0 }) - 1];
        for (const test of spec.tests) {
          row.tests += 1;
          for (const result of test.results) row.inTests += result.duration;
        }
        row.wall = row.inTests;
      }
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of report.suites) walk(suite, suite.file);
  }
}
const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
rows.sort((a, b) => b.wall - a.wall);
console.log(`${'file'.padEnd(52)} tests    wall  in tests   hooks`);
for (const r of rows)
  console.log(`${r.file.padEnd(52)} ${String(r.tests).padStart(5)} ${s(r.wall)} ${s(r.inTests)} ${r.hooks === undefined ? '' : s(r.hooks)}`);
const total = rows.reduce((sum, r) => ({ tests: sum.tests + r.tests, wall: sum.wall + r.wall }), { tests: 0, wall: 0 });
console.log(`${'all'.padEnd(52)} ${String(total.tests).padStart(5)} ${s(total.wall)}`);
