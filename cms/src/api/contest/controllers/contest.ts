import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { adminContestUpdate, monthParam } from '../validation/contest';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const contests = () => getService(strapi, 'api::contest.contest');
  return {
    async current(ctx: Context) {
      ctx.body = await contests().currentAndNext();
      ctx.set('Cache-Control', 'public, max-age=15');
    },

    async adminList(ctx: Context) {
      ctx.body = await contests().adminList();
    },

    async adminUpdate(ctx: Context) {
      const month = parseInput(monthParam, ctx.params.month);
      ctx.body = await contests().adminUpdate(month, parseInput(adminContestUpdate, ctx.request.body ?? {}));
    },
  };
};
