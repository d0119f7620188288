// An article's slug follows its title and is its own. The panel would otherwise fill a new article's slug before
// the title is typed (Strapi's default for an empty title is "article"), and Strapi checks uniqueness only
// among published rows; so the slug is not required in the schema and every write goes through here.
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isUniqueViolation } from '../../../lib/db';

const ARTICLE = 'api::article.article';
/** What /api/articles/:slug accepts (cms/src/api/article/controllers/article.ts). */
const SLUG_PATTERN = /^[A-Za-z0-9-_]{1,200}$/;

/** A slug made from `title` (transliterated, unique among all articles): "article" only for a title with no letters it can spell. */
export async function slugFromTitle(strapi: Core.Strapi, title: string): Promise<string> {
  const uids = strapi.plugin('content-manager').service('uid');
  const generate = (value: string): Promise<string> => uids.generateUIDField({ contentTypeUID: ARTICLE, field: 'slug', data: { title: value } });
  const slug = await generate(title);
  return /^[a-z0-9]/.test(slug) ? slug : generate('article');
}

/** Refuses a slug the site cannot serve, or one another article (draft or published) already has. */
async function checkSlug(strapi: Core.Strapi, slug: string, documentId?: string): Promise<void> {
  if (!SLUG_PATTERN.test(slug)) {
    throw new errors.ValidationError(`The slug "${slug}" can hold only letters, digits, "-" and "_" (at most 200). Leave it empty to make it from the title.`);
  }
  const other = await strapi.db.query(ARTICLE).findOne({ where: { slug, ...(documentId ? { documentId: { $ne: documentId } } : {}) }, select: ['id'] });
  if (other) throw new errors.ValidationError(`Another article already has the slug "${slug}". Choose another, or leave it empty to make it from the title.`);
}

/**
 * The database keeps slugs apart as well: at most one draft row and one published row per slug and locale, so two articles
 * saved at the same moment with the same title cannot both take it (the checks above run before either is stored).
 * Strapi's schema sync drops indexes it does not know, so this runs at every boot, after the sync.
 */
export async function keepSlugsUniqueInTheDatabase(strapi: Core.Strapi): Promise<void> {
  try {
    // Per locale (issue 39): an article's translations share its slug (the site's /hi/articles/<slug>).
    await strapi.db.connection.raw('drop index if exists articles_slug_per_state');
    await strapi.db.connection.raw('create unique index if not exists articles_slug_per_locale_state on articles (slug, locale, (published_at is null))');
  } catch (error) {
    strapi.log.error(
      `articles: two articles share a slug, so the database cannot keep slugs unique (${(error as Error).message}); give one of them another slug`,
    );
  }
}

export function articleSlugsFollowTitles(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== ARTICLE || (context.action !== 'create' && context.action !== 'update')) return next();
    const params = context.params as { data?: Record<string, unknown>; documentId?: string };
    const data = params.data;
    if (!data) return next();
    const given = typeof data.slug === 'string' ? data.slug.trim() : '';
    if (given) {
      data.slug = given;
      await checkSlug(strapi, given, params.documentId);
    } else if (context.action === 'create' || 'slug' in data) {
      const existing = params.documentId ? await strapi.db.query(ARTICLE).findOne({ where: { documentId: params.documentId }, select: ['title'] }) : null;
      const title = typeof data.title === 'string' && data.title.trim() ? data.title : (existing?.title ?? '');
      data.slug = await slugFromTitle(strapi, title);
    }
    try {
      return await next();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new errors.ValidationError(`Another article took the slug "${data.slug}" a moment ago. Save again to make the next free one from the title.`);
    }
  });
}
