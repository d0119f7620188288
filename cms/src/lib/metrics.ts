import type { Core } from '@strapi/strapi';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds: from a cached counter (well under 5 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Ctx = { method: string; status: number; state: Record<string, unknown>; _matchedRoute?: string };

const NODE_METRICS = Symbol.for('writory.nodeMetrics');

/**
 * Node's own figures (event-loop delay, memory, GC, handles): the process's (a worker thread's), not one Strapi
 * instance's, so collected once per thread and kept on globalThis (this module is loaded afresh for each boot in the
 * cms tests). prom-client's default metrics start a GC observer and a 10 ms event-loop delay monitor that nothing
 * stops: collected per instance, every Strapi a test thread booted and stopped kept its observer and monitor running
 * and, through them, its whole instance (about 5.5 MB of heap each, some 55 in the cms suite's worker thread).
 */
function nodeMetrics(): Registry {
  const holder = globalThis as { [NODE_METRICS]?: Registry };
  if (!holder[NODE_METRICS]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    holder[NODE_METRICS] = registry;
  }
  return holder[NODE_METRICS];
}

/**
 * The cms's health in Prometheus's text format (prom-client): requests and their latency per route, Node's own
 * figures (event-loop delay, memory, GC, handles: nodeMetrics) and gauges the domains register (e.g. a work queue's
 * depth). One registry per Strapi instance, so tests that boot several in one process keep their figures apart.
 */
export function createMetrics() {
  const registry = new Registry();
  const node = nodeMetrics();
  const requests = new Counter({
    name: 'writory_http_requests_total',
    help: 'Requests answered, by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'writory_http_request_duration_seconds',
    help: 'Time to answer, by route',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  return {
    registry,

    /** First middleware of all: times every request, the ones the public cache answers included. */
    async middleware(ctx: Ctx, next: () => Promise<unknown>) {
      const stop = latency.startTimer();
      try {
        await next();
      } finally {
        // Routes by their pattern (/api/entries/:id), never by their URL, so the label set stays small.
        const route = ctx._matchedRoute ?? (typeof ctx.state.cachedRoute === 'string' ? ctx.state.cachedRoute : 'unmatched');
        stop({ method: ctx.method, route });
        requests.inc({ method: ctx.method, route, status: String(ctx.status) });
      }
    },

    /** A figure sampled when it is read, e.g. how many poems wait to be checked. */
    gauge(name: string, help: string, read: () => number) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },

    text: () => Registry.merge([node, registry]).metrics(),
    contentType: registry.contentType,

    /** The few figures the admin dashboard shows. */
    async summary() {
      const values = async (name: string) => (await (registry.getSingleMetric(name) ?? node.getSingleMetric(name))?.get())?.values ?? [];
      const first = async (name: string) => (await values(name))[0]?.value ?? null;
      const routes = new Map<string, { requests: number; errors: number; seconds: number }>();
      for (const { labels, value } of await values('writory_http_requests_total')) {
        const key = `${labels.method} ${labels.route}`;
        const row = routes.get(key) ?? { requests: 0, errors: 0, seconds: 0 };
        row.requests += value;
        if (Number(labels.status) >= 500) row.errors += value;
        routes.set(key, row);
      }
      for (const { labels, value, metricName } of (await values('writory_http_request_duration_seconds')) as {
        labels: Record<string, string>;
        value: number;
        metricName?: string;
      }[]) {
        if (metricName?.endsWith('_sum')) {
          const row = routes.get(`${labels.method} ${labels.route}`);
          if (row) row.seconds = value;
        }
      }
      const busiest = [...routes.entries()]
        .sort((a, b) => b[1].requests - a[1].requests)
        .slice(0, 8)
        .map(([route, row]) => ({
          route,
          requests: row.requests,
          errors: row.errors,
          meanMs: row.requests ? Math.round((row.seconds / row.requests) * 10_000) / 10 : 0,
        }));
      const seconds = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10);
      return {
        uptimeSeconds: Math.round(process.uptime()),
        eventLoopDelayMs: {
          p50: seconds(await first('nodejs_eventloop_lag_p50_seconds')),
          p99: seconds(await first('nodejs_eventloop_lag_p99_seconds')),
          max: seconds(await first('nodejs_eventloop_lag_max_seconds')),
        },
        memoryMb: { rss: Math.round(process.memoryUsage().rss / 1_048_576), heapUsed: Math.round(process.memoryUsage().heapUsed / 1_048_576) },
        requests: [...routes.values()].reduce((sum, row) => sum + row.requests, 0),
        busiest,
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const byStrapi = new WeakMap<Core.Strapi, Metrics>();

/** Installed first thing while Strapi registers (src/index.ts); domains read it through metricsOf. */
export function installMetrics(strapi: Core.Strapi): Metrics {
  const metrics = createMetrics();
  byStrapi.set(strapi, metrics);
  strapi.server.use(metrics.middleware as never);
  return metrics;
}

export function metricsOf(strapi: Core.Strapi): Metrics {
  const metrics = byStrapi.get(strapi);
  if (!metrics) throw new Error('metrics are installed in register(): src/index.ts');
  return metrics;
}
