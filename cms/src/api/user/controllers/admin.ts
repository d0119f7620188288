import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async whoami(ctx: Context) {
    ctx.body = getService(strapi, 'api::user.user').whoami(ctx.state.user);
  },
});
