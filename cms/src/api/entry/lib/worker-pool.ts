// How big the worker pool is and how many poems may wait for it, from the environment.

/** Seconds a poet is told to wait when the queue is full, at least and at most. */
export const RETRY_AFTER_SECONDS = { min: 1, max: 30 } as const;

export interface WorkerPoolConfig {
  /** Worker threads (at least one: poems are never checked on the request thread). */
  workers: number;
  /** Poems that may wait for a free worker; one more is answered 503. */
  queue: number;
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number, least = 0): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < least) throw new Error(`${name} must be a whole number of ${least} or more (it is "${raw}").`);
  return Number(raw);
}

/**
 * EXTRACTION_WORKERS (default: one per core) and EXTRACTION_QUEUE (default: 4 per worker, at least 8). The workers
 * run at a lower priority than the request thread (piscina's niceIncrement), so one per core keeps every core busy
 * with poems while a request that wakes the request thread still gets a core at once.
 */
export function workerPoolConfig(env: NodeJS.ProcessEnv, cores: number): WorkerPoolConfig {
  const workers = count(env, 'EXTRACTION_WORKERS', Math.max(1, cores), 1);
  return { workers, queue: count(env, 'EXTRACTION_QUEUE', Math.max(8, 4 * workers)) };
}

/** When to try again: the time the work ahead of a new poem takes at the mean pace so far, within RETRY_AFTER_SECONDS. */
export function retryAfterSeconds(tasksAhead: number, workers: number, meanTaskMs: number): number {
  const seconds = Math.ceil((tasksAhead / Math.max(1, workers)) * (meanTaskMs / 1000));
  return Math.min(RETRY_AFTER_SECONDS.max, Math.max(RETRY_AFTER_SECONDS.min, seconds));
}

/** The window the per-account check time is counted over. */
export const ACCOUNT_WINDOW_SECONDS = 600;

/** What one poem check, and one account's checks together, may take (issue 35: a check had no limit). */
export interface CheckLimits {
  /** A check running longer is ended (its worker thread replaced) and its file refused with 422. */
  taskMs: number;
  /** A worker thread's JavaScript heap; a check needing more ends its worker and is refused with 422. */
  workerMemoryMb: number;
  /** Check time one account may use in ACCOUNT_WINDOW_SECONDS; beyond it, its checks are answered 429. */
  accountMs: number;
}

/**
 * EXTRACTION_TASK_SECONDS (default 20: the largest honest poem, a 5 MB PDF of 3,500 lines, takes about 2 s on one
 * shared core), EXTRACTION_WORKER_MEMORY_MB (default 512; a worker checking the largest poems uses about 150) and
 * EXTRACTION_ACCOUNT_SECONDS (default 120 per 10 minutes: sixty honest previews take about 20 s; six checks that
 * run into the deadline use it up).
 */
export function checkLimits(env: NodeJS.ProcessEnv): CheckLimits {
  return {
    taskMs: count(env, 'EXTRACTION_TASK_SECONDS', 20, 1) * 1000,
    workerMemoryMb: count(env, 'EXTRACTION_WORKER_MEMORY_MB', 512, 64),
    accountMs: count(env, 'EXTRACTION_ACCOUNT_SECONDS', 120, 1) * 1000,
  };
}
