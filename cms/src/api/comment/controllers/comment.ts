import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { getService } from '../../../services';
import { commentParams, commentReportBody, commentsOpenBody, commentsQuery, newCommentBody, postParams } from '../validation/comment';

// Visitors may share a cached copy for 5 s; a signed-in reader's page holds their own waiting comments.
const PUBLIC_CACHE = 'public, max-age=0, s-maxage=5';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const comments = () => getService(strapi, 'api::comment.comments');
  return {
    async list(ctx: Context) {
      const { id } = parseInput(postParams, ctx.params);
      const viewer = ctx.state.user ?? null;
      ctx.body = await comments().page(id, parseInput(commentsQuery, ctx.query), viewer);
      ctx.set('Cache-Control', viewer ? 'private, no-store' : PUBLIC_CACHE);
    },

    async create(ctx: Context) {
      const { id } = parseInput(postParams, ctx.params);
      ctx.body = await comments().create(ctx.state.user, id, parseInput(newCommentBody, ctx.request.body ?? {}));
      ctx.status = 201;
    },

    async setOpen(ctx: Context) {
      const { id } = parseInput(postParams, ctx.params);
      ctx.body = await comments().setOpen(ctx.state.user, id, parseInput(commentsOpenBody, ctx.request.body ?? {}).open);
    },

    async report(ctx: Context) {
      const { id } = parseInput(commentParams, ctx.params);
      ctx.body = await comments().report(ctx.state.user, id, parseInput(commentReportBody, ctx.request.body ?? {}));
      ctx.status = 201;
    },

    async blockAuthor(ctx: Context) {
      ctx.body = await comments().blockAuthor(ctx.state.user, parseInput(commentParams, ctx.params).id);
    },
  };
};
