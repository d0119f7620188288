/** GET /api/admin/health: the cms instance's key figures, from the counters behind GET /api/metrics. */
export interface ServerHealth {
  uptimeSeconds: number;
  /** Event-loop delay in milliseconds since the instance started (null before the first sample). */
  eventLoopDelayMs: { p50: number | null; p99: number | null; max: number | null };
  memoryMb: { rss: number; heapUsed: number };
  /** Requests answered since the instance started. */
  requests: number;
  /** The most requested routes, by pattern ("GET /api/entries/:id"), with 5xx answers and mean time. */
  busiest: { route: string; requests: number; errors: number; meanMs: number }[];
  /** The pool of worker threads that checks poems (workers 0: they are checked on the request thread). */
  extraction: { workers: number; queueLimit: number; active: number; queued: number };
}
