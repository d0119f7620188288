// scripts/lib/vitest-summary.mjs, the reporter `npm test` counts with: every failure is listed with its file and
// test, unhandled errors included (Vitest's JSON report leaves those out, and a run once ended "1 failed" with no
// file to look at).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(__dirname, '..');

it('counts failed tests, failed hooks and unhandled errors as failures, each with its file and test', () => {
  const dir = mkdtempSync(join(tmpdir(), 'writory-vitest-summary-'));
  try {
    const summaryFile = join(dir, 'summary.json');
    const run = spawnSync(
      join(root, 'node_modules', '.bin', 'vitest'),
      ['run', '--root', join(__dirname, 'fixtures', 'vitest-summary'), '--reporter=dot', `--reporter=${join(root, 'scripts', 'lib', 'vitest-summary.mjs')}`],
      { env: { ...process.env, WRITORY_VITEST_SUMMARY: summaryFile, FORCE_COLOR: '0' }, encoding: 'utf8' },
    );
    expect(run.status).not.toBe(0);
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    expect(summary.passed).toBe(3);
    expect(summary.skipped).toBe(1);
    expect(summary.failures).toEqual(
      expect.arrayContaining([
        { file: 'failures.check.ts', test: 'fails', error: expect.stringMatching(/expected 1 to be 2/) },
        { file: 'failures.check.ts', test: 'a broken hook', error: 'hook broke' },
        { file: 'failures.check.ts', test: 'leaks a rejection', error: 'unhandled: Unable to acquire a connection' },
        { file: 'after.check.ts', test: null, error: 'unhandled: late, after every test of the file' },
      ]),
    );
    expect(summary.failures).toHaveLength(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
