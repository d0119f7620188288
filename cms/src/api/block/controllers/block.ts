import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { idParams } from '../validation/block';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const blocks = () => getService(strapi, 'api::block.block');
  return {
    async list(ctx: Context) {
      ctx.body = { blocked: await blocks().list(ctx.state.user.id) };
      ctx.set('Cache-Control', 'private, no-store');
    },

    async remove(ctx: Context) {
      await blocks().unblock(ctx.state.user.id, parseInput(idParams, ctx.params).id);
      ctx.status = 204;
    },
  };
};
