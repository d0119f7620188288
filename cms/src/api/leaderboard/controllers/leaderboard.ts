import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { competitionQuerySchema, leaderboardQuery as pageQuery } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { decodeCsv, uploadedCsv } from '../../../lib/csv';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { getService } from '../../../services';

const service = (strapi: Core.Strapi) => getService(strapi, 'api::leaderboard.leaderboard');

const competitionIn = (ctx: Context) => parseInput(competitionQuerySchema, { competition: ctx.query.competition }).competition;

async function csvText(ctx: Context) {
  const file = await uploadedCsv(ctx.request.files, 'csvFile');
  return { name: file.name, text: decodeCsv(file.bytes) };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async page(ctx: Context) {
    ctx.body = await service(strapi).page(parseInput(pageQuery, ctx.query ?? {}));
  },

  /** POST /api/admin/leaderboard/preview?competition= (poetry without one): the history file checked, nothing stored. */
  async preview(ctx: Context) {
    const competition = competitionIn(ctx);
    const { name, text } = await csvText(ctx);
    ctx.body = await service(strapi).previewImport(name, text, competition);
  },

  async importRows(ctx: Context) {
    const competition = competitionIn(ctx);
    const { text } = await csvText(ctx);
    ctx.body = { success: true, ...(await service(strapi).commitImport(text, competition)) };
    requestSiteRebuild(strapi);
  },
});
