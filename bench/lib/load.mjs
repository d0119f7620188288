// One load-generator run with autocannon: requests per second, latency percentiles from every response
// time (autocannon's own summary has no p95), and errors (connection errors, timeouts, non-2xx answers).
import autocannon from 'autocannon';
import { medianOf, percentile } from './stats.mjs';

/** `pick(i)` may vary each request: it returns { path, headers, body } for the i-th request. */
export async function loadRun(url, { connections = 10, seconds = 5, headers = {}, method = 'GET', pick } = {}) {
  const latencies = [];
  let sent = 0;
  const requests = pick
    ? [
        {
          setupRequest: (req) => {
            const { path, headers: extra, body } = pick(sent++);
            return { ...req, ...(path ? { path } : {}), ...(body === undefined ? {} : { body }), headers: { ...req.headers, ...extra } };
          },
        },
      ]
    : undefined;
  const instance = autocannon({ url, connections, duration: seconds, headers, method, requests });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const completed = result.requests.total;
  return {
    rps: completed / (result.duration || seconds), // autocannon's duration is in seconds
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: completed,
    ok: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
  };
}

/** Several runs of each target, interleaved (a, b, a, b, …) so a busy moment of the machine hits both. */
export async function interleaved(targets, runs, options) {
  const out = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, target] of Object.entries(targets)) out[name].push(await loadRun(target.url, { ...options, ...target.options }));
  }
  return out;
}

/** One client alone: `n` requests in a row (after one not counted), p50/p95 of their times in ms. */
export async function sequential(url, { n = 20, headers = {} } = {}) {
  const times = [];
  for (let i = -1; i < n; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    if (i >= 0) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), requests: n };
}

/** `runs` load runs of one target after a 1 s warm-up: the median of each figure, and the runs. */
export async function measured(url, runs, options = {}) {
  await loadRun(url, { ...options, seconds: 1 });
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await loadRun(url, options));
  return { ...medianOf(all), runs: all };
}
