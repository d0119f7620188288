import type { Core } from '@strapi/strapi';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async whoami(ctx) {
    ctx.body = strapi.service('api::user.user').whoami(ctx.state.user);
  },
});
