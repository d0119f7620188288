import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { createLimit } from '../../../lib/rate-limit';
import { msg } from '../../../lib/messages';
import { feedbackBody, feedbackListQuery } from '../validation/feedback';
import { getService } from '../../../services';

const perPoet = createLimit({
  points: Number(process.env.FEEDBACK_PER_HOUR ?? 5),
  durationSeconds: 3600,
  message: msg('feedback.limit'),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'api::feedback.feedback');
  return {
    async create(ctx: Context) {
      const input = parseInput(feedbackBody, ctx.request.body ?? {});
      await perPoet(String(ctx.state.user.id));
      await service().receive(ctx.state.user, input);
      ctx.status = 201;
      ctx.body = { success: true };
    },

    async list(ctx: Context) {
      ctx.body = await service().list(parseInput(feedbackListQuery, ctx.query));
    },
  };
};
