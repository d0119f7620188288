import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { toWire, type TimerKind } from '../services/timer';
import { respond } from '../lib/respond';
import { getService } from '../../../services';

const service = (strapi: Core.Strapi) => getService(strapi, 'api::timer.timer');

/** The spec's timer routes for one kind: GET …/get → { success, timer }, DELETE …/delete, POST …/retry. */
const routesFor = (strapi: Core.Strapi, kind: TimerKind) => ({
  async get(ctx: Context) {
    const timer = await service(strapi).latest(kind);
    ctx.body = { success: true, timer: timer ? toWire(timer) : null };
  },
  async remove(ctx: Context) {
    const timer = await service(strapi).remove(kind);
    ctx.body = { success: true, deleted: toWire(timer) };
  },
  async retry(ctx: Context) {
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
