// How big the extraction pool is and how many poems may wait for it, from the environment.

/** Seconds a poet is told to wait when the queue is full, at least and at most. */
export const RETRY_AFTER_SECONDS = { min: 1, max: 30 } as const;

export interface ExtractionPoolConfig {
  /** Worker threads; 0 runs the checks on the request thread (the path before the pool, kept for the benchmark). */
  workers: number;
  /** Poems that may wait for a free worker; one more is answered 503. */
  queue: number;
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number of 0 or more (it is "${raw}").`);
  return Number(raw);
}

/**
 * EXTRACTION_WORKERS (default: one per core) and EXTRACTION_QUEUE (default: 4 per worker, at least 8). The workers
 * run at a lower priority than the request thread (piscina's niceIncrement), so one per core keeps every core busy
 * with poems while a request that wakes the request thread still gets a core at once.
 */
export function extractionPoolConfig(env: NodeJS.ProcessEnv, cores: number): ExtractionPoolConfig {
  const workers = count(env, 'EXTRACTION_WORKERS', Math.max(1, cores));
  return { workers, queue: count(env, 'EXTRACTION_QUEUE', Math.max(8, 4 * workers)) };
}

/** When to try again: the time the work ahead of a new poem takes at the mean pace so far, within RETRY_AFTER_SECONDS. */
export function retryAfterSeconds(tasksAhead: number, workers: number, meanTaskMs: number): number {
  const seconds = Math.ceil((tasksAhead / Math.max(1, workers)) * (meanTaskMs / 1000));
  return Math.min(RETRY_AFTER_SECONDS.max, Math.max(RETRY_AFTER_SECONDS.min, seconds));
}
