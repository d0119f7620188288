// Lighthouse (mobile defaults: simulated slow 4G and 4× CPU slowdown) on every public page in every locale (English,
// and its Hindi and Arabic twins under /hi/ and /ar/, as bench/pages.mjs lists them) in Debian's Chromium: score, LCP,
// TBT, CLS and the elements that shifted, and the JavaScript the page ran before its first paint, read from the same
// run's trace (observed on this machine, not simulated). LIGHTHOUSE_PAGES=/,/hi/submit audits only the paths listed
// (a sample while working on a page).
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { PUBLIC_PAGE_PATHS } from './pages.mjs';
import { chromiumFlags, chromiumPath } from './lib/chromium.mjs';
import { median, medianOf, ms, num } from './lib/stats.mjs';
import { cpuBlockingTime, scriptBeforeFirstPaint } from './lib/trace.mjs';

/** The pages issue 4 names get several runs; the others one each, to stay within the time budget. */
const KEY_PAGES = new Set(['/', '/articles', '/articles/bench-0500']);
const TARGET_SCORE = 95;
const TARGET_LCP_MS = 1800;
const LOCALE_OF = (path) => /^\/(hi|ar)(\/|$)/.exec(path)?.[1] ?? 'en';
/** The pages to audit: every public page in every locale, or the sample LIGHTHOUSE_PAGES lists. */
function pagesToAudit(env = process.env) {
  const sample = env.LIGHTHOUSE_PAGES?.split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  if (!sample?.length) return PUBLIC_PAGE_PATHS;
  const unknown = sample.filter((path) => !PUBLIC_PAGE_PATHS.includes(path));
  if (unknown.length) throw new Error(`LIGHTHOUSE_PAGES: ${unknown.join(', ')} is not a public page; choose from ${PUBLIC_PAGE_PATHS.join(', ')}`);
  return sample;
}

async function audit(url, port) {
  const { lhr, artifacts } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    onlyAudits: [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
      'total-byte-weight',
      'layout-shifts',
    ],
    disableFullPageScreenshot: true,
  });
  const a = lhr.audits;
  return {
    score: lhr.categories.performance.score === null ? null : lhr.categories.performance.score * 100,
    lcp: a['largest-contentful-paint'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    bytes: a['total-byte-weight'].numericValue,
    jsBeforePaint: scriptBeforeFirstPaint(artifacts.Trace.traceEvents),
    cpuTbt: cpuBlockingTime(artifacts.Trace.traceEvents),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    error: lhr.runtimeError?.message,
    /** The elements that moved (Lighthouse's layout-shifts audit), largest shift first. */
    shifted: (a['layout-shifts']?.details?.items ?? []).map((item) => `${item.node?.selector ?? item.node?.nodeLabel ?? '?'} ${num(item.score, 3)}`),
  };
}

export default {
  name: 'lighthouse',
  title: 'Lighthouse mobile on every public page',
  async run(ctx) {
    const { url } = await ctx.stack.site();
    const loadBefore = loadavg()[0];
    const pages = [];
    for (const path of pagesToAudit()) {
      const runs = KEY_PAGES.has(path) ? ctx.runs : 1;
      const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumFlags()] });
      try {
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await audit(new URL(path, url).href, chrome.port));
        const shiftiest = results.reduce((a, b) => (b.cls > a.cls ? b : a));
        pages.push({
          path,
          locale: LOCALE_OF(path),
          runs,
          ...medianOf(results),
          shifted: shiftiest.shifted,
          errors: results.map((r) => r.error).filter(Boolean),
        });
      } finally {
        chrome.kill();
      }
    }
    const load = [loadBefore, loadavg()[0]];
    const below = pages.filter((p) => !(p.score >= TARGET_SCORE));
    const slow = pages.filter((p) => !(p.lcp <= TARGET_LCP_MS));
    const key = pages.filter((p) => KEY_PAGES.has(p.path));
    const worst = (list, field, better) => list.reduce((a, b) => (better(b[field], a[field]) ? a : b));
    return {
      figures: { pages, benchmarkIndex: median(pages.map((p) => p.benchmarkIndex)), loadAverage: load },
      tables: [
        {
          caption: `Medians of the runs shown (Lighthouse’s own CPU benchmark index on this machine: ${num(median(pages.map((p) => p.benchmarkIndex)))}; load average ${num(load[0], 1)} at the start, ${num(load[1], 1)} at the end; a busy machine lengthens the simulated TBT and LCP). JS before first paint: script work on the page’s main thread before its first paint, observed in the run’s trace. CPU TBT: the TBT Lighthouse would read were no task kept waiting for a core (each main-thread task after the first contentful paint at its CPU time, 4× over, beyond 50 ms): what the page’s own work costs, whatever the load.`,
          columns: [
            'Page',
            '>Runs',
            '>Performance',
            '>LCP',
            '>CLS',
            '>TBT',
            '>CPU TBT',
            '>FCP',
            '>JS before first paint',
            '>Bytes (as Chromium fetched them)',
            'Shifted (element, shift)',
          ],
          rows: pages.map((p) => [
            `\`${p.path}\``,
            p.runs,
            num(p.score),
            ms(p.lcp),
            num(p.cls, 3),
            ms(p.tbt),
            ms(p.cpuTbt),
            ms(p.fcp),
            ms(p.jsBeforePaint),
            `${num(p.bytes / 1024, 1)} KB`,
            p.shifted.slice(0, 2).join('; ').replaceAll('|', '\\|') || '–',
          ]),
        },
      ],
      targets: [
        {
          target: 'Lighthouse mobile performance ≥ 95 on every public page',
          measured: `lowest ${num(worst(pages, 'score', (a, b) => a >= b).score)} (\`${worst(pages, 'score', (a, b) => a >= b).path}\`); ${pages.length - below.length} of ${pages.length} pages ≥ 95`,
          met: below.length === 0,
        },
        ...['en', 'hi', 'ar']
          .map((locale) => pages.filter((p) => p.locale === locale))
          .filter((list) => list.length)
          .map((list) => ({
            target: `Lighthouse mobile performance ≥ 95, CLS < 0.1 on every public page in ${list[0].locale}`,
            measured: `lowest ${num(worst(list, 'score', (a, b) => a >= b).score)} (\`${worst(list, 'score', (a, b) => a >= b).path}\`), highest CLS ${num(worst(list, 'cls', (a, b) => a <= b).cls, 3)} (\`${worst(list, 'cls', (a, b) => a <= b).path}\`)`,
            met: list.every((p) => p.score >= TARGET_SCORE && p.cls < 0.1),
          })),
        {
          target: 'LCP ≤ 1.8 s on every public page',
          measured: `slowest ${ms(worst(pages, 'lcp', (a, b) => a <= b).lcp)} (\`${worst(pages, 'lcp', (a, b) => a <= b).path}\`); ${pages.length - slow.length} of ${pages.length} pages ≤ 1.8 s`,
          met: slow.length === 0,
        },
        {
          target: 'Home and article pages: performance ≥ 95 with LCP ≤ 1.8 s (issue 4)',
          measured: key.map((p) => `\`${p.path}\` ${num(p.score)} / ${ms(p.lcp)}`).join('; '),
          met: key.every((p) => p.score >= TARGET_SCORE && p.lcp <= TARGET_LCP_MS),
        },
      ],
    };
  },
};
