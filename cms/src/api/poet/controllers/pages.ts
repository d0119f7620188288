import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { getService } from '../../../services';
import { myPoetPageBody, poetHandleParams } from '../validation/pages';

// Public pages are read by the site's build and by browsers after a change; a shared cache may keep them 5 s.
const PUBLIC_CACHE = 'public, max-age=0, s-maxage=5';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const pages = () => getService(strapi, 'api::poet.pages');
  return {
    async list(ctx: Context) {
      ctx.body = { handles: await pages().publicHandles() };
      ctx.set('Cache-Control', PUBLIC_CACHE);
    },

    async show(ctx: Context) {
      ctx.body = await pages().page(parseInput(poetHandleParams, ctx.params).handle);
      ctx.set('Cache-Control', PUBLIC_CACHE);
    },

    async mine(ctx: Context) {
      ctx.body = await pages().mine(ctx.state.user);
      ctx.set('Cache-Control', 'private, no-store');
    },

    async updateMine(ctx: Context) {
      ctx.body = await pages().updateMine(ctx.state.user, parseInput(myPoetPageBody, ctx.request.body ?? {}));
    },
  };
};
