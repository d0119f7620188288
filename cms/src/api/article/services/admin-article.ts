import type { Core } from '@strapi/strapi';
import { ARTICLE_LIMITS, type AdminArticlePreview, type AdminArticleRow, type AdminArticleSaved, type AdminArticlesOverview } from '@writory/shared';
import { validationError, type FieldIssue } from '../../../lib/api-error';
import { normaliseImage, removeUpload, storeWebp, type IncomingFile } from '../../../lib/images';
import { tagRepository } from '../../tag/repository';
import type { UserRow } from '../../user/repository';
import type { AdminArticleFields } from '../validation/admin-article';
import { excerptOf, markdownToBlocks, type Block } from './markdown-blocks';
import { readingMinutes } from './reading-time';
import { msg } from '../../../lib/messages';

const ARTICLE = 'api::article.article';
const RECENT = 20;
/** Covers are shown at most 768 px wide (1,536 px on a 2× screen); the upload plugin makes smaller formats. */
const COVER_RULES = { label: msg('image.cover'), maxBytes: ARTICLE_LIMITS.coverMaxBytes, maxWidth: 1600, maxHeight: 1600 };

/** A 422 about one field, its message prefixed with the field as parseInput does. */
function fieldError(field: string, messages: string[]) {
  const issues: FieldIssue[] = messages.map((message) => ({ path: [field], message }));
  const error = validationError(issues);
  error.message = `${field}: ${messages[0]}`;
  return error;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** Body Markdown → blocks, or a 422 naming each line that cannot be stored. */
  function bodyBlocks(markdown: string): Block[] {
    const { blocks, problems } = markdownToBlocks(markdown);
    if (problems.length)
      throw fieldError(
        'body',
        problems.map((p) => `line ${p.line}: ${p.message}`),
      );
    if (blocks.length === 0) throw fieldError('body', ['is required']);
    return blocks;
  }

  return {
    /** The newest articles, drafts included, with whether each is live; every tag for suggestions. */
    async overview(): Promise<AdminArticlesOverview> {
      const articles = strapi.documents(ARTICLE);
      const rows = await articles.findMany({
        status: 'draft',
        sort: [{ updatedAt: 'desc' }, { id: 'desc' }],
        limit: RECENT,
        fields: ['slug', 'title', 'updatedAt'],
      });
      const live = await articles.findMany({
        status: 'published',
        filters: { documentId: { $in: rows.map((row) => row.documentId) } },
        fields: ['documentId'],
      });
      const published = new Set(live.map((row) => row.documentId));
      const tags = await tagRepository(strapi).all();
      return {
        articles: rows.map((row) => ({
          documentId: row.documentId,
          slug: row.slug as string,
          title: row.title as string,
          status: published.has(row.documentId) ? 'published' : 'draft',
          updatedAt: String(row.updatedAt),
        })),
        tags: tags.map((tag) => ({ name: tag.name as string, slug: tag.slug as string })),
      };
    },

    preview(markdown: string): AdminArticlePreview {
      const blocks = bodyBlocks(markdown);
      return { blocks, readingMinutes: readingMinutes(blocks) };
    },

    /**
     * Creates the article (published unless `publish` is false) with its tags and cover. Everything is checked
     * before anything is stored; if storing fails, the cover file and any new tag are removed again.
     * Publishing goes through the document service, so the site-rebuild hook (lib/site-rebuild.ts) sees it.
     */
    async create(user: UserRow, fields: AdminArticleFields, cover?: IncomingFile): Promise<AdminArticleSaved> {
      const blocks = bodyBlocks(fields.body);
      if (cover && !fields.coverAlt) throw fieldError('coverAlt', ['describe the cover image for people who cannot see it']);
      const image = cover ? await normaliseImage(cover, COVER_RULES) : null;
      const stored = image ? await storeWebp(strapi, image.data, { name: 'article-cover.webp', alternativeText: fields.coverAlt ?? '' }) : null;
      try {
        const article = await strapi.db.transaction(async () =>
          strapi.documents(ARTICLE).create({
            data: {
              title: fields.title,
              excerpt: fields.excerpt ?? excerptOf(blocks),
              author: fields.author ?? user.name ?? 'Writory',
              body: blocks as any,
              cover: stored?.id ?? null,
              tags: await tagRepository(strapi).documentIdsOf(fields.tags),
            },
            ...(fields.publish ? { status: 'published' as const } : {}),
          }),
        );
        const row: AdminArticleRow = {
          documentId: article.documentId,
          slug: article.slug as string,
          title: article.title as string,
          status: fields.publish ? 'published' : 'draft',
          updatedAt: String(article.updatedAt),
        };
        return { article: { ...row, url: `/articles/${row.slug}` } };
      } catch (error) {
        if (stored) await removeUpload(strapi, stored.id);
        throw error;
      }
    },
  };
};
