// `npm test`: every suite: the static checks (type checks, formatter, linter), repository tests, site unit tests, cms
// integration tests (SQLite and PostgreSQL), and Playwright e2e in Chromium against the whole stack on test ports.
// Three lanes run at once: the e2e run (its output as it comes), the cms Vitest suite, and the static checks followed
// by the repo and site Vitest suites (each one's output held in .var/logs/ and printed whole when it ends). The cms
// suite is the longest lane, so nothing else waits behind it. Together they fill the two cores, and their ports,
// databases and folders never meet (see docs/testing.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root } from './toolchain.mjs';
import { checks, runChecks } from './lib/checks.mjs';
import { cpuSummary, machineCpu } from './lib/proc-cpu.mjs';
import { runToEnd } from './lib/run-to-end.mjs';
import { buildCms, buildShared, e2eEnv, log, startStack, useCompileCache } from './lib/stack.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
const results = new Map();
const cpuAtStart = machineCpu();
const only = process.argv[2]; // optional: checks | repo | site | cms | e2e
const e2eArgs = process.argv.slice(3); // with e2e: passed to playwright (spec files, --grep …)
useCompileCache();

async function vitestSuite(name, cwd, config, { hold }) {
  const summaryFile = join(root, '.var', `vitest-${name}.json`);
  rmSync(summaryFile, { force: true });
  const args = ['run', '--reporter=default', `--reporter=${join(root, 'scripts/lib/vitest-summary.mjs')}`];
  if (config) args.push('--config', config);
  const run = await runToEnd(bin('vitest'), args, {
    cwd,
    env: { ...process.env, FORCE_COLOR: '0', WRITORY_VITEST_SUMMARY: summaryFile },
    holdAs: hold && `${name} suite`,
  });
  const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : null;
  const failures = (summary?.failures ?? []).map((f) => ({ ...f, file: f.file && join(name === 'repo' ? '' : name, f.file) }));
  // A failing exit with nothing listed (Vitest itself crashed) still counts once.
  if (run.status !== 0 && failures.length === 0) failures.push({ file: null, test: null, error: `vitest exited with ${run.status ?? run.signal}` });
  results.set(name, { name, passed: summary?.passed ?? 0, failed: failures.length, skipped: summary?.skipped ?? 0, failures });
}

/**
 * The e2e run in two parts at once, each against a stack of its own: every test but those tagged `@alone` on two
 * Playwright workers (each worker runs whole spec files; their tests make their own accounts and data) on the "test"
 * stack, and the `@alone` tests on one worker on the "test-alone" stack: they change what every page shows (the
 * contest's dates, published results, the prices, the settings) or count what other tests make, so nothing else runs
 * on their stack. That part waits on site rebuilds and timers more than it computes, so beside the other it fills the
 * cores instead of running after it. Arguments that choose tests or workers themselves (`-g`, `--grep`,
 * `--grep-invert`, `--workers`, `-j`) make it one run as given, on the config's one worker and one stack.
 */
function e2eParts(args) {
  const choosesItself = args.some((arg) => /^(-g|--grep|--grep-invert|--workers|-j)(=|$)/.test(arg));
  if (choosesItself) return [{ name: 'e2e', profile: 'test', args }];
  return [
    { name: 'e2e-together', profile: 'test', args: ['--grep-invert', '@alone', '--workers', '2', '--pass-with-no-tests', ...args] },
    { name: 'e2e-alone', profile: 'test-alone', holdOutput: true, args: ['--grep', '@alone', '--workers', '1', '--pass-with-no-tests', ...args] },
  ];
}

/**
 * The tests a Playwright JSON report counts as failed, named as the summary names Vitest's: the log's tail is often
 * all a landing run keeps, and the e2e output scrolled by long before it.
 */
function e2eFailures(report) {
  const specs = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
  return report.suites.flatMap(specs).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => {
        const error = test.results.at(-1)?.error?.message ?? 'failed';
        const firstLine =
          error
            .replace(/\u001b\[[0-9;]*m/g, '')
            .split('\n')
            .find((line) => line.trim()) ?? 'failed';
        return { file: join('e2e', spec.file), test: `[${test.projectName}] ${spec.title}`, error: firstLine.trim() };
      }),
  );
}

/** One part of the e2e run against its stack: its passed, failed and skipped tests and its failures. */
async function e2ePart(part, stack) {
  const report = join(root, '.var', `${part.name}-results.json`);
  rmSync(report, { force: true });
  // No Playwright traces unless asked for (E2E_TRACE=retain-on-failure): recording them costs about a quarter of the
  // run's CPU, and a failure's message and screenshot are what a landing run's log keeps; `scripts/soak.mjs` keeps them.
  const env = { E2E_TRACE: 'off', ...e2eEnv(stack), E2E_REPORT: report };
  // Each part its own output folder: Playwright empties it at the start, and the first part's screenshots matter.
  const output = join(root, 'test-results', part.name);
  const run = await runToEnd(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--output', output, ...part.args], {
    cwd: root,
    env,
    // The part beside the other holds its output and prints it whole at its end.
    holdAs: part.holdOutput && part.name,
  });
  const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
  const stats = json?.stats ?? null;
  return {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats ? stats.unexpected + (run.status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
    skipped: stats?.skipped ?? 0,
    failures: json ? e2eFailures(json) : [{ file: null, test: part.name, error: `no report (playwright exited with ${run.status ?? run.signal})` }],
  };
}

