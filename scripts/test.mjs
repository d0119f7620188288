// `npm test`: every suite: repository checks and site unit tests, then the cms integration tests (SQLite and
// PostgreSQL) and Playwright e2e in Chromium against the whole stack started on test ports, those two side by side.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root } from './toolchain.mjs';
import { buildCms, buildShared, e2eEnv, log, startStack } from './lib/stack.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
const only = process.argv[2]; // optional: repo | site | cms | e2e
const e2eArgs = process.argv.slice(3); // with e2e: passed to playwright (spec files, --grep …)

/** Runs a command to its end; with a prefix, each line of its output is printed after it, so two runs side by side stay readable. */
function runCommand(cmd, args, { prefix, ...options }) {
  const child = spawn(cmd, args, { ...options, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (prefix) {
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
  }
  return new Promise((resolve) => child.on('close', (status, signal) => resolve({ status, signal })));
}

async function vitestSuite(name, cwd, config) {
  const summaryFile = join(root, '.var', `vitest-${name}.json`);
  rmSync(summaryFile, { force: true });
  const args = ['run', '--reporter=default', `--reporter=${join(root, 'scripts/lib/vitest-summary.mjs')}`];
  if (config) args.push('--config', config);
  const run = await runCommand(bin('vitest'), args, { cwd, env: { ...process.env, FORCE_COLOR: '0', WRITORY_VITEST_SUMMARY: summaryFile } });
  const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : null;
  const failures = (summary?.failures ?? []).map((f) => ({ ...f, file: f.file && join(name === 'repo' ? '' : name, f.file) }));
  // A failing exit with nothing listed (Vitest itself crashed) still counts once.
  if (run.status !== 0 && failures.length === 0) failures.push({ file: null, test: null, error: `vitest exited with ${run.status ?? run.signal}` });
  return { name, passed: summary?.passed ?? 0, failed: failures.length, skipped: summary?.skipped ?? 0, failures };
}

async function e2eSuite({ prefix } = {}) {
  const report = join(root, '.var', 'e2e-results.json');
  rmSync(report, { force: true });
  let stack;
  try {
    stack = await startStack({ profile: 'test', demoData: true, freshDatabase: true, quiet: true });
    const run = await runCommand(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...e2eArgs], { cwd: root, env: e2eEnv(stack), prefix });
    const stats = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).stats : null;
    return {
      name: 'e2e',
      passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
      failed: stats ? stats.unexpected + (run.status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
      skipped: stats?.skipped ?? 0,
      failures: [],
    };
  } catch (error) {
    log(`e2e could not run: ${error.message}`);
    return { name: 'e2e', passed: 0, failed: 1, skipped: 0, failures: [{ file: null, test: null, error: `could not run: ${error.message}` }] };
  } finally {
    await stack?.stop();
  }
}

execFileSync('bash', [join(root, 'scripts/system-deps.sh')], { stdio: 'inherit' });
buildShared();
// Built before the repo suite too: backup's tests read the bucket settings through the cms's build.
if (only !== 'site') buildCms(process.env);
const results = [];
if (!only || only === 'repo') results.push(await vitestSuite('repo', root, 'vitest.config.ts'));
if (!only || only === 'site') results.push(await vitestSuite('site', join(root, 'site')));
// The cms suite boots one Strapi at a time, which leaves the second core mostly idle: the e2e run takes it. Their
// ports, databases and folders are apart (scripts/lib/stack.mjs, cms/tests/helpers); the e2e lines carry "[e2e] ".
const cms = !only || only === 'cms' ? vitestSuite('cms', join(root, 'cms')) : null;
const e2e = !only || only === 'e2e' ? e2eSuite({ prefix: only ? undefined : '[e2e] ' }) : null;
for (const suite of await Promise.all([cms, e2e])) if (suite) results.push(suite);

const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
const failures = results.flatMap((r) => r.failures);
if (failures.length) {
  console.log('\nFailures:');
  for (const f of failures) console.log(`  ${f.file ?? '(no file)'}${f.test ? ` > ${f.test}` : ''}: ${f.error}`);
}
console.log('\nSuites:');
for (const r of results) console.log(`  ${r.name.padEnd(6)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1);
