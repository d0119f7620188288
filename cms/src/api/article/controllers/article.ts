import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { articleListQuery as listQuery, contentLocaleQuery } from '@writory/shared';
import { ApiError, parseInput } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { getService } from '../../../services';

const slugParam = z.object({ slug: z.string().regex(/^[A-Za-z0-9-_]{1,200}$/, 'must be an article slug') });

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: async (ctx: Context) => {
    const query = parseInput(listQuery, ctx.query);
    ctx.body = await getService(strapi, 'api::article.article').listPublished(query);
  },

  show: async (ctx: Context) => {
    const { slug } = parseInput(slugParam, ctx.params);
    const { locale } = parseInput(contentLocaleQuery, ctx.query);
    const article = await getService(strapi, 'api::article.article').findPublishedBySlug(slug, locale);
    if (!article) throw new ApiError(404, msg('content.noArticle', { slug }));
    ctx.body = article;
  },
});
