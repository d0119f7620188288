import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async mine(ctx: Context) {
    ctx.body = await getService(strapi, 'api::referral.referral').mine(ctx.state.user);
  },

  async invite(ctx: Context) {
    ctx.body = await getService(strapi, 'api::referral.referral').invite(String(ctx.params.code));
    ctx.set('Cache-Control', 'public, max-age=300');
  },
});
