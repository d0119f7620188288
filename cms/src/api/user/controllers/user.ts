import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { parse, updateMeBody, upsertBody } from '../validation/user';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => getService(strapi, 'api::user.user');
  return {
    async upsert(ctx: Context) {
      const input = parse(upsertBody, ctx.request.body);
      ctx.body = await users().upsert(ctx.state.user, input);
      if (input.referralCode) await users().referralCodeGiven(ctx.state.user, input.referralCode);
    },

    async me(ctx: Context) {
      ctx.body = users().me(ctx.state.user);
    },

    async updateMe(ctx: Context) {
      ctx.body = await users().updateMe(ctx.state.user, parse(updateMeBody(), ctx.request.body));
    },

    async uploadPicture(ctx: Context) {
      const picture = ctx.request.files?.picture;
      if (!picture || Array.isArray(picture)) {
        throw new ApiError(422, msg('profile.onePicture'), {}, 'ValidationError');
      }
      ctx.body = await getService(strapi, 'api::user.picture').replace(ctx.state.user, picture);
    },

    async publicProfile(ctx: Context) {
      ctx.body = await users().publicProfile(ctx.params.uid);
      ctx.set('Cache-Control', 'public, max-age=60');
    },

    async count(ctx: Context) {
      ctx.body = { count: await users().count() };
      ctx.set('Cache-Control', 'public, max-age=10');
    },
  };
};
