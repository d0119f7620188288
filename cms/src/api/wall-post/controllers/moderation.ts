import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { decisionBody, idParams, moderationQuery } from '../validation/wall';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const moderation = () => getService(strapi, 'api::wall-post.moderation');
  return {
    async queue(ctx: Context) {
      ctx.body = await moderation().queue(ctx.state.user, parseInput(moderationQuery, ctx.query));
      ctx.set('Cache-Control', 'private, no-store');
    },

    async decide(ctx: Context) {
      const { id } = parseInput(idParams, ctx.params);
      ctx.body = await moderation().decide(ctx.state.user, id, parseInput(decisionBody, ctx.request.body ?? {}));
    },
  };
};
