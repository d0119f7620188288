import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { ApiError, parseInput } from '../../../lib/api-error';
import { sendCsv } from '../../../lib/csv';
import { clientAddress } from '../../../lib/client-address';
import { createLimit } from '../../../lib/rate-limit';
import { VISIT_CSV_HEADER } from '../services/visit';
import { MAX_VISIT_BYTES, dayRange, trackVisitBody } from '../validation/visit';
import { getService } from '../../../services';
import { msg } from '../../../lib/messages';

const perClient = createLimit({
  points: Number(process.env.VISITS_PER_MINUTE ?? 120),
  durationSeconds: 60,
  message: msg('visit.limit'),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const visits = () => getService(strapi, 'api::visit.visit');
  return {
    /** The spec's answer: { success: true }, or { success: false, error } with a 4xx naming the problem. */
    async track(ctx: Context) {
      try {
        if ((ctx.request.length ?? 0) > MAX_VISIT_BYTES) {
          throw new ApiError(413, msg('visit.tooLarge', { bytes: MAX_VISIT_BYTES }));
        }
        const input = parseInput(trackVisitBody, ctx.request.body);
        await perClient(clientAddress(ctx));
        await visits().accept(input, ctx.state.user ?? null);
        ctx.status = 202;
        ctx.body = { success: true };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        ctx.status = error.status;
        ctx.body = { success: false, error: error.message, details: error.details };
      }
    },

    /** Without from and to: the last 30 days up to today in the contest time zone. */
    async summary(ctx: Context) {
      const range = ctx.query.from === undefined && ctx.query.to === undefined ? await visits().defaultRange() : parseInput(dayRange, ctx.query);
      ctx.body = await visits().summary(range);
    },

    async export(ctx: Context) {
      const range = parseInput(dayRange, ctx.query);
      sendCsv(ctx, `writory-visits-${range.from}-to-${range.to}.csv`, VISIT_CSV_HEADER, visits().exportRows(range));
    },
  };
};
