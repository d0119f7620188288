import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { sendPrivateFile } from '../../../lib/private-files';
import { monthParam } from '../../contest/validation/contest';
import { scoreInput } from '../validation/score';

const monthOf = (ctx) => (ctx.query.month ? parseInput(monthParam, ctx.query.month) : undefined);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const scores = () => strapi.service('api::score.score');
  const entries = () => strapi.service('api::entry.entry');
  return {
    async queue(ctx) {
      ctx.body = await scores().queue(ctx.state.user, monthOf(ctx));
      ctx.set('Cache-Control', 'private, no-store');
    },

    async entry(ctx) {
      ctx.body = await scores().entryForJudge(ctx.state.user, String(ctx.params.code));
      ctx.set('Cache-Control', 'private, no-store');
    },

    async file(ctx) {
      await sendPrivateFile(ctx, entries().privateFiles(), await entries().judgeFile(String(ctx.params.code)));
    },

    async score(ctx) {
      const input = parseInput(scoreInput, ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = await scores().submit(ctx.state.user, String(ctx.params.code), input);
    },

    async progress(ctx) {
      ctx.body = await scores().progress(monthOf(ctx));
      ctx.set('Cache-Control', 'private, no-store');
    },
  };
};
