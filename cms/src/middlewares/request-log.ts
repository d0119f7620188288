import type { Core } from '@strapi/strapi';

/**
 * The cms's request log, in place of `strapi::logger` (which wrote one `http:` line per request through winston:
 * a fifth of every request's time in the bell's profile, docs/benchmarks.md, while nginx in front already writes
 * the access log). It writes only what an operator acts on: every answer with a server error (5xx, at `error`), and
 * every request that took `slowMs` or longer (at `warn`); method, path (never the query string: it may carry a
 * search or an address), status and time. `SLOW_REQUEST_MS=0` logs every request (docs/operations.md). Placed
 * outside strapi::errors, it sees the final status whichever code answered.
 */
export default (config: { slowMs: number }, { strapi }: { strapi: Core.Strapi }) => {
  const slowMs = Number.isFinite(config.slowMs) && config.slowMs >= 0 ? config.slowMs : 1000;
  return async (ctx: { method: string; path: string; status: number }, next: () => Promise<void>) => {
    const started = performance.now();
    await next();
    const ms = Math.ceil(performance.now() - started);
    if (ctx.status >= 500) strapi.log.error(`${ctx.method} ${ctx.path} (${ms} ms) ${ctx.status}`);
    else if (ms >= slowMs) strapi.log.warn(`slow request: ${ctx.method} ${ctx.path} (${ms} ms) ${ctx.status}`);
  };
};
