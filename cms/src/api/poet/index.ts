import type { Core } from '@strapi/strapi';
import { getService } from '../../services';
import { poetRepository } from './repository';

// The poet domain tells the wall which poets have a public page, so their names link to it; the wall never imports
// the poet domain (poet pages read the wall's poems).
export default {
  register() {},
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    getService(strapi, 'api::wall-post.posts').linkPoetPages({ publicHandlesOf: (userIds) => poetRepository(strapi).publicHandlesOf(userIds) });
  },
};
