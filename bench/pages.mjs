// Every public page: the bytes a visitor downloads (gzip), split into HTML, CSS and JavaScript, read from the
// built site through its own server. JavaScript "at load" is every script the page fetches before it is idle: what
// its scripts and islands import statically (all of it is fetched once every island has hydrated), plus what the
// browser fetches while the page loads (dynamic imports started at load, such as the page's catalogue parts), seen
// in Chromium's network log; "on demand" is the rest of what they import dynamically (e.g. the chatbot panel,
// Firebase at sign-in). Render-blocking: classic <script src> without async/defer, and stylesheets.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { init, parse } from 'es-module-lexer';
import { chromiumFlags, chromiumPath } from './lib/chromium.mjs';
import { getRaw } from './lib/http.mjs';
import { scanHtml } from './lib/html.mjs';
import { kb, num } from './lib/stats.mjs';

const ARTICLE_PAGES = ['/articles/page/2', '/articles/tag/craft', '/articles/bench-0500'];
const ROUTES_TS = readFileSync(new URL('../e2e/routes.ts', import.meta.url), 'utf8');
/** The e2e suite's list of every public route of the spec (read as text: it is TypeScript). */
const PUBLIC_ROUTES = [...ROUTES_TS.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
/** The poet's pages of the same file that the spec's list leaves out (the profile, the competitions' pages). */
const POET_PAGES = [...(/POET_PAGES = \[([^\]]*)\]/.exec(ROUTES_TS)?.[1] ?? '').matchAll(/'([^']+)'/g)]
  .map((m) => m[1])
  .filter((path) => !PUBLIC_ROUTES.includes(path));
/** Every admin tool's page (each `admin-*` page of the site), as e2e/routes.ts lists them. */
const ADMIN_PAGES = readdirSync(new URL('../site/src/pages', import.meta.url))
  .filter((file) => /^admin-.*\.astro$/.test(file))
  .map((file) => `/${file.replace(/\.astro$/, '')}`)
  .sort();
/** Every page again in each other interface language (issue 39): `/hi/…` and `/ar/…` (Firebase's fixed action path stays English). */
const OTHER_LOCALES = ['hi', 'ar'];
const inEveryLocale = (paths) => [
  ...paths,
  ...OTHER_LOCALES.flatMap((locale) => paths.filter((path) => !path.startsWith('/__/')).map((path) => `/${locale}${path === '/' ? '' : path}`)),
];
/** The public pages in every locale: what `lighthouse` audits. */
export const PUBLIC_PAGE_PATHS = inEveryLocale([...PUBLIC_ROUTES, ...ARTICLE_PAGES]);
/** Every page in every locale, the poets' and the admin tools' too: what this benchmark counts. */
export const PAGE_PATHS = inEveryLocale([...PUBLIC_ROUTES, ...POET_PAGES, ...ADMIN_PAGES, ...ARTICLE_PAGES]);

/** At most this much JavaScript (gzip) at load on any page in any locale (issue 39); e2e/js-budget.spec.ts holds every page to it. */
export const JS_BUDGET = 100 * 1024;

/** Follows static imports from the entry modules; dynamic imports start the on-demand graph. */
async function moduleGraph(base, entries, sizeOf) {
  await init;
  const atLoad = new Set();
  const onDemand = new Set();
  const visit = async (url, into) => {
    if (atLoad.has(url) || into.has(url)) return;
    into.add(url);
    const { body } = await sizeOf(url);
    const [imports] = parse(body.toString('utf8'));
    for (const imp of imports) {
      if (!imp.n) continue; // a computed dynamic import: nothing to follow
      const target = new URL(imp.n, url).href;
      if (!target.startsWith(base)) continue;
      await visit(target, imp.d === -1 ? into : onDemand);
    }
  };
  for (const entry of entries) await visit(new URL(entry, base).href, atLoad);
  for (const url of atLoad) onDemand.delete(url);
  return { atLoad, onDemand };
}

