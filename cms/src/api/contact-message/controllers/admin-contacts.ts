import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { contactListQuery, markReadBody } from '../validation/admin';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'api::contact-message.admin-contacts');
  return {
    async list(ctx: Context) {
      ctx.body = await service().list(parseInput(contactListQuery, ctx.query));
    },

    async markRead(ctx: Context) {
      const { read } = parseInput(markReadBody, ctx.request.body ?? {});
      ctx.body = await service().markRead(ctx.params.id, read);
    },
  };
};
