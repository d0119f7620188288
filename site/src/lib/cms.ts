// Build-time reads from the cms (Astro pages run this in Node while building static HTML).
import type { ArticleDetail, ArticlePage, ContentPage, SiteSettings, Testimonial, TierCatalogue, WallPage } from '@writory/shared';

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

const ARTICLES_PER_REQUEST = 100;

/**
 * Every published article with its body, newest first, read once per build: the first page tells how many pages
 * there are, the rest come in parallel. (One request per article made a build with 1,000 articles wait on the cms.)
 */
export const allArticles = once(async (): Promise<ArticleDetail[]> => {
  const pageOf = (page: number) => cmsGet<ArticlePage<ArticleDetail>>(`/articles?page=${page}&pageSize=${ARTICLES_PER_REQUEST}&include=body`);
  const first = await pageOf(1);
  const rest = await Promise.all(Array.from({ length: first.pagination.pageCount - 1 }, (_, i) => pageOf(i + 2)));
  return [first, ...rest].flatMap((batch) => batch.articles);
});

const articlesBySlug = once(async () => new Map((await allArticles()).map((a) => [a.slug, a])));

/** One published article with its body (from the build's bulk read; asked for alone if it is not there). */
export async function article(slug: string): Promise<ArticleDetail> {
  return (await articlesBySlug()).get(slug) ?? cmsGet<ArticleDetail>(`/articles/${encodeURIComponent(slug)}`);
}

/** The first page of the Writory Wall's newest poems, built into /writory-wall. */
export const wallFirstPage = () => cmsGet<WallPage>('/wall/posts?sort=newest');
