import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { parseInput } from '../../../lib/api-error';
import { sendPrivateFile } from '../../../lib/private-files';
import { monthParam } from '../../contest/validation/contest';
import { competitionQuery, judgeLanguagesSchema, judgesInput, recusalInput, scoreInput } from '../validation/score';
import { getService } from '../../../services';
import { say } from '../../../lib/messages';

const monthOf = (ctx: Context) => (ctx.query.month ? parseInput(monthParam, ctx.query.month) : undefined);
const codeOf = (ctx: Context) => String(ctx.params.code);
/** ?competition= (poetry when absent). */
const competitionOf = (ctx: Context) => parseInput(competitionQuery, { competition: ctx.query.competition }).competition;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const scores = () => getService(strapi, 'api::score.score');
  const assignment = () => getService(strapi, 'api::score.assignment');
  const entryStorage = () => getService(strapi, 'api::entry.storage');
  const privately = (ctx: Context) => ctx.set('Cache-Control', 'private, no-store');
  const judgeLanguages = () => getService(strapi, 'api::score.judge-languages');
  return {
    async languages(ctx: Context) {
      ctx.body = await judgeLanguages().mine(ctx.state.user);
      privately(ctx);
    },

    async setLanguages(ctx: Context) {
      ctx.body = await judgeLanguages().setMine(ctx.state.user, parseInput(judgeLanguagesSchema, ctx.request.body ?? {}));
    },

    async setJudgeLanguages(ctx: Context) {
      ctx.body = await judgeLanguages().setForUid(String(ctx.params.uid), parseInput(judgeLanguagesSchema, ctx.request.body ?? {}));
    },

    async coverage(ctx: Context) {
      ctx.body = await judgeLanguages().coverage();
      privately(ctx);
    },

    async queue(ctx: Context) {
      ctx.body = await scores().queue(ctx.state.user, monthOf(ctx), competitionOf(ctx));
      privately(ctx);
    },

    async entry(ctx: Context) {
      ctx.body = await scores().entryForJudge(ctx.state.user, codeOf(ctx));
      privately(ctx);
    },

    async file(ctx: Context) {
      await assignment().assertMayJudge(ctx.state.user, codeOf(ctx));
      await sendPrivateFile(ctx, entryStorage().privateFiles(), await entryStorage().judgeFile(codeOf(ctx)));
    },

    async score(ctx: Context) {
      const input = parseInput(scoreInput, ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = await scores().submit(ctx.state.user, codeOf(ctx), input);
    },

    async recuse(ctx: Context) {
      const { note } = parseInput(recusalInput, ctx.request.body ?? {});
      ctx.body = await assignment().recuse(ctx.state.user, codeOf(ctx), note);
    },

    async setJudges(ctx: Context) {
      const { judges } = parseInput(judgesInput, ctx.request.body ?? {});
      ctx.body = await assignment().setJudges(codeOf(ctx), judges);
    },

    async progress(ctx: Context) {
      ctx.body = await scores().progress(monthOf(ctx), competitionOf(ctx));
      privately(ctx);
    },

    async adminReport(ctx: Context) {
      const competition = competitionOf(ctx);
      const { contest } = await scores().contestFor(monthOf(ctx), competition);
      if (!contest) throw new errors.NotFoundError(say('contest.noneWithEntries'));
      ctx.body = await scores().report(contest.month, { forAdmin: true, competition });
      privately(ctx);
    },

    async publicReport(ctx: Context) {
      ctx.body = await scores().report(parseInput(monthParam, ctx.params.month), { competition: competitionOf(ctx) });
    },
  };
};
