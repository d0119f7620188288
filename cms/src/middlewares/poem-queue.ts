import type { Core } from '@strapi/strapi';
import { getService } from '../services';

/**
 * A poem sent while the worker pool's queue is full (or while the cms stops) is answered 503 with when to try again
 * before its body is read: the answer is the pool's, known before the upload arrives, so the request thread does not
 * parse and write 5 MB only to refuse them (under the contest-day load a third of the uploads were such retries).
 * Placed before strapi::body. Only the poem routes (POST /api/entries and its preview); every other check of theirs
 * (sign-in, eligibility, the file) runs as before once the queue has room.
 */
export default (config: { paths: string[] }, { strapi }: { strapi: Core.Strapi }) => {
  const poems = new Set(config.paths);
  return async (ctx: { method: string; path: string }, next: () => Promise<void>) => {
    if (ctx.method === 'POST' && poems.has(ctx.path)) {
      const refusal = getService(strapi, 'api::entry.worker-pool').refusalNow();
      if (refusal) throw refusal;
    }
    await next();
  };
};
