// A Vitest reporter for `npm test` (scripts/test.mjs): counts passed and skipped tests and lists every failure
// with the file and test it came from, errors outside any test (a file that failed to load, a failed hook) and
// unhandled errors included: Vitest's own JSON report leaves unhandled errors out. Writes JSON to the path in
// WRITORY_VITEST_SUMMARY.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

export default class SummaryReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors, reason) {
    const fileOf = (path) => (path ? relative(this.root, path) : null);
    const summary = { passed: 0, skipped: 0, failures: [] };
    for (const module of testModules) {
      const file = fileOf(module.moduleId);
      for (const test of module.children.allTests()) {
        const { state, errors } = test.result();
        if (state === 'passed') summary.passed += 1;
        else if (state === 'failed') summary.failures.push({ file, test: test.fullName, error: firstLine(errors?.[0]) });
        else summary.skipped += 1;
      }
      for (const holder of [module, ...module.children.allSuites()]) {
        for (const error of holder.errors()) summary.failures.push({ file, test: holder === module ? null : holder.fullName, error: firstLine(error) });
      }
      if (module.state() === 'failed' && !summary.failures.some((f) => f.file === file)) summary.failures.push({ file, test: null, error: 'the file failed' });
    }
    for (const error of unhandledErrors) {
      summary.failures.push({ file: fileOf(error.VITEST_TEST_PATH), test: error.VITEST_TEST_NAME ?? null, error: `unhandled: ${firstLine(error)}` });
    }
    if (reason === 'interrupted') summary.failures.push({ file: null, test: null, error: 'the run was interrupted' });
    if (process.env.WRITORY_VITEST_SUMMARY) writeFileSync(process.env.WRITORY_VITEST_SUMMARY, JSON.stringify(summary, null, 2));
  }
}
