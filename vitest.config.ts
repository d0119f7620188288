import { defineConfig } from 'vitest/config';

// Repository-level tests (deployment files, scripts). cms and site have their own configs.
export default defineConfig({
  test: { include: ['tests/**/*.test.ts'] },
});
