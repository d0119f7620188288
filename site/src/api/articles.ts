// The admin's article writer (/api/admin/articles*).
import type { AdminArticlePreview, AdminArticleSaved, AdminArticlesOverview } from '@writory/shared';
import { authedFetch, jsonBody } from '../lib/api';

export const fetchArticlesOverview = () => authedFetch<AdminArticlesOverview>('/api/admin/articles');

/** The form data carries the article as JSON in `data` and the cover picture as `cover`. */
export const saveArticle = (body: FormData) => authedFetch<AdminArticleSaved>('/api/admin/articles', { method: 'POST', body });

/** The article body as the site will show it (blocks and reading time). */
export const previewArticle = (body: string) => authedFetch<AdminArticlePreview>('/api/admin/articles/preview', { method: 'POST', ...jsonBody({ body }) });
