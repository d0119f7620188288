import type { Core } from '@strapi/strapi';

export default {
  /** Accepted visits wait in memory for their bulk insert: store them before the database closes. */
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await strapi.service('api::visit.visit').close();
  },
};
