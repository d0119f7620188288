import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(ctx: Context) {
    ctx.body = await getService(strapi, 'api::site-setting.site-setting').publicSettings();
  },
});
