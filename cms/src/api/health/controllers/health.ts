import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import type { ServerHealth } from '@writory/shared';
import { metricsOf } from '../../../lib/metrics';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async check(ctx: Context) {
    try {
      await strapi.db.connection.raw('select 1');
      ctx.body = { status: 'ok', database: strapi.db.dialect.client };
    } catch (error) {
      strapi.log.error(`health check failed: ${(error as Error).message}`);
      ctx.status = 503;
      ctx.body = { status: 'error', error: 'database unreachable' };
    }
  },

  async metrics(ctx: Context) {
    const metrics = metricsOf(strapi);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.contentType;
    ctx.body = await metrics.text();
  },

  async summary(ctx: Context) {
    ctx.set('Cache-Control', 'no-store');
    const health: ServerHealth = { ...(await metricsOf(strapi).summary()), extraction: getService(strapi, 'api::entry.worker-pool').stats() };
    ctx.body = health;
  },
});
