import type { ViteUserConfig } from 'astro';
import { getViteConfig } from 'astro/config';
import type { InlineConfig } from 'vitest/node';

// Vitest's types add `test` to the Vite it depends on, not to the one Astro builds with: the key is typed here.
const test: InlineConfig = {
  include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
  // jsdom for the islands and whatever touches the page; a file that needs no DOM starts with `// @vitest-environment node`
  // (its own jsdom costs each file about 0.4 CPU s). There `document` is undefined and `import.meta.env.SSR` is true, as
  // in the build: a test that needs the page fails there rather than passing on the server's path.
  environment: 'jsdom',
  // Worker threads, not child processes: each file's fresh worker costs less to start (as in the cms suite).
  pool: 'threads',
  // `npx vitest run --coverage`: coverage of the stores and helpers by the unit tests.
  coverage: { provider: 'v8', include: ['src/stores/**', 'src/lib/**'], exclude: ['**/*.test.*'], reporter: ['text-summary', 'json-summary', 'html'] },
};

export default getViteConfig({ test } as ViteUserConfig);
