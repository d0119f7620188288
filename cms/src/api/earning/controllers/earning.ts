import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { idParam } from '../../../lib/params';
import { createLimit } from '../../../lib/rate-limit';
import { payInput, rejectInput, withdrawalInput, withdrawalQuery } from '../validation/withdrawal';
import { getService } from '../../../services';
import { msg } from '../../../lib/messages';

const requestsPerPoet = createLimit({ points: 30, durationSeconds: 600, message: msg('withdrawal.requestsLimit') });
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const withdrawals = () => getService(strapi, 'api::earning.withdrawals');
  return {
    async mine(ctx: Context) {
      ctx.body = await getService(strapi, 'api::earning.earnings').mine(ctx.state.user.id);
    },

    async requestWithdrawal(ctx: Context) {
      const input = parseInput(withdrawalInput, ctx.request.body);
      await requestsPerPoet(String(ctx.state.user.id));
      ctx.status = 201;
      ctx.body = await withdrawals().request(ctx.state.user, input);
    },

    async adminList(ctx: Context) {
      ctx.body = await withdrawals().adminList(parseInput(withdrawalQuery, ctx.query).status);
    },
    async approve(ctx: Context) {
      ctx.body = await withdrawals().approve(idParam(ctx), ctx.state.user);
    },
    async markPaid(ctx: Context) {
      ctx.body = await withdrawals().markPaid(idParam(ctx), ctx.state.user, parseInput(payInput, ctx.request.body).reference);
    },
    async reject(ctx: Context) {
      ctx.body = await withdrawals().reject(idParam(ctx), ctx.state.user, parseInput(rejectInput, ctx.request.body).reason);
    },
  };
};
