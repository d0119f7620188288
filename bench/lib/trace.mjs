// Reading a Chromium trace (Lighthouse keeps the run's trace among its artifacts).

/** Top-level script work as the trace names it. */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'RunMicrotasks',
]);

/** Milliseconds of script work on the page's main thread between navigation start and first paint. */
export function scriptBeforeFirstPaint(traceEvents) {
  const paint = traceEvents.find((e) => e.name === 'firstPaint');
  if (!paint) return null;
  const nav = traceEvents.find((e) => e.name === 'navigationStart' && e.pid === paint.pid && e.args?.data?.navigationId === paint.args?.data?.navigationId);
  const from = nav?.ts ?? 0;
  const intervals = traceEvents
    .filter((e) => e.ph === 'X' && e.pid === paint.pid && e.tid === paint.tid && SCRIPT_EVENTS.has(e.name) && e.ts < paint.ts && e.ts + (e.dur ?? 0) > from)
    .map((e) => [Math.max(e.ts, from), Math.min(e.ts + (e.dur ?? 0), paint.ts)])
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [start, stop] of intervals) {
    if (stop <= end) continue;
    total += stop - Math.max(start, end);
    end = stop;
  }
  return total / 1000;
}
