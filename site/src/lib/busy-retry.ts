// A request the server turned away because it was busy (503, reason "busy": the poem-checking queue was full) is
// tried again after the wait the server named (its Retry-After, also in details.retryAfterSeconds). The caller's
// request is sent again as it was, so an entry keeps its Idempotency-Key and never enters twice.
import { apiErrorBody, ApiError } from './api';

/** Tries this many times in all before the busy answer is the caller's to show. */
export const MAX_BUSY_ATTEMPTS = 8;
const FALLBACK_WAIT_SECONDS = 5;
const MAX_WAIT_SECONDS = 60;

/** Seconds to wait before trying again when the server was busy; null for any other answer. */
export function busyWaitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 503) return null;
  const details = (apiErrorBody(error)?.details ?? {}) as { reason?: unknown; retryAfterSeconds?: unknown };
  if (details.reason !== 'busy') return null;
  const seconds = Number(details.retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(MAX_WAIT_SECONDS, Math.ceil(seconds)) : FALLBACK_WAIT_SECONDS;
}

export interface BusyWait {
  seconds: number;
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
}

export interface BusyRetryOptions {
  /** Told before each wait, so the page can say that it is waiting and will try again. */
  onWait: (wait: BusyWait) => void;
  wait?: (seconds: number) => Promise<void>;
}

const pause = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/** `request()`'s answer, trying again after each busy answer (at most MAX_BUSY_ATTEMPTS tries in all). */
export async function withBusyRetry<T>(request: () => Promise<T>, { onWait, wait = pause }: BusyRetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      const seconds = busyWaitSeconds(error);
      if (seconds === null || attempt >= MAX_BUSY_ATTEMPTS) throw error;
      onWait({ seconds, attempt: attempt + 1 });
      await wait(seconds);
    }
  }
}
