import type { Core } from '@strapi/strapi';
import { toWire, type Outcome, type TimerKind } from '../services/timer';

const service = (strapi: Core.Strapi) => strapi.service('api::timer.timer');

/**
 * The answer to "publish now", "publish at" or "retry": 201 with the scheduled timer, 200 with what was published,
 * or 422 with the error a failed firing left on its timer (nothing was published; it can be retried).
 */
export function respond(ctx, { timer, fired, summary, error }: Outcome) {
  if (error) {
    ctx.status = 422;
    ctx.body = { success: false, error: { status: 422, name: 'PublicationError', message: error }, timer: toWire(timer) };
  } else {
    ctx.status = fired ? 200 : 201;
    ctx.body = { success: true, timer: toWire(timer), ...(summary ? { summary } : {}) };
  }
}

/** The spec's timer routes for one kind: GET …/get → { success, timer }, DELETE …/delete, POST …/retry. */
const routesFor = (strapi: Core.Strapi, kind: TimerKind) => ({
  async get(ctx) {
    const timer = await service(strapi).latest(kind);
    ctx.body = { success: true, timer: timer ? toWire(timer) : null };
  },
  async remove(ctx) {
    const timer = await service(strapi).remove(kind);
    ctx.body = { success: true, deleted: toWire(timer) };
  },
  async retry(ctx) {
    respond(ctx, await service(strapi).retry(kind));
  },
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const results = routesFor(strapi, 'results');
  const winners = routesFor(strapi, 'winners');
  return {
    getResults: results.get,
    deleteResults: results.remove,
    retryResults: results.retry,
    getWinners: winners.get,
    deleteWinners: winners.remove,
    retryWinners: winners.retry,
  };
};
