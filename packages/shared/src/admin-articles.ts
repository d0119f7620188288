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
