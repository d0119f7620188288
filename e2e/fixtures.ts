// Shared e2e fixtures and helpers. Every spec imports `test` and `expect` from here, never from '@playwright/test':
// the `test` below fails any test during which a page logged a console error or threw an uncaught error.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

export { expect };

/** What a test may declare it expects the browser to log: a pattern, and why that error is the test's point. */
export interface ConsoleErrors {
  /**
   * Allows console errors matching `pattern` in this test only, for an error the test provokes on purpose (a request
   * it makes fail, a page it expects to be refused). Keep the pattern as narrow as the error; `why` is for the reader.
   */
  expect(pattern: RegExp, why: string): void;
  /**
   * Allows the browser's "Failed to load resource: … status of `status`" for requests to `path` (a path such as
   * '/api/admin/settings', or a pattern for the path), the line Chromium logs for every answer of 400 or more, in this
   * test only: for a refusal the test provokes and the page shows to the person.
   */
  expectFailedRequest(status: number, path: string | RegExp, why: string): void;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The line Chromium logs for an answer of `status` from `path` on this site, as the fixture records it. */
export const failedRequestLine = (status: number, path: string | RegExp) =>
  new RegExp(
    `: Failed to load resource: the server responded with a status of ${status} \\([^)]*\\) \\(https?://[^/]+(${typeof path === 'string' ? escapeRegExp(path) : path.source})(\\?[^)]*)?:\\d+\\)$`,
  );

/**
 * Every page of every browser context a test opens (its own `page`, and contexts made with `browser.newContext()` or
 * `browser.newPage()`) is watched: a console message of type "error" or an uncaught page error fails the test when it
 * ends, listing each with the page it came from. A hydration mismatch, a failed fetch the page did not expect, a
 * script that throws: each is a defect a person would meet, so none is ignored by default.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ browser, context }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (ctx: BrowserContext) => {
        ctx.on('console', (message) => {
          if (message.type() !== 'error') return;
          const { url, lineNumber } = message.location();
          seen.push(`console error on ${message.page()?.url() ?? 'a worker'}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
        });
        ctx.on('weberror', (webError) => {
          const error = webError.error();
          seen.push(`page error on ${webError.page()?.url() ?? 'a worker'}: ${error.stack ?? error.message}`);
        });
      };
      watch(context);
      browser.on('context', watch);
      await use({
        expect: (pattern) => void allowed.push(pattern),
        expectFailedRequest: (status, path) => void allowed.push(failedRequestLine(status, path)),
      });
      browser.off('context', watch);
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, 'console errors and page errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
/** The parts of AxeBuilder's inner working `expectNoAxeViolations` relies on (private in its types). */
interface AxeBuilderInternals {
  option: unknown;
  script(): string;
  axeConfigure(): Promise<string>;
  finishRun(partials: unknown): Promise<AxeResults>;
}

/** Each browser's page for axe's last step, in a context of its own, opened at the first scan with axe in it, and kept. */
const axePages = new WeakMap<Browser, Promise<Page>>();

/**
 * AxeBuilder checks each frame of the page (`axe.runPartial`), then joins the parts (`axe.finishRun`) in a page of
 * its own, away from the page's scripts: a new blank page in the test's context for each scan, which costs a new
 * renderer process and a new compile of axe (about 550 KB) every time. Here the join is done the same way, in the same
 * kind of blank page, but one for the whole browser (the worker's), in a context of its own (the parts are plain data;
 * no test's context or page count changes), axe compiled in it once. Should a release of AxeBuilder rename these inner
 * parts, it does its own join again (no scan is lost, only the saving). Only a page with frames takes this way
 * (`scanInPage`, below, scans the others).
 */
function joinInKeptPage(builder: AxeBuilder, page: Page) {
  const internals = builder as unknown as AxeBuilderInternals;
  const browser = page.context().browser();
  if (!browser || ![internals.finishRun, internals.script, internals.axeConfigure].every((part) => typeof part === 'function')) return;
  internals.finishRun = async (partials) => {
    let kept = axePages.get(browser);
    if (!kept || (await kept).isClosed()) {
      kept = browser.newPage().then(async (axePage) => {
        await axePage.evaluate(internals.script());
        return axePage;
      });
      axePages.set(browser, kept);
    }
    const axePage = await kept;
    await axePage.evaluate(await internals.axeConfigure());
    return axePage.evaluate(
      ({ json, options }) =>
        (window as unknown as { axe: { finishRun(partials: unknown, options: unknown): Promise<AxeResults> } }).axe.finishRun(JSON.parse(json), options),
      { json: JSON.stringify(partials), options: internals.option },
    );
  };
}

/** The tags of the rules every scan runs (WCAG 2.0 and 2.1, A and AA, and axe's best practices). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** A violation as the scan reports it: the rule, its impact and help, and each node's target. */
type Violation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help'> & { targets: AxeResults['violations'][number]['nodes'][number]['target'][] };

/**
 * Scans a page without frames in the page itself with `axe.run`, which is what `axe.runPartial` and `axe.finishRun`
 * do there for one frame, with the same rules (AxeBuilder's options) and context: null when the page has frames,
 * which only AxeBuilder's per-frame scan reaches. axe is injected once per document (a second scan of the same page
 * reuses it) and only the violations come back: `resultTypes` keeps one node of each rule that passed, was
 * inapplicable or incomplete, so axe no longer builds a selector and the HTML of every node that passed, and no
 * partial result of every passed node crosses to Node and back for the join.
 */
async function scanInPage(page: Page, builder: AxeBuilder, axeInjected: boolean): Promise<Violation[] | null> {
  if (page.frames().length > 1) return null;
  const internals = builder as unknown as AxeBuilderInternals;
  if (typeof internals.script !== 'function') return null;
  if (!axeInjected) {
    await page.evaluate(`${internals.script()}\n;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`);
  }
  return page.evaluate(
    async ({ options }) => {
      type Axe = {
        utils: { getFrameContexts(context: unknown): unknown[] };
        run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown }[] }[] }>;
      };
      const { axe } = window as unknown as { axe: Axe };
      const context = { include: [], exclude: [] };
      if (axe.utils.getFrameContexts(context).length > 0) return null;
      const results = await axe.run(context, { ...(options as object), resultTypes: ['violations'] });
      return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map(({ target }) => target) }));
    },
    { options: internals.option },
  ) as Promise<Violation[] | null>;
}