/**
 * A tab that loads page after page as a first-time visitor who is not signed in, and lists the scripts Chromium fetches
 * while each loads, until the network is idle: the static graph and every dynamic import started at load (the t()
 * module's catalogue parts, awaited before any island renders). One browser context and tab serve many pages (a fresh
 * context for each cost its own renderer): before each load the tab leaves the last page for about:blank and the
 * site's origin is emptied of what a visit leaves (cookies, local storage, IndexedDB, service workers, Cache Storage;
 * the tab's session storage as each load ends), and the HTTP cache is off (`Network.setCacheDisabled`), so every
 * script the page asks for is fetched and seen, as on a first visit. A page that sends a visitor elsewhere (the admin
 * tools' guard sends them to sign in) is kept where it is: only the page's own load is counted.
 */
async function visitorTab(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  /** The page being loaded, and the scripts fetched for it: nothing is counted while the tab is between pages. */
  let loading = null;
  page.on('request', (request) => {
    if (loading && request.resourceType() === 'script') loading.scripts.add(request.url());
  });
  // Only documents pass through here (Playwright's `page.route` would stop every request on its way, about a fifth of
  // the CPU of a load): the tab's own navigations away from the page it loads are cancelled.
  const { frameTree } = await cdp.send('Page.getFrameTree');
  cdp.on('Fetch.requestPaused', ({ requestId, request, frameId }) => {
    const leaving = loading && frameId === frameTree.frame.id && request.url !== loading.url;
    cdp.send(leaving ? 'Fetch.failRequest' : 'Fetch.continueRequest', leaving ? { requestId, errorReason: 'Aborted' } : { requestId }).catch(() => {});
  });
  await cdp.send('Fetch.enable', { patterns: [{ resourceType: 'Document', requestStage: 'Request' }] });
  return {
    async scriptsFetchedAtLoad(url) {
      await page.goto('about:blank');
      await context.clearCookies();
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
      loading = { url, scripts: new Set() };
      try {
        await page.goto(url, { waitUntil: 'networkidle' });
        // The tab's session storage (kept across its pages, and only cleared from a page of its origin): the site
        // writes it only when a person acts (closes the cookie banner for now, starts a redirect sign-in).
        if (new URL(page.url()).origin === new URL(url).origin) await page.evaluate(() => sessionStorage.clear());
        return loading.scripts;
      } finally {
        loading = null;
      }
    },
    close: () => context.close(),
  };
}

/** A headless Chromium (Debian's, with the e2e suite's flags) for `measurePages`, from the repository's Playwright. */
export const launchChromium = () => chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags() });

/** Measures one page; `tab` (a `visitorTab`) watches what it fetches at load. */
async function measurePage(base, path, tab, cache) {
  const sizeOf = (url) => {
    if (!cache.has(url)) cache.set(url, getRaw(url));
    return cache.get(url);
  };
  const html = await getRaw(new URL(path, base).href);
  const text = html.body.toString('utf8');
  const scan = scanHtml(text);
  const css = await Promise.all(scan.stylesheets.map((href) => sizeOf(new URL(href, base).href)));
  const classic = await Promise.all(scan.classicScripts.map((src) => sizeOf(new URL(src, base).href)));
  const { atLoad, onDemand } = await moduleGraph(base, scan.modules, sizeOf);
  const visitor = await moduleGraph(base, scan.visitorModules, sizeOf);
  // What the browser fetched at load beyond the static graph: at load for everyone, a visitor included.
  for (const url of await tab.scriptsFetchedAtLoad(new URL(path, base).href)) {
    if (!url.startsWith(base)) continue;
    atLoad.add(url);
    visitor.atLoad.add(url);
    onDemand.delete(url);
  }
  const total = async (urls) => (await Promise.all([...urls].map(sizeOf))).reduce((sum, r) => sum + r.wireBytes, 0);
  const cssBytes = css.reduce((sum, r) => sum + r.wireBytes, 0);
  const classicBytes = classic.reduce((sum, r) => sum + r.wireBytes, 0);
  const jsBytes = (await total(atLoad)) + classicBytes;
  return {
    path,
    status: html.status,
    htmlBytes: html.wireBytes,
    cssBytes,
    jsBytes,
    jsFiles: atLoad.size + classic.length,
    visitorJsBytes: (await total(visitor.atLoad)) + classicBytes,
    onDemandJsBytes: await total(onDemand),
    inlineJsBytes: scan.inlineJsBytes,
    islands: scan.islands,
    blockingScripts: scan.blockingScripts,
    blockingStylesheets: scan.stylesheets.length,
    totalBytes: html.wireBytes + cssBytes + jsBytes,
  };
}

