import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { contentLocaleQuery } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { getService } from '../../../services';
import { competitionInputSchema } from '../validation/competition';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const competitions = () => getService(strapi, 'api::competition.competition');
  return {
    async list(ctx: Context) {
      const { locale } = parseInput(contentLocaleQuery, ctx.query);
      ctx.body = { data: await competitions().list(new Date(), locale) };
      ctx.set('Cache-Control', 'public, max-age=15');
    },

    async detail(ctx: Context) {
      const { locale } = parseInput(contentLocaleQuery, ctx.query);
      ctx.body = await competitions().detail(String(ctx.params.slug), new Date(), locale);
      ctx.set('Cache-Control', 'public, max-age=15');
    },

    async adminList(ctx: Context) {
      ctx.body = { data: await competitions().adminList() };
      ctx.set('Cache-Control', 'private, no-store');
    },

    async adminCreate(ctx: Context) {
      ctx.body = await competitions().adminCreate(parseInput(competitionInputSchema, ctx.request.body ?? {}));
      ctx.status = 201;
    },

    async adminUpdate(ctx: Context) {
      ctx.body = await competitions().adminUpdate(String(ctx.params.slug), parseInput(competitionInputSchema, ctx.request.body ?? {}));
    },
  };
};
