// Layout shift at load (issue 39): every public page, in English, Hindi and Arabic, on a 375 px phone, shifts by less
// than 0.1 (Lighthouse's "good" cumulative layout shift) from the first paint until its islands are live and the page
// has settled. A first visit, as Lighthouse's is: no consent saved, no language chosen, a browser that prefers English
// (so the Hindi and Arabic pages offer the English one), on Lighthouse's mobile network (slow 4G: 150 ms a round trip,
// 1.6 Mbit/s), so what a page's scripts change after its first paint comes after it here too, as on a phone. Chromium's
// own layout-shift entries are summed, so this is at least the CLS Lighthouse reads; a failure names what moved.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inLocale, OTHER_LOCALES } from './locales';
import { PUBLIC_ROUTES } from './routes';

/** Lighthouse's mobile network (its `mobileSlow4G`): round trip and throughput. */
const SLOW_4G = { latency: 150, bytesPerSecond: (1638.4 * 1024) / 8 };
/** Lighthouse's threshold of a good CLS. */
const GOOD_CLS = 0.1;
const LOCALIZED = PUBLIC_ROUTES.map((route) => route.path).filter((path) => !path.startsWith('/__/'));

declare global {
  interface Window {
    __layoutShifts?: { value: number; sources: string[] }[];
  }
}

/** Starts recording every layout shift (without recent input) before the page's first byte is parsed. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.id ? `#${node.id}` : '';
      const testId = node.getAttribute('data-testid');
      return `${node.localName}${id}${testId ? `[data-testid=${testId}]` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] })[]) {
        if (!entry.hadRecentInput) window.__layoutShifts?.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shifts from its first paint until it is live and its network quiet. */
async function layoutShiftAtLoad(page: Page, path: string) {
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res?.status(), path).toBe(200);
  // Islands that hydrate at load or when idle are live (those that wait to be seen or for an event are not part of it).
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0);
  // The first-visit scripts (language suggestion, consent, visit tracker) have had their say once the network is quiet.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

for (const locale of ['en', ...OTHER_LOCALES] as const) {
  test(`every public page in ${locale} shifts less than ${GOOD_CLS} at load on a 375 px phone @phone-only`, async ({ page }) => {
    test.setTimeout(30_000 + LOCALIZED.length * 15_000); // every public page on a slow network, loaded until it is quiet
    await page.setViewportSize({ width: 375, height: 740 });
    await recordLayoutShifts(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latency,
      downloadThroughput: SLOW_4G.bytesPerSecond,
      uploadThroughput: SLOW_4G.bytesPerSecond / 2,
    });
    const over: string[] = [];
    for (const path of LOCALIZED) {
      const url = locale === 'en' ? path : inLocale(locale, path);
      const { total, shifts } = await layoutShiftAtLoad(page, url);
      if (total >= GOOD_CLS) over.push(`${url}: ${total.toFixed(3)} (${shifts.map((s) => `${s.value.toFixed(3)} ${s.sources.join(', ')}`).join('; ')})`);
    }
    expect(over, `pages whose layout shifts ${GOOD_CLS} or more at load`).toEqual([]);
  });
}
