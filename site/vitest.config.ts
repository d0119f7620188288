import type { ViteUserConfig } from 'astro';
import { getViteConfig } from 'astro/config';
import type { InlineConfig } from 'vitest/node';

// Vitest's types add `test` to the Vite it depends on, not to the one Astro builds with: the key is typed here.
const test: InlineConfig = {
  include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  // `npx vitest run --coverage`: coverage of the stores and helpers by the unit tests.
  coverage: { provider: 'v8', include: ['src/stores/**', 'src/lib/**'], exclude: ['**/*.test.*'], reporter: ['text-summary', 'json-summary', 'html'] },
};

export default getViteConfig({ test } as ViteUserConfig);
