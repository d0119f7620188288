// `node scripts/soak.mjs [--cms N] [--e2e N] [--alone N] [--together N] [--seed S] [--load P]`: hunts flaky tests. Runs
// the cms suite N times, each in a different shuffled order (seeds S, S+1, …), then the e2e suite N times with its spec
// files in a shuffled order against a fresh stack, then N times every e2e test alone (its own Playwright run, in a
// shuffled order, against a fresh stack), then N rounds of the cms suite and the e2e suite at once, as `npm test` runs
// them, while stress-ng keeps one core P % busy. Stops at nothing: every run is recorded in
// .var/soak/<time>.json with its seed, duration and failures, and the exit code says whether any run failed.
// Run it with the project's Node (`export PATH=$PWD/.toolchain/node-*/bin:$PATH`) after `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { random } from '../bench/seed/lib.mjs';
import { root } from './toolchain.mjs';
import { runToEnd } from './lib/run-to-end.mjs';
import { buildCms, e2eEnv, log, startStack, useCompileCache } from './lib/stack.mjs';

const { values } = parseArgs({
  options: {
    cms: { type: 'string', default: '10' },
    e2e: { type: 'string', default: '5' },
    alone: { type: 'string', default: '0' },
    together: { type: 'string', default: '0' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    load: { type: 'string', default: '50' },
  },
});
const cmsRuns = Number(values.cms);
const e2eRuns = Number(values.e2e);
const aloneRuns = Number(values.alone);
const togetherRuns = Number(values.together);
const firstSeed = Number(values.seed);
const load = Number(values.load);

const bin = (name) => join(root, 'node_modules', '.bin', name);
const outDir = join(root, '.var', 'soak');
mkdirSync(outDir, { recursive: true });
const outFile = join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const runs = [];
const save = () => writeFileSync(outFile, JSON.stringify({ load, runs }, null, 2));

/** A bounded CPU load beside the run, when stress-ng is installed (Debian: apt-get install stress-ng). */
function startLoad() {
  if (!load || spawnSync('which', ['stress-ng']).status !== 0) return { stop() {} };
  const child = spawn('stress-ng', ['--cpu', '1', '--cpu-load', String(load), '--quiet'], { stdio: 'ignore' });
  return { stop: () => child.kill('SIGINT') };
}

/** The same seed gives the same order, so a failing order can be replayed. */
function shuffled(items, seed) {
  const { next } = random(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

async function cmsRun(seed) {
  const summaryFile = join(outDir, `vitest-summary-${seed}.json`);
  rmSync(summaryFile, { force: true });
  const started = Date.now();
  const run = await runToEnd(
    bin('vitest'),
    ['run', '--sequence.shuffle', `--sequence.seed=${seed}`, '--reporter=dot', `--reporter=${join(root, 'scripts/lib/vitest-summary.mjs')}`],
    { cwd: join(root, 'cms'), env: { ...process.env, FORCE_COLOR: '0', WRITORY_VITEST_SUMMARY: summaryFile } },
  );
  const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : { passed: 0, failures: [] };
  if (run.status !== 0 && summary.failures.length === 0) summary.failures.push({ error: `vitest exited with ${run.status ?? run.signal}` });
  return { suite: 'cms', seed, seconds: Math.round((Date.now() - started) / 1000), passed: summary.passed, failures: summary.failures };
}

/**
 * One Playwright run per item (a spec file, or a test as file:line with its project) against one fresh stack. Traces
 * are kept on failure, since a flake is hunted from its trace, except `asInNpmTest`: then none, as `npm test` runs it
 * (E2E_TRACE in the environment decides either way).
 */
async function e2eRun(suite, seed, items, { asInNpmTest = false } = {}) {
  const started = Date.now();
  const report = join(root, '.var', 'e2e-results.json');
  const testResults = join(root, 'test-results');
  const result = { suite, seed, order: items.map(({ target, project }) => (project ? `${target} [${project}]` : target)), seconds: 0, passed: 0, failures: [] };
  const stack = await startStack({ profile: 'test', demoData: true, freshDatabase: true, quiet: true });
  try {
    for (const { target, project } of items) {
      rmSync(report, { force: true });
      const run = await runToEnd(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', target, ...(project ? [`--project=${project}`] : [])], {
        cwd: root,
        env: { ...(asInNpmTest && { E2E_TRACE: 'off' }), ...e2eEnv(stack) },
      });
      const stats = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).stats : null;
      result.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
      if (!stats || stats.unexpected > 0 || stats.flaky > 0 || stats.expected === 0 || run.status !== 0) {
        // The next Playwright run empties test-results/: keep this one's traces and screenshots.
        const kept = join(outDir, 'traces', `${suite}-${seed}-${target.replace(/\W+/g, '-')}${project ? `-${project}` : ''}`);
        if (existsSync(testResults)) cpSync(testResults, kept, { recursive: true });
        result.failures.push({
          file: target,
          project,
          kept,
          error: stats ? `${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.expected} passed` : `playwright exited with ${run.status}`,
        });
      }
    }
  } finally {
    await stack.stop();
  }
  result.seconds = Math.round((Date.now() - started) / 1000);
  return result;
}

const specFiles = (seed) =>
  shuffled(
    readdirSync(join(root, 'e2e'))
      .filter((f) => f.endsWith('.spec.ts'))
      .sort(),
    seed,
  ).map((spec) => ({ target: `e2e/${spec}` }));

/** Every test of the e2e suite as file:line and project (tests made in a loop share a line and run together). */
function e2eTests(seed) {
  const listed = spawnSync(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--list', '--reporter=json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (listed.status !== 0) throw new Error(`playwright --list failed: ${listed.stderr}`);
  const units = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        units.set(`e2e/${spec.file}:${spec.line} ${test.projectName}`, { target: `e2e/${spec.file}:${spec.line}`, project: test.projectName });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(listed.stdout).suites) walk(suite);
  return shuffled([...units.values()], seed);
}

useCompileCache();
await buildCms(process.env);
const plan = [
  ...Array.from({ length: cmsRuns }, (_, i) => ['cms', firstSeed + i]),
  ...Array.from({ length: e2eRuns }, (_, i) => ['e2e', firstSeed + i]),
  ...Array.from({ length: aloneRuns }, (_, i) => ['e2e-alone', firstSeed + i]),
  ...Array.from({ length: togetherRuns }, (_, i) => ['together', firstSeed + i]),
];
const runsOf = (suite, seed) => {
  if (suite === 'cms') return [cmsRun(seed)];
  if (suite === 'together') return [cmsRun(seed), e2eRun('e2e', seed, specFiles(seed), { asInNpmTest: true })];
  return [e2eRun(suite, seed, suite === 'e2e' ? specFiles(seed) : e2eTests(seed))];
};
for (const [suite, seed] of plan) {
  const stress = startLoad();
  log(`soak: ${suite} run with seed ${seed}${load ? `, stress-ng at ${load} % of one core` : ''}`);
  const results = await Promise.all(runsOf(suite, seed));
  stress.stop();
  for (const result of results) {
    if (suite === 'together') result.together = true;
    runs.push(result);
    log(
      `soak: ${result.suite} seed ${seed}${result.together ? ' (with the other suite)' : ''}: ${result.passed} passed, ${result.failures.length} failed in ${result.seconds} s`,
    );
    for (const f of result.failures) log(`  ${f.file ?? ''} ${f.test ?? (f.project ? `[${f.project}]` : '')}: ${f.error}`);
  }
  save();
}

console.log('\nsuite      seed    seconds  passed  failed');
for (const r of runs)
  console.log(
    `${(r.together ? `${r.suite}+` : r.suite).padEnd(10)} ${String(r.seed).padEnd(7)} ${String(r.seconds).padStart(7)}  ${String(r.passed).padStart(6)}  ${String(r.failures.length).padStart(6)}`,
  );
console.log(`\nrecorded in ${outFile}`);
process.exit(runs.every((r) => r.failures.length === 0) ? 0 : 1);
