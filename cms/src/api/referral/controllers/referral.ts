import type { Core } from '@strapi/strapi';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async mine(ctx) {
    ctx.body = await strapi.service('api::referral.referral').mine(ctx.state.user);
  },

  async invite(ctx) {
    ctx.body = await strapi.service('api::referral.referral').invite(String(ctx.params.code));
    ctx.set('Cache-Control', 'public, max-age=300');
  },
});
