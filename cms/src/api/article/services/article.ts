import { factories, type Core } from '@strapi/strapi';
import type { ArticleDetail, ArticlePage, ArticleSummary, Locale, ServedLocale } from '@writory/shared';
import { listInLocale, oneInLocale, servedAs } from '../../../lib/content-locale';
import { readingMinutes } from './reading-time';

const SUMMARY_POPULATE: any = { cover: { fields: ['url', 'alternativeText', 'width', 'height'] }, tags: { fields: ['name', 'slug'] } };

/** A row as served in a locale (`locale`, `fallback` from listInLocale/oneInLocale) as the site reads it. */
function toSummary(row: any): ArticleSummary & ServedLocale {
  return {
    locale: row.locale,
    fallback: row.fallback,
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

const toDetail = (row: any): ArticleDetail & ServedLocale => ({ ...toSummary(row), body: row.body ?? [] });

const FIELDS: any = ['slug', 'title', 'excerpt', 'author', 'publishedAt', 'updatedAt', 'body'];

export default factories.createCoreService('api::article.article', ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Published articles, newest first, optionally of one tag, with their bodies when asked. Drafts never appear. The
   * English articles decide which and in what order; each is in `locale` when translated (and published there).
   */
  async listPublished({
    page,
    pageSize,
    tag,
    include,
    locale = 'en',
  }: {
    page: number;
    pageSize: number;
    tag?: string;
    include?: 'body';
    locale?: Locale;
  }): Promise<ArticlePage<(ArticleSummary | ArticleDetail) & ServedLocale>> {
    const filters = tag ? { tags: { slug: tag } } : {};
    const documents = strapi.documents('api::article.article');
    const [rows, total] = await Promise.all([
      documents.findMany({
        status: 'published',
        locale: 'en',
        filters,
        sort: [{ publishedAt: 'desc' }, { id: 'desc' }],
        populate: SUMMARY_POPULATE,
        fields: FIELDS,
        start: (page - 1) * pageSize,
        limit: pageSize,
      }),
      documents.count({ status: 'published', locale: 'en', filters }),
    ]);
    const served = await listInLocale(locale, rows as any[], (documentIds, wanted) =>
      documents.findMany({ status: 'published', locale: wanted, filters: { documentId: { $in: documentIds } }, populate: SUMMARY_POPULATE, fields: FIELDS }),
    );
    return {
      // Served under its English article's slug: one URL per article, whatever slug (or none) a translation holds.
      articles: served.map((row, i) => {
        const article = { ...row, slug: (rows as any[])[i].slug };
        return include === 'body' ? toDetail(article) : toSummary(article);
      }),
      pagination: { page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) },
    };
  },

  /**
   * One published article by its slug, in `locale` when translated (and published there), else in English. The
   * slug is the English article's (a translation made through the documents API may hold none of its own: the demo's
   * do), so the translation is found by its document; a translation without a published English original is found
   * by its own slug.
   */
  async findPublishedBySlug(slug: string, locale: Locale = 'en'): Promise<(ArticleDetail & ServedLocale) | null> {
    const documents = strapi.documents('api::article.article');
    const english = await documents.findFirst({ status: 'published', locale: 'en', filters: { slug }, populate: SUMMARY_POPULATE });
    if (!english) {
      const row = await oneInLocale(locale, (wanted) =>
        documents.findFirst({ status: 'published', locale: wanted, filters: { slug }, populate: SUMMARY_POPULATE }),
      );
      return row ? toDetail(row) : null;
    }
    const translated =
      locale === 'en'
        ? null
        : await documents.findFirst({ status: 'published', locale, filters: { documentId: english.documentId }, populate: SUMMARY_POPULATE });
    return translated ? toDetail({ ...translated, slug, ...servedAs(locale, true) }) : toDetail({ ...english, ...servedAs(locale, false) });
  },
}));
