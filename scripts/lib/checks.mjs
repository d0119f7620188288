// The static checks `npm test` runs beside the suites (its `checks` lane): type checks of every package and of every
// test file, and, with them, the formatter and linter. Each prints its own findings; a failing one is named with what
// to run to see and fix it.
import { join } from 'node:path';
import { root } from '../toolchain.mjs';
import { runToEnd } from './run-to-end.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);

/** name, command, where it runs, and the command a person runs to see the same findings. */
export const checks = [
  // The site's pages, components and tests (its tsconfig includes them all): astro check reads .astro files too.
  { name: 'types: site', cmd: bin('astro'), args: ['check'], cwd: join(root, 'site'), rerun: 'cd site && npx astro check' },
  // The cms with its tests and configs (cms/tsconfig.json, which builds the server, leaves the tests out).
  {
    name: 'types: cms',
    cmd: bin('tsc'),
    args: ['-p', 'tsconfig.test.json', '--pretty', 'false'],
    cwd: join(root, 'cms'),
    rerun: 'cd cms && npx tsc -p tsconfig.test.json',
  },
  {
    name: 'types: shared',
    cmd: bin('tsc'),
    args: ['-p', 'tsconfig.test.json', '--pretty', 'false'],
    cwd: join(root, 'packages/shared'),
    rerun: 'cd packages/shared && npx tsc -p tsconfig.test.json',
  },
  // e2e specs and the repository tests (tests/); the scripts they import are JavaScript, typed from their JSDoc.
  { name: 'types: e2e and tests', cmd: bin('tsc'), args: ['-p', 'tsconfig.test.json', '--pretty', 'false'], cwd: root, rerun: 'npx tsc -p tsconfig.test.json' },
  // Formatting and lint findings over the whole repository (biome.jsonc); `npm run format` rewrites the formatting.
  {
    name: 'format and lint',
    cmd: bin('biome'),
    args: ['ci', '--colors=off', '--error-on-warnings', '.'],
    cwd: root,
    rerun: 'npx biome ci .',
    fix: '`npm run format` fixes the formatting; a lint finding is fixed by hand (CONTRIBUTING)',
  },
];

/** Runs every check at once (each one's output held and printed whole when it ends); returns the failed ones. */
export async function runChecks({ hold = true } = {}) {
  const started = Date.now();
  const failed = [];
  await Promise.all(
    checks.map(async (check) => {
      const run = await runToEnd(check.cmd, check.args, {
        cwd: check.cwd,
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
        holdAs: hold && check.name.replace(/[^a-z0-9]+/gi, '-'),
      });
      if (run.status !== 0) failed.push({ ...check, status: run.status ?? run.signal });
    }),
  );
  console.log(`[writory] checks: ${checks.length - failed.length} of ${checks.length} passed in ${Math.round((Date.now() - started) / 1000)} s`);
  return failed;
}
