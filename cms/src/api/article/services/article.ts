import { factories, type Core } from '@strapi/strapi';
import type { ArticleDetail, ArticlePage, ArticleSummary } from '@writory/shared';
import { readingMinutes } from './reading-time';

const SUMMARY_POPULATE: any = { cover: { fields: ['url', 'alternativeText', 'width', 'height'] }, tags: { fields: ['name', 'slug'] } };

function toSummary(row: any): ArticleSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt ?? '',
    author: row.author ?? 'Writory',
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    cover: row.cover ? { url: row.cover.url, alt: row.cover.alternativeText ?? '', width: row.cover.width, height: row.cover.height } : null,
    tags: (row.tags ?? []).map((tag: any) => ({ name: tag.name, slug: tag.slug })),
    readingMinutes: readingMinutes(row.body),
  };
}

const toDetail = (row: any): ArticleDetail => ({ ...toSummary(row), body: row.body ?? [] });

export default factories.createCoreService('api::article.article', ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Published articles, newest first, optionally of one tag, with their bodies when asked. Drafts never appear. */
  async listPublished({
    page,
    pageSize,
    tag,
    include,
  }: {
    page: number;
    pageSize: number;
    tag?: string;
    include?: 'body';
  }): Promise<ArticlePage<ArticleSummary | ArticleDetail>> {
    const filters = tag ? { tags: { slug: tag } } : {};
    const documents = strapi.documents('api::article.article');
    const [rows, total] = await Promise.all([
      documents.findMany({
        status: 'published',
        filters,
        sort: [{ publishedAt: 'desc' }, { id: 'desc' }],
        populate: SUMMARY_POPULATE,
        fields: ['slug', 'title', 'excerpt', 'author', 'publishedAt', 'updatedAt', 'body'],
        start: (page - 1) * pageSize,
        limit: pageSize,
      }),
      documents.count({ status: 'published', filters }),
    ]);
    return {
      articles: rows.map((row: any) => (include === 'body' ? toDetail(row) : toSummary(row))),
      pagination: { page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) },
    };
  },

  async findPublishedBySlug(slug: string): Promise<ArticleDetail | null> {
    const row = await strapi.documents('api::article.article').findFirst({
      status: 'published',
      filters: { slug },
      populate: SUMMARY_POPULATE,
    });
    return row ? toDetail(row) : null;
  },
}));
