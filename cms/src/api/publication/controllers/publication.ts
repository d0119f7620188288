import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { decodeCsv, uploadedCsv } from '../../../lib/csv';
import { getService } from '../../../services';
import { competitionQuery, csvFields, judgesBody, winnersBody } from '../validation';
import type { ResultsPayload, TimerKind } from '../lib/payload';
import { respond } from '../lib/respond';
import { toWire } from '../lib/wire';

const publication = (strapi: Core.Strapi) => getService(strapi, 'api::publication.publication');
const results = (strapi: Core.Strapi) => getService(strapi, 'api::result.result');

/** The CSV upload of a multipart request (field csvFile) as a results payload. */
async function csvPayload(strapi: Core.Strapi, ctx: Context): Promise<{ payload: ResultsPayload; publishAt: Date | null }> {
  const fields = parseInput(csvFields, ctx.request.body ?? {});
  const file = await uploadedCsv(ctx.request.files, 'csvFile');
  const text = decodeCsv(file.bytes);
  const month = fields.month || (await results(strapi).monthOfCsv(text, fields.competition ?? DEFAULT_COMPETITION));
  const competition = fields.competition ?? DEFAULT_COMPETITION;
  return { payload: { competition, month, source: 'csv', fileName: file.name, fileContent: text }, publishAt: fields.publishAt };
}

function judgesPayload(ctx: Context): { payload: ResultsPayload; publishAt: Date | null } {
  const body = parseInput(judgesBody, ctx.request.body ?? {});
  const competition = body.competition ?? DEFAULT_COMPETITION;
  return { payload: { competition, month: body.month, source: 'judges', fileName: null, fileContent: null }, publishAt: body.publishAt };
}

/** ?competition= of a timer route (poetry without one). */
const competitionIn = (ctx: Context) => parseInput(competitionQuery, { competition: ctx.query.competition }).competition;

/** The spec's timer routes for one kind: GET …/get → { success, timer }, DELETE …/delete, POST …/retry; each takes ?competition=. */
const timerRoutesFor = (strapi: Core.Strapi, kind: TimerKind) => ({
  async get(ctx: Context) {
    const timer = await publication(strapi).latest(kind, competitionIn(ctx));
    ctx.body = { success: true, timer: timer ? toWire(timer) : null };
  },
  async remove(ctx: Context) {
    const timer = await publication(strapi).remove(kind, competitionIn(ctx));
    ctx.body = { success: true, deleted: toWire(timer) };
  },
  async retry(ctx: Context) {
    respond(ctx, await publication(strapi).retry(kind, competitionIn(ctx)));
  },
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const resultsTimer = timerRoutesFor(strapi, 'results');
  const winnersTimer = timerRoutesFor(strapi, 'winners');
  return {
    getResults: resultsTimer.get,
    deleteResults: resultsTimer.remove,
    retryResults: resultsTimer.retry,
    getWinners: winnersTimer.get,
    deleteWinners: winnersTimer.remove,
    retryWinners: winnersTimer.retry,

    /** POST /api/admin/upload-csv (the spec's route): publish a results CSV now, or at publishAt. */
    async uploadCsv(ctx: Context) {
      const { payload, publishAt } = await csvPayload(strapi, ctx);
      await results(strapi).assertPublishable(payload);
      respond(ctx, await publication(strapi).publishOrSchedule('results', payload, publishAt, ctx.state.user.id));
    },

    /** POST /api/admin/results/publish: publish the judges' in-app scores now, or at publishAt (judging may go on until then). */
    async publishJudges(ctx: Context) {
      const { payload, publishAt } = judgesPayload(ctx);
      if (publishAt) await results(strapi).assertSchedulable(payload);
      else await results(strapi).assertPublishable(payload);
      respond(ctx, await publication(strapi).publishOrSchedule('results', payload, publishAt, ctx.state.user.id));
    },

    /** POST /api/admin/upload-winners (the spec's route): publish the winners now, or at publishAt. */
    async uploadWinners(ctx: Context) {
      const { publishAt, competition, ...picks } = parseInput(winnersBody, ctx.request.body ?? {});
      const winnerData = { competition: competition ?? DEFAULT_COMPETITION, ...picks };
      await getService(strapi, 'api::winner.winner').assertSchedulable(winnerData, publishAt);
      respond(ctx, await publication(strapi).publishOrSchedule('winners', winnerData, publishAt, ctx.state.user.id));
    },

    /** GET /api/admin/results/months: every contest month and what of it is published. */
    async months(ctx: Context) {
      ctx.body = { months: await getService(strapi, 'api::publication.published').months(competitionIn(ctx)) };
    },

    /** GET /api/results/me: the poet's score cards. */
    async mine(ctx: Context) {
      ctx.body = { scoreCards: await getService(strapi, 'api::publication.published').scoreCards(ctx.state.user.id) };
    },
  };
};