/** Measures every page, a few at a time (each tab in its own browser context), in the order given. */
export async function measurePages(base, paths, browser, concurrency = 3) {
  const cache = new Map();
  const pages = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    const tab = await visitorTab(browser);
    try {
      while (next < paths.length) {
        const index = next++;
        pages[index] = await measurePage(base, paths[index], tab, cache);
      }
    } finally {
      await tab.close();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return pages;
}

export default {
  name: 'pages',
  title: 'Public pages: bytes transferred (gzip)',
  async run(ctx) {
    const { url } = await ctx.stack.site();
    const browser = await launchChromium();
    const pages = await measurePages(url, PAGE_PATHS, browser).finally(() => browser.close());
    const withoutIslands = pages.filter((p) => p.islands === 0);
    const heaviest = pages.reduce((a, b) => (b.jsBytes > a.jsBytes ? b : a));
    const lightest = pages.reduce((a, b) => (b.visitorJsBytes < a.visitorJsBytes ? b : a));
    const blocking = pages.filter((p) => p.blockingScripts > 0);
    const overBudget = pages.filter((p) => p.jsBytes > JS_BUDGET);
    return {
      figures: { pages },
      tables: [
        {
          caption:
            'Bytes are what the site server sends with `Accept-Encoding: gzip` (sizes do not vary between runs). JS at load: every module the page’s scripts and islands import statically, as if every island hydrated (a signed-in poet who is shown a toast), and every script Chromium fetches while the page loads until the network is idle (dynamic imports started at load: the page’s catalogue parts); visitor JS: the same without the islands that hydrate only for a sign-in or on an event (`client:signed-in`, `client:on`), i.e. what a visitor who is not signed in fetches on load; on demand: the other dynamic imports (chat panel, Firebase, …). Inline JS is uncompressed and already inside the HTML.',
          columns: [
            'Page',
            '>Islands',
            '>HTML',
            '>CSS',
            '>JS at load',
            '>Visitor JS',
            '>JS files',
            '>JS on demand',
            '>Inline JS',
            '>Blocking scripts',
            '>Total',
          ],
          rows: pages.map((p) => [
            `\`${p.path}\`${p.status === 200 ? '' : ` (${p.status})`}`,
            p.islands,
            kb(p.htmlBytes),
            kb(p.cssBytes),
            kb(p.jsBytes),
            kb(p.visitorJsBytes),
            p.jsFiles,
            kb(p.onDemandJsBytes),
            kb(p.inlineJsBytes),
            p.blockingScripts,
            kb(p.totalBytes),
          ]),
        },
      ],
      targets: [
        {
          target: 'Pages without islands ship 0 bytes of JavaScript',
          measured: withoutIslands.length
            ? `${withoutIslands.filter((p) => p.jsBytes + p.inlineJsBytes === 0).length} of ${withoutIslands.length} pages without islands ship none`
            : `every public page has islands (${num(Math.min(...pages.map((p) => p.islands)))} or more); the least a visitor fetches: ${kb(lightest.visitorJsBytes)} (\`${lightest.path}\`)`,
          met: withoutIslands.length ? withoutIslands.every((p) => p.jsBytes + p.inlineJsBytes === 0) : null,
        },
        {
          target: 'Any page, in every locale, ≤ 100 KB gzip JavaScript at load',
          measured: `heaviest: \`${heaviest.path}\` ${kb(heaviest.jsBytes)} at load (+ ${kb(heaviest.onDemandJsBytes)} on demand)${overBudget.length ? `; over: ${overBudget.map((p) => `\`${p.path}\` ${kb(p.jsBytes)}`).join(', ')}` : ''}`,
          met: pages.every((p) => p.jsBytes <= JS_BUDGET),
        },
        {
          target: 'No render-blocking JavaScript',
          measured: blocking.length ? `${blocking.length} pages with blocking scripts: ${blocking.map((p) => `\`${p.path}\``).join(', ')}` : 'none on any page',
          met: blocking.length === 0,
        },
      ],
    };
  },
};
