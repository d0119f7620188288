import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './api-error';
import type { Message } from './messages';

/** A per-key limit that throws a 429 naming when to try again. */
export function createLimit({ points, durationSeconds, message }: { points: number; durationSeconds: number; message: string | Message }) {
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  return async (key: string) => {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterSeconds = Math.ceil(rejection.msBeforeNext / 1000);
      throw tooManyRequests(message, retryAfterSeconds);
    }
  };
}
