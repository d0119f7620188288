import type { Core } from '@strapi/strapi';
import { getService } from '../../services';

export default {
  /** Accepted visits wait in memory for their bulk insert: store them before the database closes. */
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await getService(strapi, 'api::visit.visit').close();
  },
};
