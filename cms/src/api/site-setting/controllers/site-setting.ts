import type { Core } from '@strapi/strapi';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(ctx) {
    ctx.body = await strapi.service('api::site-setting.site-setting').publicSettings();
  },
});
