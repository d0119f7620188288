import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { ApiError, parseInput } from '../../../lib/api-error';
import { adminArticleInput, previewInput } from '../validation/admin-article';
import { getService } from '../../../services';
import { msg, say, type Message } from '../../../lib/messages';

const badRequest = (message: Message, field: string) =>
  new ApiError(422, msg('field.named', { field, message }), { errors: [{ path: [field], message: say(message), name: 'ValidationError' }] }, 'ValidationError');

/** JSON body, or multipart with the article as JSON in `data` and the picture in `cover`. */
function articleInput(ctx: Context) {
  if (!ctx.is('multipart')) return { raw: ctx.request.body, cover: undefined };
  const files: Record<string, unknown> = ctx.request.files ?? {};
  const strange = Object.keys(files).filter((name) => name !== 'cover');
  if (strange.length) throw badRequest(msg('article.coverOnly', { got: strange.join('", "') }), 'cover');
  if (Array.isArray(files.cover)) throw badRequest(msg('article.oneCover'), 'cover');
  const data = ctx.request.body?.data;
  if (typeof data !== 'string') throw badRequest(msg('article.dataAsJson'), 'data');
  try {
    return { raw: JSON.parse(data) as unknown, cover: files.cover as { filepath: string; size: number } | undefined };
  } catch {
    throw badRequest(msg('article.notJson'), 'data');
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const articles = () => getService(strapi, 'api::article.admin-article');
  return {
    async overview(ctx: Context) {
      ctx.body = await articles().overview();
    },

    async preview(ctx: Context) {
      ctx.body = articles().preview(parseInput(previewInput, ctx.request.body).body);
    },

    async create(ctx: Context) {
      const { raw, cover } = articleInput(ctx);
      ctx.body = await articles().create(ctx.state.user, parseInput(adminArticleInput, raw), cover);
      ctx.status = 201;
    },
  };
};
