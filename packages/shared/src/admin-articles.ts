// Articles written on the site by admins (/admin-upload-articles → /api/admin/articles).

export const ARTICLE_LIMITS = {
  titleMax: 160,
  excerptMax: 300,
  authorMax: 80,
  /** Markdown characters. */
  bodyMax: 100_000,
  tagsMax: 10,
  tagMax: 40,
  coverAltMax: 200,
  coverMaxBytes: 5 * 1024 * 1024,
} as const;

/**
 * POST /api/admin/articles: JSON, or multipart with this object as JSON in the field `data` and the cover
 * image (JPEG, PNG or WebP) in the field `cover`. The body is Markdown; it is stored as Strapi blocks.
 */
export interface AdminArticleInput {
  title: string;
  body: string;
  tags?: string[];
  /** Shown in lists and as the page description; the first words of the body when empty. */
  excerpt?: string;
  /** The byline; the admin's name when empty. */
  author?: string;
  /** Required with a cover: what the picture shows, for people who cannot see it. */
  coverAlt?: string;
  /** false keeps it as a draft for editors to finish in the Strapi panel. Default true. */
  publish?: boolean;
}

export interface AdminArticleRow {
  documentId: string;
  slug: string;
  title: string;
  status: 'published' | 'draft';
  updatedAt: string;
}

/** GET /api/admin/articles: the newest articles (drafts included) and every tag, for the write page. */
export interface AdminArticlesOverview {
  articles: AdminArticleRow[];
  tags: { name: string; slug: string }[];
}

/** POST /api/admin/articles answer (201). `url` is where the static site shows it once rebuilt. */
export interface AdminArticleSaved {
  article: AdminArticleRow & { url: string };
}

/** POST /api/admin/articles/preview { body }: the blocks the body would be stored as. */
export interface AdminArticlePreview {
  blocks: unknown[];
  readingMinutes: number;
}
