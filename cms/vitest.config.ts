import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    // strapi.destroy() removes process listeners: keep each file in its own thread. An unhandled error fails the
    // run with its file (dangerouslyIgnoreUnhandledErrors stays off; tests/helpers/strapi.ts puts Vitest's error
    // listeners back after each shutdown, so a late error is reported instead of killing the worker).
    pool: 'threads',
    globalSetup: ['tests/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // `npx vitest run src --coverage`: the unit tests' coverage of the cms sources (the integration tests boot Strapi).
    coverage: { provider: 'v8', include: ['src/**/*.ts'], exclude: ['src/**/*.test.ts', 'src/admin/**'], reporter: ['text-summary', 'json-summary', 'html'] },
  },
});
