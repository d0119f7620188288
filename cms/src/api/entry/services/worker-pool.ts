import { availableParallelism } from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import type { Core } from '@strapi/strapi';
import { Piscina } from 'piscina';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ApiError, tooManyRequests } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import type { AnswerOf, ReadingTask } from '../reading/worker';
import { ACCOUNT_WINDOW_SECONDS, checkLimits, workerPoolConfig, retryAfterSeconds } from '../lib/worker-pool';

/** What a poem's check took before any was measured (a 5 MB PDF on one core). */
const FIRST_ESTIMATE_MS = 1000;
/** Workers below the request thread's priority: a waking request gets a core before a poem does. */
const WORKER_NICE = 10;
/** Retry-After for a poem that comes while the cms stops. */
const STOPPING_RETRY_SECONDS = 5;
/** Workers idle this long exit (their memory with them); the next poem starts one again. */
const IDLE_TIMEOUT_MS = 60_000;

export interface WorkerPoolStats {
  workers: number;
  queueLimit: number;
  /** Poems being checked now. */
  active: number;
  /** Poems waiting for a free worker. */
  queued: number;
}

const SAVE_AGAIN = msg('poemFile.saveAgain');

/** Who a check is for: its time counts against their account's budget. */
export interface CheckFor {
  account: number | string;
}

/**
 * Checks poems (reading/worker.ts) off the request thread, in a pool of worker threads (piscina) running the
 * compiled file from cms/dist. The queue is bounded: a poem beyond it is answered 503 with when to try again.
 * Each check is bounded (issue 35): a deadline from when its worker starts it (the worker is ended and replaced),
 * a heap limit per worker, and a budget of check time per account. The pool starts with the first poem and
 * closes when Strapi stops (src/api/entry/index.ts).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const config = workerPoolConfig(process.env, availableParallelism());
  const limits = checkLimits(process.env);
  const accountTime = new RateLimiterMemory({ points: limits.accountMs, duration: ACCOUNT_WINDOW_SECONDS, keyPrefix: 'check-time' });
  let pool: Piscina | null = null;
  let closed = false;
  let inFlight = 0;

  const tookTooLong = () =>
    new ApiError(
      422,
      msg('poemFile.checkTooLong', { seconds: limits.taskMs / 1000, saveAgain: SAVE_AGAIN }),
      { reason: 'check-too-long', maxSeconds: limits.taskMs / 1000 },
      'ValidationError',
    );
  const neededTooMuchMemory = () =>
    new ApiError(
      422,
      msg('poemFile.checkTooLarge', { mb: limits.workerMemoryMb, saveAgain: SAVE_AGAIN }),
      { reason: 'check-too-large', maxMemoryMb: limits.workerMemoryMb },
      'ValidationError',
    );

  /** Refuses (429) an account that has used its check time for the window. */
  async function assertTimeLeft({ account }: CheckFor): Promise<void> {
    const used = await accountTime.get(String(account));
    if (used && used.consumedPoints >= limits.accountMs) {
      throw tooManyRequests(
        msg('poemFile.checkTimeUsed', { seconds: limits.accountMs / 1000, minutes: ACCOUNT_WINDOW_SECONDS / 60 }),
        Math.max(1, Math.ceil(used.msBeforeNext / 1000)),
      );
    }
  }

  const charge = ({ account }: CheckFor, ms: number) => accountTime.penalty(String(account), Math.max(1, Math.round(ms)));

  const poolOf = () =>
    (pool ??= new Piscina({
      filename: path.join(strapi.dirs.dist.src, 'api', 'entry', 'reading', 'worker.js'),
      minThreads: 0,
      maxThreads: config.workers,
      idleTimeout: IDLE_TIMEOUT_MS,
      niceIncrement: WORKER_NICE,
    }));

  const busy = (seconds: number) =>
    new ApiError(503, msg('poemFile.busy', { seconds }), { reason: 'busy', retryAfterSeconds: seconds }, 'ServiceUnavailableError');

  /**
   * Runs a task in the pool. The worker says when it starts the task (over a port sent with it), so the deadline
   * counts the check, not the wait in the queue; at the deadline the task is aborted, which ends its worker thread
   * (piscina starts another for the next poem). A worker that runs out of heap is ended the same way.
   */
  /** The 503 a poem sent now would get (queue full, or the cms stopping), or null when it would be taken. */
  function refusalNow(): ApiError | null {
    // While the cms stops, a poem is sent back to try again (another instance, or this one restarted, takes it).
    if (closed) return busy(STOPPING_RETRY_SECONDS);
    if (inFlight >= config.workers + config.queue) {
      const meanTaskMs = pool?.histogram.runTime?.mean || FIRST_ESTIMATE_MS;
      return busy(retryAfterSeconds(inFlight - config.workers + 1, config.workers, meanTaskMs));
    }
    return null;
  }

  async function inPool<T extends ReadingTask>(task: T, who: CheckFor): Promise<AnswerOf<T>> {
    const refusal = refusalNow();
    if (refusal) throw refusal;
    inFlight += 1;
    const { port1, port2 } = new MessageChannel();
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let startedAt: number | null = null;
    port1.once('message', () => {
      startedAt = performance.now();
      timer = setTimeout(() => deadline.abort(), limits.taskMs);
    });
    try {
      return (await poolOf().run({ ...task, started: port2 }, { transferList: [port2], signal: deadline.signal })) as AnswerOf<T>;
    } catch (error) {
      if (deadline.signal.aborted) throw tookTooLong();
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') throw neededTooMuchMemory();
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
      inFlight -= 1;
      if (startedAt !== null) await charge(who, performance.now() - startedAt);
    }
  }

  return {
    config,

    stats(): WorkerPoolStats {
      return { workers: config.workers, queueLimit: config.queue, active: Math.min(inFlight, config.workers), queued: Math.max(0, inFlight - config.workers) };
    },

    limits,

    /** The 503 a poem sent now would get, or null: global::poem-queue answers it before the upload's body is read. */
    refusalNow,

    /**
     * The task's answer; its file's refusal as the ApiError it was; 503 when the queue is full; 422 when the check
     * passes its deadline or its worker's memory; 429 when the account has used its check time.
     */
    async run<T extends ReadingTask>(task: T, who: CheckFor): Promise<Extract<AnswerOf<T>, { ok: true }>['value']> {
      await assertTimeLeft(who);
      const answer = await inPool(task, who);
      if (!answer.ok) {
        // A catalogue message comes back as its key and values, said here in the request's language.
        const { status, message, details, name, key, vars } = answer.refusal;
        throw new ApiError(status, key ? msg(key, vars) : message, details, name);
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
