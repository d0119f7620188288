import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx: Context) {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = await getService(strapi, 'api::testimonial.testimonial').published();
  },
});
