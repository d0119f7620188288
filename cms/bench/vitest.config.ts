import { defineConfig } from 'vitest/config';

// Benchmarks of the cms (not part of `npm test`): cd cms && npx vitest run --config bench/vitest.config.ts
export default defineConfig({
  test: {
    include: ['bench/**/*.test.ts'],
    pool: 'threads',
    fileParallelism: false,
    testTimeout: 1_200_000,
    hookTimeout: 600_000,
  },
});