/** Each part on its own stack, at once. */
async function e2eSuite() {
  const parts = e2eParts(e2eArgs);
  const stacks = [];
  try {
    const started = await Promise.allSettled(
      parts.map(async (part) => stacks.push(await startStack({ profile: part.profile, demoData: true, freshDatabase: true, quiet: true }))),
    );
    const refused = started.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
    const outcomes = await Promise.all(
      parts.map((part) =>
        e2ePart(
          part,
          stacks.find((stack) => stack.profile === part.profile),
        ),
      ),
    );
    results.set('e2e', {
      name: 'e2e',
      passed: outcomes.reduce((sum, o) => sum + o.passed, 0),
      failed: outcomes.reduce((sum, o) => sum + o.failed, 0),
      skipped: outcomes.reduce((sum, o) => sum + o.skipped, 0),
      failures: outcomes.flatMap((o) => o.failures),
    });
  } finally {
    await Promise.all(stacks.map((stack) => stack.stop()));
  }
}

execFileSync('bash', [join(root, 'scripts/system-deps.sh')], { stdio: 'inherit' });
await buildShared();
// The cms's build beside the static checks (about 30 s in which it keeps 1.3 of the 2 cores busy): the cms and e2e
// lanes and the repo suite wait for it (backup's tests read the bucket settings through the cms's build).
const cmsBuilt = only === 'site' || only === 'checks' ? Promise.resolve() : buildCms(process.env);
cmsBuilt.catch(() => undefined); // each lane that needs it awaits it and reports its failure

const vitestSuites = [
  ['repo', root, 'vitest.config.ts'],
  ['site', join(root, 'site')],
  ['cms', join(root, 'cms')],
].filter(([name]) => !only || only === name);

async function e2eLane() {
  if (only && only !== 'e2e') return;
  try {
    await e2eSuite(); // its stacks wait for the cms's build (after starting their Auth emulators beside it)
  } catch (error) {
    log(`e2e could not run: ${error.message}`);
    results.set('e2e', { name: 'e2e', passed: 0, failed: 1, skipped: 0, failures: [{ file: null, test: null, error: `could not run: ${error.message}` }] });
  }
}

/** The static checks, then the repo and site suites: together far shorter than the cms suite, which runs alone. */
async function checksLane() {
  if (!only || only === 'checks') await staticChecks();
  for (const [name, cwd, config] of vitestSuites.filter(([name]) => name !== 'cms')) {
    if (name === 'repo' && !(await built(name))) continue;
    await vitestSuite(name, cwd, config, { hold: !only });
  }
}

/** Waits for the cms's build; when it failed, counts `suite` as failed for that reason (its output is above). */
async function built(suite) {
  try {
    await cmsBuilt;
    return true;
  } catch (error) {
    results.set(suite, { name: suite, passed: 0, failed: 1, skipped: 0, failures: [{ file: null, test: null, error: `could not run: ${error.message}` }] });
    return false;
  }
}

async function staticChecks() {
  const failed = await runChecks({ hold: !only });
  results.set('checks', {
    name: 'checks',
    passed: checks.length - failed.length,
    failed: failed.length,
    skipped: 0,
    failures: failed.map((check) => ({
      file: null,
      test: check.name,
      error: `failed (its findings are above; \`${check.rerun}\` shows them again)${check.fix ? `. ${check.fix}` : ''}`,
    })),
  });
}

async function cmsLane() {
  for (const [name, cwd, config] of vitestSuites.filter(([name]) => name === 'cms'))
    if (await built(name)) await vitestSuite(name, cwd, config, { hold: !only });
}

/** Each lane's wall time, printed at the end beside the results: the longest one is the run's critical path. */
const laneSeconds = new Map();
const timed = (name, lane) => async () => {
  const started = Date.now();
  await lane();
  laneSeconds.set(name, Math.round((Date.now() - started) / 1000));
};
await Promise.all([timed('checks, repo, site', checksLane)(), timed('e2e', e2eLane)(), timed('cms', cmsLane)()]);

const ordered = ['checks', 'repo', 'site', 'cms', 'e2e'].filter((name) => results.has(name)).map((name) => results.get(name));
const total = ordered.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
const failures = ordered.flatMap((r) => r.failures);
if (failures.length) {
  console.log('\nFailures:');
  for (const f of failures) console.log(`  ${f.file ?? '(no file)'}${f.test ? ` > ${f.test}` : ''}: ${f.error}`);
}
console.log('\nSuites:');
for (const r of ordered) console.log(`  ${r.name.padEnd(6)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
console.log(
  `\nLanes: ${[...laneSeconds]
    .filter(([, seconds]) => seconds > 0)
    .map(([name, seconds]) => `${name} ${seconds} s`)
    .join('; ')}`,
);
const cpuAtEnd = machineCpu();
if (!only && cpuAtStart && cpuAtEnd) console.log(`\n${cpuSummary(cpuAtStart, cpuAtEnd, { cores: availableParallelism(), wallSeconds: process.uptime() })}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1);
