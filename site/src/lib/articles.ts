import type { ArticleSummary } from '@writory/shared';
import { formatDate, pageIntlLocale } from './format';

export const ARTICLES_PER_PAGE = 12;

export function pageCount(total: number, perPage = ARTICLES_PER_PAGE) {
  return Math.max(1, Math.ceil(total / perPage));
}

export function pageOf<T>(items: T[], page: number, perPage = ARTICLES_PER_PAGE): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

/** Every tag used by a published article, by name. */
export function tagsOf(articles: ArticleSummary[]) {
  const tags = new Map<string, string>();
  for (const article of articles) for (const tag of article.tags) tags.set(tag.slug, tag.name);
  return [...tags].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** An article's date, the same on the built page and in every browser (the page language's site form, UTC). */
export const articleDate = (iso: string) => formatDate(iso, { locale: pageIntlLocale(), timeZone: 'UTC' });
