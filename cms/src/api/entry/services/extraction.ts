import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { Piscina } from 'piscina';
import { ApiError } from '../../../lib/api-error';
import runExtraction, { type AnswerOf, type ExtractionTask } from '../files/extraction';
import { extractionPoolConfig, retryAfterSeconds } from '../lib/extraction-pool';

/** What a poem's check took before any was measured (a 5 MB PDF on one core). */
const FIRST_ESTIMATE_MS = 1000;
/** Workers below the request thread's priority: a waking request gets a core before a poem does. */
const WORKER_NICE = 10;
/** Retry-After for a poem that comes while the cms stops. */
const STOPPING_RETRY_SECONDS = 5;
/** Workers idle this long exit (their memory with them); the next poem starts one again. */
const IDLE_TIMEOUT_MS = 60_000;

export interface ExtractionStats {
  workers: number;
  queueLimit: number;
  /** Poems being checked now. */
  active: number;
  /** Poems waiting for a free worker. */
  queued: number;
}

/**
 * Checks poems (files/extraction.ts) off the request thread, in a pool of worker threads (piscina) running the
 * compiled file from cms/dist. The queue is bounded: a poem beyond it is answered 503 with when to try again.
 * The pool starts with the first poem and closes when Strapi stops (src/api/entry/index.ts).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const config = extractionPoolConfig(process.env, availableParallelism());
  let pool: Piscina | null = null;
  let closed = false;
  let inFlight = 0;

  const poolOf = () =>
    (pool ??= new Piscina({
      filename: path.join(strapi.dirs.dist.src, 'api', 'entry', 'files', 'extraction.js'),
      minThreads: 0,
      maxThreads: config.workers,
      idleTimeout: IDLE_TIMEOUT_MS,
      niceIncrement: WORKER_NICE,
    }));

  const busy = (seconds: number) =>
    new ApiError(
      503,
      `Many poems are being checked right now. Yours was not received; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      { reason: 'busy', retryAfterSeconds: seconds },
      'ServiceUnavailableError',
    );

  async function inPool<T extends ExtractionTask>(task: T): Promise<AnswerOf<T>> {
    // While the cms stops, a poem is sent back to try again (another instance, or this one restarted, takes it).
    if (closed) throw busy(STOPPING_RETRY_SECONDS);
    if (inFlight >= config.workers + config.queue) {
      const meanTaskMs = pool?.histogram.runTime?.mean || FIRST_ESTIMATE_MS;
      throw busy(retryAfterSeconds(inFlight - config.workers + 1, config.workers, meanTaskMs));
    }
    inFlight += 1;
    try {
      return (await poolOf().run(task)) as AnswerOf<T>;
    } finally {
      inFlight -= 1;
    }
  }

  return {
    config,

    stats(): ExtractionStats {
      return { workers: config.workers, queueLimit: config.queue, active: Math.min(inFlight, config.workers), queued: Math.max(0, inFlight - config.workers) };
    },

    /** The task's answer; its file's refusal as the ApiError it was; 503 when the queue is full. */
    async run<T extends ExtractionTask>(task: T): Promise<Extract<AnswerOf<T>, { ok: true }>['value']> {
      const answer = config.workers === 0 ? await runExtraction(task) : await inPool(task);
      if (!answer.ok) {
        const { status, message, details, name } = answer.refusal;
        throw new ApiError(status, message, details, name);
      }
      return answer.value;
    },

    /** Lets running and waiting checks finish, then ends the threads; later poems are answered 503. */
    async close(): Promise<void> {
      closed = true;
      const closing = pool;
      pool = null;
      await closing?.close();
    },
  };
};
