// The pure parts of the benchmark harness (bench/): statistics and the Markdown it writes.
import { describe, expect, it } from 'vitest';
import { median, medianOf, percentile, ratio, kb, ms, num } from '../bench/lib/stats.mjs';
import { markdownTable, renderResults } from '../bench/lib/table.mjs';
import { scanHtml } from '../bench/lib/html.mjs';
import { cpuBlockingTime, scriptBeforeFirstPaint } from '../bench/lib/trace.mjs';

describe('median', () => {
  it.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[7], 7],
    [[], null],
    [[5, null, NaN, 1, undefined], 3],
  ])('of %j is %s', (values, expected) => {
    expect(median(values as number[])).toBe(expected);
  });

  it('takes the median of each field over runs, ignoring missing ones', () => {
    expect(medianOf([{ rps: 10, p99: 5 }, { rps: 30, p99: 7 }, { rps: 20 }])).toEqual({ rps: 20, p99: 6 });
  });
});

describe('percentile', () => {
  const values = Array.from({ length: 101 }, (_, i) => 100 - i); // 100 … 0, unsorted on purpose

  it.each([
    [0, 0],
    [50, 50],
    [95, 95],
    [99, 99],
    [100, 100],
  ])('p%s of 0…100 is %s', (p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('interpolates between ranks', () => {
    expect(percentile([10, 20], 50)).toBe(15);
    expect(percentile([1, 2, 3, 4], 95)).toBeCloseTo(3.85);
  });

  it('is null for no values and refuses a percentile outside 0–100', () => {
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('writes numbers, bytes, durations and ratios for tables', () => {
    expect(num(12345.678, 1)).toBe('12,345.7');
    expect(num(null)).toBe('–');
    expect(kb(0)).toBe('0');
    expect(kb(102400)).toBe('100.0 KB');
    expect(ms(850)).toBe('850 ms');
    expect(ms(1834)).toBe('1.83 s');
    expect(ratio(50, 200)).toBe(0.25);
    expect(ratio(50, 0)).toBeNull();
  });
});

describe('markdownTable', () => {
  it('aligns columns marked ">" right and escapes pipes', () => {
    expect(markdownTable(['Page', '>Bytes'], [['`/a|b`', '1 KB']])).toBe('| Page | Bytes |\n|---|---:|\n| `/a\\|b` | 1 KB |');
  });
});

describe('renderResults', () => {
  const results = {
    command: 'npm run bench',
    date: '2026-01-02T03:04:05Z',
    seconds: 600,
    machine: { cpus: 2, cpuModel: 'Test CPU', memoryGiB: 24, os: 'Debian', loadAverage: '1.00 1.00 1.00' },
    versions: { node: '24.0.0' },
    dataset: { counts: { poets: 10000 }, reused: true, seconds: 0, notSeeded: ['visits'] },
    benchmarks: {
      api: {
        title: 'Hot API endpoints',
        date: '2026-01-02T03:04:05Z',
        tables: [{ caption: 'Medians.', columns: ['Endpoint', '>Requests/s'], rows: [['counter', '900']] }],
        targets: [{ target: 'Counters ≥ 0.5× bare Koa', measured: '0.14×', reference: 'bare Koa', met: false }],
        notes: ['A note.'],
      },
      pages: { title: 'Pages', date: '2025-12-31T00:00:00Z', error: 'site did not start' },
    },
  };

  it('puts machine, dataset, every target with its verdict and each benchmark’s tables in one document', () => {
    const md = renderResults(results);
    expect(md).toContain('2 × Test CPU, 24 GiB, Debian');
    expect(md).toContain('10,000 poets');
    expect(md).toContain('Not seeded yet: visits.');
    expect(md).toContain('| Counters ≥ 0.5× bare Koa | 0.14× | bare Koa | **no** |');
    expect(md).toContain('## Hot API endpoints (`api`)\n\nMedians.\n\n| Endpoint | Requests/s |');
    expect(md).toContain('- A note.');
    expect(md).toContain('Did not finish: site did not start');
    expect(md).toContain('_Measured 2025-12-31T00:00:00Z by `npm run bench -- pages`._');
    expect(md).not.toContain('_Measured 2026-01-02T03:04:05Z');
  });
});

describe('scanHtml', () => {
  it('finds stylesheets, module entries, islands, inline and render-blocking scripts', () => {
    const html = `<head><link rel="stylesheet" href="/_astro/a.css"><script>var x=1</script>
      <script type="application/ld+json">{"a":1}</script><script src="/legacy.js"></script>
      <script async src="/async.js"></script><link rel="modulepreload" href="/_astro/pre.js"></head>
      <body><astro-island uid="1" component-url="/_astro/C.js" renderer-url="/_astro/client.js" client="idle"></astro-island>
      <astro-island uid="2" component-url="/_astro/Account.js" renderer-url="/_astro/client.js" client="signed-in"></astro-island>
      <astro-island uid="3" component-url="/_astro/Toaster.js" renderer-url="/_astro/client.js" client="on"></astro-island>
      <script type="module" src="/_astro/page.js"></script></body>`;
    expect(scanHtml(html)).toEqual({
      stylesheets: ['/_astro/a.css'],
      classicScripts: ['/legacy.js', '/async.js'],
      modules: ['/_astro/page.js', '/_astro/pre.js', '/_astro/C.js', '/_astro/client.js', '/_astro/Account.js', '/_astro/Toaster.js'],
      visitorModules: ['/_astro/page.js', '/_astro/pre.js', '/_astro/C.js', '/_astro/client.js'],
      inlineJsBytes: 7,
      islands: 3,
      blockingScripts: 1,
    });
  });
});

describe('scriptBeforeFirstPaint', () => {
  const nav = { name: 'navigationStart', pid: 1, tid: 1, ts: 1_000, args: { data: { navigationId: 'n' } } };
  const paint = { name: 'firstPaint', pid: 1, tid: 1, ts: 11_000, args: { data: { navigationId: 'n' } } };
  const task = (name: string, ts: number, dur: number, tid = 1) => ({ name, ph: 'X', pid: 1, tid, ts, dur });

  it('adds up script work on the main thread between navigation and first paint, overlaps counted once', () => {
    const events = [
      nav,
      paint,
      task('EvaluateScript', 2_000, 2_000),
      task('FunctionCall', 3_000, 2_000),
      task('v8.evaluateModule', 10_000, 5_000),
      task('Layout', 5_000, 1_000),
      task('FunctionCall', 2_000, 9_000, 2),
    ];
    // 2–5 ms (overlapping pair) + 10–11 ms (clipped at the paint) = 4 ms; layout and other threads left out.
    expect(scriptBeforeFirstPaint(events)).toBe(4);
  });

  it('is null without a paint', () => {
    expect(scriptBeforeFirstPaint([nav])).toBeNull();
  });
});

describe('cpuBlockingTime', () => {
  const nav = { name: 'navigationStart', pid: 1, tid: 1, ts: 1_000, args: { data: { navigationId: 'n' } } };
  const fcp = { name: 'firstContentfulPaint', pid: 1, tid: 1, ts: 11_000, args: { data: { navigationId: 'n' } } };
  const paint = { ...fcp, name: 'firstPaint' };
  const task = (ts: number, dur: number, tdur: number | undefined, tid = 1) => ({ name: 'RunTask', ph: 'X', pid: 1, tid, ts, dur, tdur });

  it('counts each main-thread task after the first contentful paint at its CPU time, four times over, beyond 50 ms', () => {
    const events = [
      nav,
      paint,
      fcp,
      task(5_000, 60_000, 40_000), // before the paint: left out
      task(12_000, 200_000, 20_000), // 200 ms waiting for a core, 20 ms of work: 4 × 20 − 50 = 30
      task(300_000, 15_000, 12_000), // 4 × 12 = 48: not blocking
      task(400_000, 30_000, 30_000, 2), // another thread: left out
      task(500_000, 40_000, undefined), // no CPU time in the trace: its wall time, 4 × 40 − 50 = 110
    ];
    expect(cpuBlockingTime(events)).toBe(140);
  });

  it('is null without a paint', () => {
    expect(cpuBlockingTime([nav])).toBeNull();
  });
});
