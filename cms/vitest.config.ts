import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { INTEGRATION_WORKERS } from './tests/helpers/workers';

/** Integration files that run alone, after the others (below). */
const ALONE = ['tests/poem-bounds.test.ts', 'tests/worker-pool.test.ts'];

/**
 * Runs a project's files after those of lower groups (Vitest's `sequence.groupOrder`), set by a plugin: Vitest puts
 * the command line's `--sequence.*` (`--sequence.shuffle` in shuffled runs) in place of a project's whole `sequence`,
 * which would drop a groupOrder written there and run every project's files at once.
 */
const runsInGroup = (groupOrder: number): Plugin => ({
  name: 'writory:group-order',
  config: (config: { test?: { sequence?: object } }) => {
    config.test = { ...config.test, sequence: { ...config.test?.sequence, groupOrder } };
  },
});

export default defineConfig({
  test: {
    // Threads: strapi.destroy() removes every process listener, and tests/helpers/strapi.ts puts Vitest's error
    // listeners back after each shutdown, so an unhandled error, also after a file's cms stopped, fails the run with
    // its file instead of killing the worker (dangerouslyIgnoreUnhandledErrors stays off).
    pool: 'threads',
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // `npx vitest run src --coverage`: the unit tests' coverage of the cms sources (the integration tests boot Strapi).
    coverage: { provider: 'v8', include: ['src/**/*.ts'], exclude: ['src/**/*.test.ts', 'src/admin/**'], reporter: ['text-summary', 'json-summary', 'html'] },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      // The integration files in INTEGRATION_WORKERS worker threads (tests/helpers/workers.ts; one for now, see there):
      // each worker has its own Auth emulator, each boot its own database and folders. Without isolation
      // a worker thread outlives each file, so every boot after a worker's first finds Strapi's code already loaded
      // (about 1 s of CPU instead of about 6): each file still boots its own cms on its own database copy, and
      // tests/helpers/strapi.ts puts back the variables a boot set when it stops. The run's Auth emulators and
      // database templates start only when an integration file runs (Vitest skips a project's globalSetup when none
      // of its files is queued), so `npx vitest run src` needs neither.
      {
        extends: true,
        plugins: [runsInGroup(1)],
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: ALONE,
          globalSetup: ['tests/global-setup.ts'],
          isolate: false,
          fileParallelism: true,
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      // Files that count what the whole process holds (its worker threads: /proc/self/task) run after the others,
      // one at a time, with nothing beside them.
      {
        extends: true,
        plugins: [runsInGroup(2)],
        test: {
          name: 'integration-alone',
          include: ALONE,
          globalSetup: ['tests/global-setup.ts'],
          isolate: false,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
