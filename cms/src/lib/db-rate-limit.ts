import type { Core } from '@strapi/strapi';
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from './api-error';
import type { Message } from './messages';

/** One table holds every database-counted limit (the key prefix tells them apart); Strapi leaves tables it did not create alone. */
export const RATE_LIMIT_TABLE = 'rate_limits';

export interface DbLimitOptions {
  /** Key prefix, e.g. "wall-post"; letters, digits and dashes. */
  name: string;
  points: number;
  durationSeconds: number;
  /** The 429 message; "Try again in 23 hours." is added. */
  message: string | Message;
}

export interface DbLimit {
  /** Counts one action for `key`, or throws a 429 once the key has used its points in the window. */
  consume(key: string | number): Promise<void>;
  /** Counts one action for `key` like consume, but answers false instead of throwing once the points are used (a quiet limit). */
  take(key: string | number): Promise<boolean>;
  /** Points left for `key` in the current window. */
  remaining(key: string | number): Promise<number>;
}

function createLimiter(strapi: Core.Strapi, options: DbLimitOptions): Promise<RateLimiterAbstract> {
  const knex = strapi.db.connection;
  const common = {
    storeClient: knex,
    storeType: 'knex',
    tableName: RATE_LIMIT_TABLE,
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
  };
  return new Promise((resolve, reject) => {
    // The constructor creates the table (IF NOT EXISTS) and calls back once it can be used.
    let limiter: RateLimiterAbstract;
    const ready = (error?: Error) => (error ? reject(error) : resolve(limiter));
    limiter = strapi.db.dialect.client === 'postgres' ? new RateLimiterPostgres(common, ready) : new RateLimiterSQLite(common, ready);
  });
}

/**
 * A per-key limit counted in the database (atomic upserts), so it holds across restarts and across cms
 * instances sharing one PostgreSQL. Never call it inside a database transaction: on SQLite it needs the
 * connection the transaction holds.
 */
export function createDbLimit(strapi: Core.Strapi, options: DbLimitOptions): DbLimit {
  let limiter: Promise<RateLimiterAbstract> | null = null;
  const get = () => {
    limiter ??= createLimiter(strapi, options);
    limiter.catch(() => (limiter = null));
    return limiter;
  };
  return {
    async consume(key) {
      try {
        await (await get()).consume(String(key));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw tooManyRequests(options.message, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
    },
    async take(key) {
      try {
        await (await get()).consume(String(key));
        return true;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return false;
      }
    },
    async remaining(key) {
      const res = await (await get()).get(String(key));
      return res ? Math.max(0, res.remainingPoints) : options.points;
    },
  };
}
