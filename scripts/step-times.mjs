// `node scripts/step-times.mjs <timings.jsonl>…`: where the cms test files' setup time goes, from the lines
// cms/tests/helpers/timings.ts writes with WRITORY_TEST_TIMINGS=<file> (a database made or dropped, a cms booted or
// stopped, a cms process started, a server of a test's own): per step, how often, its wall and CPU seconds in all, and
// the same per file for the files that spent most. Meaningful with one file at a time.
import { readFileSync } from 'node:fs';

const lines = process.argv
  .slice(2)
  .flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean))
  .map((line) => JSON.parse(line));
const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);
const group = (rows, key) => Map.groupBy(rows, (row) => row[key]);
const s = (seconds) => seconds.toFixed(1).padStart(7);

console.log(`${'step'.padEnd(28)} times    wall     cpu`);
const steps = [...group(lines, 'step')].sort(([, a], [, b]) => sum(b, 'wall') - sum(a, 'wall'));
for (const [step, rows] of steps) console.log(`${step.padEnd(28)} ${String(rows.length).padStart(5)} ${s(sum(rows, 'wall'))} ${s(sum(rows, 'cpu'))}`);
console.log(`${'all'.padEnd(28)} ${String(lines.length).padStart(5)} ${s(sum(lines, 'wall'))} ${s(sum(lines, 'cpu'))}`);

console.log(`\n${'file: step'.padEnd(60)} times    wall     cpu`);
const files = [...group(lines, 'file')].sort(([, a], [, b]) => sum(b, 'wall') - sum(a, 'wall'));
for (const [file, rows] of files) {
  for (const [step, own] of group(rows, 'step'))
    console.log(`${`${file}: ${step}`.padEnd(60)} ${String(own.length).padStart(5)} ${s(sum(own, 'wall'))} ${s(sum(own, 'cpu'))}`);
}
