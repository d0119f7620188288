import type { Core } from '@strapi/strapi';
import { getService } from '../../services';

// Its Firebase Admin app ends with the cms.
export default {
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await getService(strapi, 'api::auth-mail.auth-mail').close();
  },
};
