import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { adminContestUpdate, competitionQuery, monthParam } from '../validation/contest';
import { getService } from '../../../services';

/** ?competition= (poetry when absent); a PUT may name it in its body instead. */
const competitionOf = (ctx: Context, fromBody?: unknown) => parseInput(competitionQuery, { competition: fromBody ?? ctx.query.competition }).competition;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const contests = () => getService(strapi, 'api::contest.contest');
  return {
    async current(ctx: Context) {
      ctx.body = await contests().currentAndNext(new Date(), competitionOf(ctx));
      ctx.set('Cache-Control', 'public, max-age=15');
    },

    async adminList(ctx: Context) {
      ctx.body = await contests().adminList(new Date(), competitionOf(ctx));
    },

    async adminUpdate(ctx: Context) {
      const month = parseInput(monthParam, ctx.params.month);
      const { competition, ...body } = (ctx.request.body ?? {}) as Record<string, unknown>;
      ctx.body = await contests().adminUpdate(month, parseInput(adminContestUpdate, body), competitionOf(ctx, competition));
    },
  };
};
