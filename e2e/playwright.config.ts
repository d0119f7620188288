import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's build of Chromium's headless shell where it exists (Playwright cannot download browsers here): the browser
// Playwright itself runs headless tests in, about a third less CPU than the full Chromium for the same tests. Then
// Debian's full Chromium, then Playwright's own.
const debianChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
const launchOptions = debianChromium
  ? {
      executablePath: debianChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    }
  : {};

// E2E_CPU_THROTTLE=N: specs that apply it run the page's scripts N times slower; their time limits grow with it.
const cpuThrottle = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One worker unless told (`--workers 2`): tests tagged `@alone` change what every other test sees and must run with
  // nothing beside them. `npm test` runs the rest on two workers first, then those on one (scripts/test.mjs).
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000 * cpuThrottle,
  expect: { timeout: 5_000 * cpuThrottle },
  // E2E_REPORT: where the JSON report goes (scripts/test.mjs runs the suite in two parts, each with its own report).
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../.var/e2e-results.json' }]],
  outputDir: '../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:4321',
    // A trace of every test, kept when it fails (E2E_TRACE=off: none, about a quarter less CPU; `npm test` runs so).
    trace: (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | undefined) ?? 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions }, grepInvert: /@phone-only/ },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions },
      grep: /@phone/,
    },
  ],
});
