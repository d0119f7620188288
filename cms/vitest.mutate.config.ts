// `npm run mutate` (Stryker): the unit and property tests of the pure modules it mutates, and nothing that boots
// Strapi. @writory/shared is read from the sources beside this file, so Stryker's copy of money.ts is the one tested.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@writory/shared': fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)) } },
  test: {
    include: [
      'src/api/score/lib/*.test.ts',
      // ranking.test.ts times 10,000 scores, which instrumented code cannot meet; the properties pin every rank.
      'src/api/result/lib/ranking.property.test.ts',
      'src/lib/money.property.test.ts',
      'src/api/entry/lib/*.test.ts',
      'src/api/payment/lib/*.test.ts',
    ],
    pool: 'threads',
  },
});
