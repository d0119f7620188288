import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { getService } from '../../../services';
import { followMuteBody, followingQuery, poetHandleParams } from '../validation/follows';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const follows = () => getService(strapi, 'api::follow.follows');
  const handleOf = (ctx: Context) => parseInput(poetHandleParams, ctx.params).handle;
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'private, no-store');
  return {
    async mine(ctx: Context) {
      ctx.body = await follows().mine(ctx.state.user);
      noStore(ctx);
    },
    async poems(ctx: Context) {
      ctx.body = await follows().poems(ctx.state.user, parseInput(followingQuery, ctx.query));
      noStore(ctx);
    },
    async follow(ctx: Context) {
      ctx.body = await follows().follow(ctx.state.user, handleOf(ctx));
    },
    async unfollow(ctx: Context) {
      ctx.body = await follows().unfollow(ctx.state.user, handleOf(ctx));
    },
    async mute(ctx: Context) {
      const handle = handleOf(ctx);
      ctx.body = await follows().mute(ctx.state.user, handle, parseInput(followMuteBody, ctx.request.body ?? {}).muted);
    },
    async muteAll(ctx: Context) {
      ctx.body = await follows().muteAll(ctx.state.user, parseInput(followMuteBody, ctx.request.body ?? {}).muted);
    },
  };
};
