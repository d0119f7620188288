// Build-time reads from the cms (Astro pages run this in Node while building static HTML).
import type { ArticleDetail, ArticlePage, ArticleSummary, ContentPage, SiteSettings, Testimonial, TierCatalogue, WallPage } from '@writory/shared';

const cmsUrl = () => process.env.CMS_URL ?? 'http://127.0.0.1:1337';

export async function cmsGet<T>(path: string): Promise<T> {
  const res = await fetch(`${cmsUrl()}/api${path}`);
  if (!res.ok) throw new Error(`cms ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const once = <T>(load: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
};

export const siteSettings = once(() => cmsGet<SiteSettings>('/site-settings'));
export const testimonials = () => cmsGet<Testimonial[]>('/testimonials');
export const tierCatalogue = once(() => cmsGet<TierCatalogue>('/payments/tiers'));
export const contentPage = (slug: ContentPage['slug']) => cmsGet<ContentPage>(`/pages/${slug}`);

/** Every published article, newest first (summaries; read once per build). */
export const allArticles = once(async () => {
  const articles: ArticleSummary[] = [];
  for (let page = 1; ; page++) {
    const batch = await cmsGet<ArticlePage>(`/articles?page=${page}&pageSize=100`);
    articles.push(...batch.articles);
    if (page >= batch.pagination.pageCount) return articles;
  }
});

export const article = (slug: string) => cmsGet<ArticleDetail>(`/articles/${encodeURIComponent(slug)}`);


/** The first page of the Writory Wall's newest poems, built into /writory-wall. */
export const wallFirstPage = () => cmsGet<WallPage>('/wall/posts?sort=newest&page=1');
