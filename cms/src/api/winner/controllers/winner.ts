import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { sendPrivateFile } from '../../../lib/private-files';
import { monthQuery, winnerId } from '../validation';
import { getService } from '../../../services';
import { competitionQuerySchema, DEFAULT_COMPETITION } from '@writory/shared';

const service = (strapi: Core.Strapi) => getService(strapi, 'api::winner.winner');

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async index(ctx: Context) {
    ctx.body = await service(strapi).index(parseInput(competitionQuerySchema, { competition: ctx.query.competition }).competition);
  },

  async detail(ctx: Context) {
    ctx.body = await service(strapi).detail(parseInput(winnerId, ctx.params).id);
  },

  async photo(ctx: Context) {
    const { id } = parseInput(winnerId, ctx.params);
    const file = await getService(strapi, 'api::winner.poem').photoOf(id);
    await sendPrivateFile(ctx, getService(strapi, 'api::entry.storage').privateFiles(), file, 'inline');
    // Public once the winners are: any cache may keep it for an hour.
    ctx.set('Cache-Control', 'public, max-age=3600');
  },

  async suggestions(ctx: Context) {
    const { month, competition } = parseInput(monthQuery, ctx.query ?? {});
    ctx.body = { suggestions: await service(strapi).suggestions(month, competition ?? DEFAULT_COMPETITION) };
  },
});
