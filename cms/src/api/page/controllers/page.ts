import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { ApiError, parseInput } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { contentLocaleQuery } from '@writory/shared';
import { PAGE_SLUGS } from '../services/page';
import { getService } from '../../../services';

const params = z.object({ slug: z.enum(PAGE_SLUGS, { error: `must be one of ${PAGE_SLUGS.join(', ')}` }) });

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  show: async (ctx: Context) => {
    const { slug } = parseInput(params, ctx.params);
    const { locale } = parseInput(contentLocaleQuery, ctx.query);
    const page = await getService(strapi, 'api::page.page').find(slug, locale);
    if (!page) throw new ApiError(404, msg('content.pageNotWritten', { slug }));
    ctx.body = page;
  },
});
