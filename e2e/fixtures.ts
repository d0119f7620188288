// Shared e2e helpers: an axe scan that fails with a readable list of violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Stops the cookie banner from covering the page: stores a choice as a returning visitor would have. */
export async function withSavedConsent(page: Page, value: 'granted' | 'denied' = 'denied') {
  await page.addInitScript((v) => {
    const consent = { ad_storage: v, analytics_storage: v, ad_user_data: v, ad_personalization: v };
    if (!localStorage.getItem('writory-cookie-consent')) localStorage.setItem('writory-cookie-consent', JSON.stringify(consent));
  }, value);
}

/**
 * Collects every Content-Security-Policy violation reported by the page's documents (frames included), from before
 * any script of theirs runs, across navigations. Call before the first goto; the list fills as the page works.
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__writoryCspViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __writoryCspViolation: (text: string) => void }).__writoryCspViolation;
      report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'an inline source'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}
