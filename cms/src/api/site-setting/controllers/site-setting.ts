import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(ctx) {
    ctx.body = await getService(strapi, 'api::site-setting.site-setting').publicSettings();
  },
});
