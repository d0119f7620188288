import type { Core } from '@strapi/strapi';
import { getService } from '../../services';

// The follow domain listens: the wall tells it when a poem reaches the wall for the first time (inside the
// decision's transaction), and it tells the poet's followers through the bell. The wall never calls it otherwise.
export default {
  register() {},
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    getService(strapi, 'api::wall-post.moderation').listen({
      shared: (post) => getService(strapi, 'api::follow.follows').shared(post),
    });
  },
};
