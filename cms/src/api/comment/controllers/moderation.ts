import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { getService } from '../../../services';
import { commentDecisionBody, commentModerationQuery, commentParams } from '../validation/comment';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const moderation = () => getService(strapi, 'api::comment.moderation');
  return {
    async queue(ctx: Context) {
      ctx.body = await moderation().queue(ctx.state.user, parseInput(commentModerationQuery, ctx.query));
      ctx.set('Cache-Control', 'private, no-store');
    },

    async decide(ctx: Context) {
      const { id } = parseInput(commentParams, ctx.params);
      ctx.body = await moderation().decide(ctx.state.user, id, parseInput(commentDecisionBody, ctx.request.body ?? {}));
    },
  };
};
