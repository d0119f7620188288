import type { Core } from '@strapi/strapi';
import { ensureWallSearch } from './lib/search';
import { ensurePublicReadIndexes } from './public-reads';

// The wall's search indexes and the Following tab's link index are made (or repaired) at boot, after Strapi has
// synced the tables.
export default {
  register() {},
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureWallSearch(strapi);
    await ensurePublicReadIndexes(strapi);
  },
};
