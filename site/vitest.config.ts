import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // `npx vitest run --coverage`: coverage of the stores and helpers by the unit tests.
    coverage: { provider: 'v8', include: ['src/stores/**', 'src/lib/**'], exclude: ['**/*.test.*'], reporter: ['text-summary', 'json-summary', 'html'] },
  },
});
