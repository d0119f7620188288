import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { contentLocaleQuery } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx: Context) {
    const { locale } = parseInput(contentLocaleQuery, ctx.query);
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = await getService(strapi, 'api::testimonial.testimonial').published(locale);
  },
});
