import type { Core } from '@strapi/strapi';
import { getService } from '../../services';

// The live channel starts with the cms (PostgreSQL: its LISTEN connection) and ends every open stream on shutdown.
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await getService(strapi, 'api::notification.live').start();
  },
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await getService(strapi, 'api::notification.live').stop();
  },
};
