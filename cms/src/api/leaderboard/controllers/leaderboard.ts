import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { parseInput } from '../../../lib/api-error';
import { decodeCsv, uploadedCsv } from '../../../lib/csv';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { getService } from '../../../services';

const pageQuery = z.object({
  view: z.union([z.literal('all'), z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be "all" or a month like 2025-06')]).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(80, 'must be at most 80 characters').default(''),
});

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
