import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { decodeCsv, uploadedCsv } from '../../../lib/csv';
import { respond } from '../../timer/lib/respond';
import type { ResultsPayload } from '../../timer/services/timer';
import { csvFields, judgesBody } from '../validation';
import { getService } from '../../../services';

const results = (strapi: Core.Strapi) => getService(strapi, 'api::result.result');

/** The CSV upload of a multipart request (field csvFile) as a results payload. */
async function csvPayload(strapi: Core.Strapi, ctx: Context): Promise<{ payload: ResultsPayload; publishAt: Date | null }> {
  const fields = parseInput(csvFields, ctx.request.body ?? {});
  const file = await uploadedCsv(ctx.request.files, 'csvFile');
  const text = decodeCsv(file.bytes);
  const month = fields.month || (await results(strapi).monthOfCsv(text));
  return { payload: { month, source: 'csv', fileName: file.name, fileContent: text }, publishAt: fields.publishAt };
}

function judgesPayload(ctx: Context): { payload: ResultsPayload; publishAt: Date | null } {
  const body = parseInput(judgesBody, ctx.request.body ?? {});
  return { payload: { month: body.month, source: 'judges', fileName: null, fileContent: null }, publishAt: body.publishAt };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async months(ctx: Context) {
    ctx.body = { months: await results(strapi).months() };
  },

  /** POST /api/admin/results/preview: multipart csvFile + month, or JSON { month } for the judges' scores. */
  async preview(ctx: Context) {
    const { payload } = ctx.request.files?.csvFile || ctx.is('multipart') ? await csvPayload(strapi, ctx) : judgesPayload(ctx);
    ctx.body = await results(strapi).preview(payload);
  },

  /** POST /api/admin/upload-csv (the spec's route): publish a results CSV now, or at publishAt. */
  async uploadCsv(ctx: Context) {
    const { payload, publishAt } = await csvPayload(strapi, ctx);
    await results(strapi).assertPublishable(payload);
    respond(ctx, await getService(strapi, 'api::timer.timer').publishOrSchedule('results', payload, publishAt, ctx.state.user.id));
  },

  /** POST /api/admin/results/publish: publish the judges' in-app scores now, or at publishAt (judging may go on until then). */
  async publishJudges(ctx: Context) {
    const { payload, publishAt } = judgesPayload(ctx);
    if (publishAt) await results(strapi).assertSchedulable(payload);
    else await results(strapi).assertPublishable(payload);
    respond(ctx, await getService(strapi, 'api::timer.timer').publishOrSchedule('results', payload, publishAt, ctx.state.user.id));
  },

  async mine(ctx: Context) {
    ctx.body = { scoreCards: await results(strapi).scoreCards(ctx.state.user.id) };
  },
});
