import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Threads: strapi.destroy() removes every process listener, and tests/helpers/strapi.ts puts Vitest's error
    // listeners back after each shutdown, so an unhandled error, also after a file's cms stopped, fails the run with
    // its file instead of killing the worker (dangerouslyIgnoreUnhandledErrors stays off).
    pool: 'threads',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // `npx vitest run src --coverage`: the unit tests' coverage of the cms sources (the integration tests boot Strapi).
    coverage: { provider: 'v8', include: ['src/**/*.ts'], exclude: ['src/**/*.test.ts', 'src/admin/**'], reporter: ['text-summary', 'json-summary', 'html'] },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      // The run's Auth emulator and database templates, only when an integration file runs (Vitest skips a
      // project's globalSetup when none of its files is queued), so `npx vitest run src` needs neither.
      // Without isolation the worker thread outlives each file, so every boot after the first finds Strapi's code
      // already loaded (about 1 s of CPU instead of about 6): each file still boots its own cms on its own database
      // copy, and tests/helpers/strapi.ts puts back the variables a boot set when it stops.
      { extends: true, test: { name: 'integration', include: ['tests/**/*.test.ts'], globalSetup: ['tests/global-setup.ts'], isolate: false } },
    ],
  },
});
