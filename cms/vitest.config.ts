import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // strapi.destroy() removes process listeners: keep each file in its own thread. An unhandled error fails the
    // run with its file (dangerouslyIgnoreUnhandledErrors stays off; tests/helpers/strapi.ts puts Vitest's error
    // listeners back after each shutdown, so a late error is reported instead of killing the worker).
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
      { extends: true, test: { name: 'integration', include: ['tests/**/*.test.ts'], globalSetup: ['tests/global-setup.ts'] } },
    ],
  },
});
