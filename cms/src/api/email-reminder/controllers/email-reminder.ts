import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { idempotencyKey, preferenceBody, reminderBody } from '../validation/email-reminder';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'api::email-reminder.email-reminder');
  return {
    async audiences(ctx: Context) {
      ctx.body = await service().audienceCounts();
    },

    async list(ctx: Context) {
      ctx.body = { reminders: await service().list() };
    },

    async show(ctx: Context) {
      ctx.body = await service().findOne(ctx.params.id);
    },

    async preview(ctx: Context) {
      ctx.body = await service().preview(parseInput(reminderBody, ctx.request.body ?? {}));
    },

    /** 202 with the new record while it sends; 200 with the first record when the Idempotency-Key repeats. */
    async send(ctx: Context) {
      const input = parseInput(reminderBody, ctx.request.body ?? {});
      const key = parseInput(idempotencyKey, ctx.get('idempotency-key') || undefined);
      const { record, replayed } = await service().start(ctx.state.user, input, key);
      ctx.status = replayed ? 200 : 202;
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      ctx.body = record;
    },

    async preference(ctx: Context) {
      ctx.body = await service().preference(ctx.state.user);
    },

    async setPreference(ctx: Context) {
      const { optedOut } = parseInput(preferenceBody, ctx.request.body ?? {});
      ctx.body = await service().setPreference(ctx.state.user, optedOut);
    },
  };
};