export async function expectNoAxeViolations(page: Page) {
  // Colours read mid-transition (a toggle turning from outline to filled as data arrives) are neither state: end
  // running CSS transitions first, so axe checks the colours the page settles on.
  // (In the same call: whether axe is in this document already, from an earlier scan of it.)
  const axeInjected = await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
    return typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function';
  });
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  let violations = await scanInPage(page, builder, axeInjected);
  if (!violations) {
    joinInKeptPage(builder, page);
    violations = (await builder.analyze()).violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map(({ target }) => target) }));
  }
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.targets
        .map((target) => target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until the site answers `path` with `status` after a rebuild (200: the rebuild made the page; 404: it took the
 * page away), asking by HTTP once a second. A rebuild takes seconds to tens of seconds; a browser load of the page at
 * each try would cost a renderer's work for a page nobody reads, so the page is loaded once it is there.
 */
export async function untilServed(request: APIRequestContext, path: string, status: 200 | 404, timeout = 60_000) {
  await expect
    .poll(async () => (await request.get(path)).status(), { message: `${path} answers ${status} once the site has rebuilt`, timeout, intervals: [1_000] })
    .toBe(status);
}

/** Where an element's text is drawn (not its box, which a block stretches across the row): the union of its glyphs. */
export function inkOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

/** Stops the cookie banner from covering the page: stores a choice as a returning visitor would have. */
export async function withSavedConsent(page: Page, value: 'granted' | 'denied' = 'denied') {
  await page.addInitScript((v) => {
    const consent = { ad_storage: v, analytics_storage: v, ad_user_data: v, ad_personalization: v };
    try {
      if (!localStorage.getItem('writory-cookie-consent')) localStorage.setItem('writory-cookie-consent', JSON.stringify(consent));
    } catch {
      // A document with no storage of its own (the browser's offline error page, a sandboxed frame): nothing to save.
    }
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

/**
 * WCAG 2.2 "Focus Not Obscured": once scrolling settles, the focused element is on screen and nothing (the cookie
 * banner, the chat launcher, a sticky header) is painted over its middle or the points a quarter in from its edges.
 * Focus starts a smooth scroll, sometimes a few frames later, so the check is repeated on the test runner's clock
 * until the control is clear: the page's own timers and animation frames may be Playwright's fake clock.
 */
export async function expectFocusNotObscured(page: Page, step = '') {
  const problem = () =>
    page.evaluate(() => {
      const describe = (el: Element) => {
        const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
        return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${label}"`;
      };
      const el = document.activeElement;
      if (!el || el === document.body) return 'focus is on the page body';
      const r = el.getBoundingClientRect();
      const [left, right, top, bottom] = [Math.max(r.left, 0), Math.min(r.right, innerWidth), Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
      if (right - left < 1 || bottom - top < 1) return `${describe(el)} is off screen`;
      const [w, h] = [right - left, bottom - top];
      const points = [
        [0.5, 0.5],
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ].map(([x, y]) => [left + w * x, top + h * y]);
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit) && !hit.contains(el)) return `${describe(el)} is covered by ${describe(hit)} at ${Math.round(x)},${Math.round(y)}`;
      }
      return null;
    });
  await expect.poll(problem, { message: `focus after ${step}`, timeout: 5_000 }).toBeNull();
}

/**
 * Presses Tab up to `count` times from where focus is (stopping after the control named `until`), checking after each
 * press that the focused control is in view. Returns the names of the controls it met.
 */
export async function tabWalkUncovered(page: Page, count: number, until?: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const seen: string[] = [];
  for (let i = 1; i <= count; i++) {
    await page.keyboard.press(key);
    seen.push(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? ''),
    );
    await expectFocusNotObscured(page, `${key} ${i} on ${new URL(page.url()).pathname} (${seen.at(-1)})`);
    if (seen.at(-1) === until) break;
  }
  return seen;
}
