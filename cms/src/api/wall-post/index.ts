import type { Core } from '@strapi/strapi';
import { ensureWallSearch } from './lib/search';

// The wall's search index is made (or repaired) at boot, after Strapi has synced the tables.
export default {
  register() {},
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureWallSearch(strapi);
  },
};
