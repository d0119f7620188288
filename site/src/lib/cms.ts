// The one build-time client of the cms: Astro pages run it in Node while building static HTML (the browser's calls go
// through lib/api.ts).
import type {
  ArticleDetail,
  ArticlePage,
  ContentPage,
  JudgingReport,
  LeaderboardPage,
  SiteSettings,
  Testimonial,
  TierCatalogue,
  WallPage,
  WinnerDetail,
  WinnersIndex,
} from '@writory/shared';

const cmsUrl = () => process.env.CMS_URL ?? 'http://127.0.0.1:1337';

export async function cmsGet<T>(path: string): Promise<T> {
  const found = await cmsGetIfFound<T>(path);
  if (found === null) throw new Error(`cms ${path} answered 404`);
  return found;
}

/** cmsGet for what may not exist: null on a 404; any other refusal still fails the build. */
async function cmsGetIfFound<T>(path: string): Promise<T | null> {
  const res = await fetch(`${cmsUrl()}/api${path}`);
  if (res.status === 404) return null;
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

/** Every month with published winners, newest first (read once per build). */
export const winnersIndex = once(() => cmsGet<WinnersIndex>('/winners'));
export const winnerDetail = (id: string) => cmsGet<WinnerDetail>(`/winners/${encodeURIComponent(id)}`);
export const leaderboardFirstPage = () => cmsGet<LeaderboardPage>('/leaderboard?view=all&page=1&pageSize=25');

/** How a published month was judged; null when the cms has no report for it (results not from in-app judging). */
export const judgingReport = (month: string) => cmsGetIfFound<JudgingReport>(`/judging/reports/${encodeURIComponent(month)}`);
