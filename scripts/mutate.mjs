// `npm run mutate`: mutation testing (Stryker) of the pure modules that decide money and scores, against their
// unit and property tests (no Strapi boot). CPU heavy and not part of `npm test` or CI; the report is written to
// reports/mutation/mutation.html and the score per file printed at the end.
import { Stryker } from '@stryker-mutator/core';
import { root } from './toolchain.mjs';

const MUTATED = [
  'cms/src/api/score/lib/normalise.ts',
  'cms/src/api/score/lib/agreement.ts',
  'cms/src/api/score/lib/assign.ts',
  'cms/src/api/result/lib/ranking.ts',
  'cms/src/api/entry/lib/allowance.ts',
  'cms/src/api/payment/lib/coupon-rules.ts',
  'cms/src/api/payment/lib/webhook-plan.ts',
  'packages/shared/src/money.ts',
];

process.chdir(root);
const stryker = new Stryker({
  mutate: process.argv.slice(2).length ? process.argv.slice(2) : MUTATED,
  testRunner: 'vitest',
  vitest: { configFile: 'cms/vitest.mutate.config.ts', dir: 'cms' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // Two cores are shared on the development machines: one test runner at a time.
  concurrency: 1,
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'html'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // Only what the tests need goes into Stryker's sandbox (node_modules are linked, not copied).
  ignorePatterns: [
    '/*',
    '!/package.json',
    '!/tsconfig.json',
    '!/cms',
    '/cms/*',
    '!/cms/src',
    '!/cms/package.json',
    '!/cms/tsconfig.json',
    '!/cms/vitest.mutate.config.ts',
    '!/packages',
    '/packages/*',
    '!/packages/shared',
    '/packages/shared/*',
    '!/packages/shared/src',
    '!/packages/shared/package.json',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
});
const results = await stryker.runMutationTest();
const killed = results.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
const valid = results.filter((m) => m.status !== 'CompileError' && m.status !== 'RuntimeError' && m.status !== 'Ignored').length;
console.log(`mutation score: ${valid ? ((100 * killed) / valid).toFixed(2) : '—'} % (${killed} of ${valid} mutants killed)`);
