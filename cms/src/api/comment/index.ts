import type { Core } from '@strapi/strapi';
import { onWallPostsRemoved } from '../wall-post/repository';
import { commentRepository } from './repository';

// The comment domain follows the wall: a deleted poem takes its comments, their reports and its comments-off mark
// with it, inside the deleting transaction. The wall never calls it.
export default {
  register() {},
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    onWallPostsRemoved(strapi, (postIds) => commentRepository(strapi).removeForPosts(postIds));
  },
};
