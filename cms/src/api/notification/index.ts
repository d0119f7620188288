import type { Core } from '@strapi/strapi';

// The live channel starts with the cms (PostgreSQL: its LISTEN connection) and ends every open stream on shutdown.
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await strapi.service('api::notification.live').start();
  },
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await strapi.service('api::notification.live').stop();
  },
};
