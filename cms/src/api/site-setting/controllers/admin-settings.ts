import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { settingsBody } from '../validation/admin-settings';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'api::site-setting.admin-settings');
  return {
    async show(ctx: Context) {
      ctx.body = await service().read();
    },

    async update(ctx: Context) {
      ctx.body = await service().update(parseInput(settingsBody, ctx.request.body ?? {}));
    },
  };
};
