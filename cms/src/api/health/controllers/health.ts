import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';

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
});
