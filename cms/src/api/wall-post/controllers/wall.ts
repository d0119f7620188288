import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { idParams, likedQuery, newPostBody, newReportBody, wallQuery } from '../validation/wall';
import { getService } from '../../../services';

// Browsers ask again each time (a poet who just liked or was approved sees it); a shared cache may keep 5 s.
const PUBLIC_CACHE = 'public, max-age=0, s-maxage=5';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const posts = () => getService(strapi, 'api::wall-post.posts');
  const reactions = () => getService(strapi, 'api::wall-post.reactions');
  return {
    async list(ctx: Context) {
      ctx.body = await posts().page(parseInput(wallQuery, ctx.query));
      ctx.set('Cache-Control', PUBLIC_CACHE);
    },

    async show(ctx: Context) {
      ctx.body = await posts().detail(parseInput(idParams, ctx.params).id);
      ctx.set('Cache-Control', PUBLIC_CACHE);
    },

    async create(ctx: Context) {
      const input = parseInput(newPostBody, ctx.request.body ?? {});
      ctx.body = await posts().create(ctx.state.user, input);
      ctx.status = 201;
    },

    async mine(ctx: Context) {
      ctx.body = { posts: await posts().mine(ctx.state.user) };
      ctx.set('Cache-Control', 'private, no-store');
    },

    async remove(ctx: Context) {
      await posts().remove(ctx.state.user, parseInput(idParams, ctx.params).id);
      ctx.status = 204;
    },

    async liked(ctx: Context) {
      ctx.body = { liked: await posts().likedAmong(ctx.state.user, parseInput(likedQuery, ctx.query).ids) };
      ctx.set('Cache-Control', 'private, no-store');
    },

    async like(ctx: Context) {
      ctx.body = await reactions().like(ctx.state.user, parseInput(idParams, ctx.params).id);
    },

    async unlike(ctx: Context) {
      ctx.body = await reactions().unlike(ctx.state.user, parseInput(idParams, ctx.params).id);
    },

    async report(ctx: Context) {
      const { id } = parseInput(idParams, ctx.params);
      const input = parseInput(newReportBody, ctx.request.body ?? {});
      ctx.body = await reactions().report(ctx.state.user, id, input);
      ctx.status = 201;
    },
  };
};
