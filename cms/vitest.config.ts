import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    // strapi.destroy() removes process listeners: keep each file in its own thread.
    pool: 'threads',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
