import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { leaderboardQuery as pageQuery } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { decodeCsv, uploadedCsv } from '../../../lib/csv';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { getService } from '../../../services';

const service = (strapi: Core.Strapi) => getService(strapi, 'api::leaderboard.leaderboard');

async function csvText(ctx: Context) {
  const file = await uploadedCsv(ctx.request.files, 'csvFile');
  return { name: file.name, text: decodeCsv(file.bytes) };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async page(ctx: Context) {
    ctx.body = await service(strapi).page(parseInput(pageQuery, ctx.query ?? {}));
  },

  async preview(ctx: Context) {
    const { name, text } = await csvText(ctx);
    ctx.body = await service(strapi).previewImport(name, text);
  },

  async importRows(ctx: Context) {
    const { text } = await csvText(ctx);
    ctx.body = { success: true, ...(await service(strapi).commitImport(text)) };
    requestSiteRebuild(strapi);
  },
});
