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

/**
 * Total blocking time as Lighthouse's mobile simulation computes it (each main-thread task after the first contentful
 * paint, four times over for its 4× slower CPU, beyond 50 ms), but from each task's CPU time instead of its wall time:
 * on a shared machine a task waits for a core as long as it works, and Lighthouse counts the wait as blocking. This is
 * the TBT the page's own work makes; a task without CPU time in the trace counts at its wall time.
 */
export function cpuBlockingTime(traceEvents, slowdown = 4) {
  const paint = traceEvents.find((e) => e.name === 'firstPaint');
  if (!paint) return null;
  const sameNavigation = (e) => e.pid === paint.pid && e.args?.data?.navigationId === paint.args?.data?.navigationId;
  const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint' && sameNavigation(e)) ?? paint;
  return traceEvents
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === paint.pid && e.tid === paint.tid && e.ts >= fcp.ts)
    .reduce((sum, e) => sum + Math.max(0, (slowdown * (e.tdur ?? e.dur ?? 0)) / 1000 - 50), 0);
}
