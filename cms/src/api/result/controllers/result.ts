import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { decodeCsv, uploadedCsv } from '../../../lib/csv';
import { csvFields, judgesBody } from '../validation';
import type { ScoresSource } from '../services/result';
import { getService } from '../../../services';

const results = (strapi: Core.Strapi) => getService(strapi, 'api::result.result');

/** The CSV upload of a multipart request (field csvFile), or the judges' scores of a month; of a competition (poetry without one). */
async function sourceOf(strapi: Core.Strapi, ctx: Context): Promise<ScoresSource> {
  if (!ctx.request.files?.csvFile && !ctx.is('multipart')) {
    const body = parseInput(judgesBody, ctx.request.body ?? {});
    return { competition: body.competition ?? DEFAULT_COMPETITION, month: body.month, source: 'judges', fileName: null, fileContent: null };
  }
  const fields = parseInput(csvFields, ctx.request.body ?? {});
  const competition = fields.competition ?? DEFAULT_COMPETITION;
  const file = await uploadedCsv(ctx.request.files, 'csvFile');
  const text = decodeCsv(file.bytes);
  const month = fields.month || (await results(strapi).monthOfCsv(text, competition));
  return { competition, month, source: 'csv', fileName: file.name, fileContent: text };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/admin/results/preview: multipart csvFile + month, or JSON { month } for the judges' scores. */
  async preview(ctx: Context) {
    ctx.body = await results(strapi).preview(await sourceOf(strapi, ctx));
  },
});
