import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { sendCsv } from '../../../lib/csv';
import { USER_CSV_HEADER } from '../services/admin-users';
import { roleChangeBody, userFilters, userListQuery } from '../validation/admin-users';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'api::user.admin-users');
  return {
    async list(ctx: Context) {
      ctx.body = await service().list(parseInput(userListQuery, ctx.query));
    },

    async export(ctx: Context) {
      const filters = parseInput(userFilters, ctx.query);
      sendCsv(ctx, `writory-users-${new Date().toISOString().slice(0, 10)}.csv`, USER_CSV_HEADER, service().exportRows(filters));
    },

    async setRole(ctx: Context) {
      const { role } = parseInput(roleChangeBody, ctx.request.body ?? {});
      ctx.body = await service().setRole(ctx.state.user, ctx.params.uid, role);
    },

    async suspend(ctx: Context) {
      ctx.body = await service().suspend(ctx.state.user, ctx.params.uid);
    },

    async restore(ctx: Context) {
      ctx.body = await service().restore(ctx.state.user, ctx.params.uid);
    },
  };
};
