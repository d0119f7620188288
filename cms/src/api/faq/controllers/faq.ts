import type { Core } from '@strapi/strapi';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx) {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = await strapi.service('api::faq.faq').published();
  },
});
