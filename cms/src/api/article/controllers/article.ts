import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { articleListQuery as listQuery } from '@writory/shared';
import { ApiError, parseInput } from '../../../lib/api-error';

const slugParam = z.object({ slug: z.string().regex(/^[A-Za-z0-9-_]{1,200}$/, 'must be an article slug') });

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: async (ctx: any) => {
    const query = parseInput(listQuery, ctx.query);
    ctx.body = await strapi.service('api::article.article').listPublished(query);
  },

  show: async (ctx: any) => {
    const { slug } = parseInput(slugParam, ctx.params);
    const article = await strapi.service('api::article.article').findPublishedBySlug(slug);
    if (!article) throw new ApiError(404, `No published article has the slug "${slug}"`);
    ctx.body = article;
  },
});
