import type { Core } from '@strapi/strapi';

// Its Firebase Admin app ends with the cms.
export default {
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await strapi.service('api::auth-mail.auth-mail').close();
  },
};
