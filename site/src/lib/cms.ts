// The one build-time client of the cms: Astro pages run it in Node while building static HTML (the browser's calls go
// through lib/api.ts).
import type {
  ArticleDetail,
  CompetitionDetail,
  CompetitionSummary,
  CurrentContest,
  ArticlePage,
  ContentPage,
  JudgingReport,
  LeaderboardPage,
  PoetPage,
  SiteSettings,
  Testimonial,
  TierCatalogue,
  WallPage,
  WinnerDetail,
  WinnersIndex,
} from '@writory/shared';
import type { Locale } from '@writory/shared';
import { localeQuery, type LocaleServed } from './served-locale';
import { competitionOf, competitionParam, DEFAULT_COMPETITION } from './competitions';
import { currentLocale } from '../i18n/t';

const cmsUrl = () => process.env.CMS_URL ?? 'http://127.0.0.1:1337';

export async function cmsGet<T>(path: string): Promise<T> {
  const found = await cmsGetIfFound<T>(path);
  if (found === null) throw new Error(`cms ${path} answered 404`);
  return found;
}

let toldFirstRead = false;
/**
 * The site server's rebuilds (server/serve.mjs sets SITE_BUILD_TELLS_READ): a line on stdout says when this build
 * first read the cms, so that a change the cms told of long enough before it needs no build of its own.
 */
function tellFirstRead() {
  if (toldFirstRead || !process.env.SITE_BUILD_TELLS_READ) return;
  toldFirstRead = true;
  console.log(`writory-build-read-cms-at ${Date.now()}`);
}

/** cmsGet for what may not exist: null on a 404; any other refusal still fails the build. */
async function cmsGetIfFound<T>(path: string): Promise<T | null> {
  tellFirstRead();
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
export { localeQuery, servedInEnglish, type LocaleServed } from './served-locale';

export const testimonials = () => cmsGet<(Testimonial & LocaleServed)[]>(`/testimonials${localeQuery()}`);
export const tierCatalogue = once(() => cmsGet<TierCatalogue>('/payments/tiers'));
export const contentPage = (slug: ContentPage['slug']) => cmsGet<ContentPage & LocaleServed>(`/pages/${slug}${localeQuery()}`);

const ARTICLES_PER_REQUEST = 100;

/** An article as a page in some locale shows it: its translation, or the English marked as served for want of one. */
export type ServedArticle = ArticleDetail & LocaleServed;

const articlesIn = new Map<Locale, Promise<ServedArticle[]>>();
/**
 * Every published article with its body, newest first, in `locale` where an editor translated it (the English
 * otherwise, marked `fallback`), read once per locale of a build: the first page tells how many pages there are,
 * the rest come in parallel. (One request per article made a build with 1,000 articles wait on the cms.) Every
 * locale lists the same articles in the same order under the same slugs: the English list decides, and a
 * translation keeps its article's slug, so `/hi/articles/<slug>` is the Hindi of `/articles/<slug>`.
 */
export function allArticles(locale: Locale = currentLocale()): Promise<ServedArticle[]> {
  let list = articlesIn.get(locale);
  if (!list) {
    const pageOf = (page: number) =>
      cmsGet<ArticlePage<ServedArticle>>(`/articles?page=${page}&pageSize=${ARTICLES_PER_REQUEST}&include=body${localeQuery(locale, '&')}`);
    list = pageOf(1).then(async (first) => {
      const rest = await Promise.all(Array.from({ length: first.pagination.pageCount - 1 }, (_, i) => pageOf(i + 2)));
      return [first, ...rest].flatMap((batch) => batch.articles);
    });
    articlesIn.set(locale, list);
  }
  return list;
}

const articlesBySlug = new Map<Locale, Promise<Map<string, ServedArticle>>>();

/** One published article with its body in `locale` (from the build's bulk read; asked for alone if it is not there). */
export async function article(slug: string, locale: Locale = currentLocale()): Promise<ServedArticle> {
  let bySlug = articlesBySlug.get(locale);
  if (!bySlug) articlesBySlug.set(locale, (bySlug = allArticles(locale).then((list) => new Map(list.map((a) => [a.slug, a])))));
  return (await bySlug).get(slug) ?? cmsGet<ServedArticle>(`/articles/${encodeURIComponent(slug)}${localeQuery(locale)}`);
}

/** The first page of the Writory Wall's newest poems, built into /writory-wall. */
export const wallFirstPage = () => cmsGet<WallPage>('/wall/posts?sort=newest');
/** The handles of the public poet pages, and one page (each built static; a page made private is left out). */
export const poetHandles = () => cmsGet<{ handles: string[] }>('/poets').then((body) => body.handles);
export const poetPage = (handle: string) => cmsGet<PoetPage>(`/poets/${encodeURIComponent(handle)}`);

const withCompetition = (path: string, competition?: string | null) => {
  const slug = competitionParam(competition);
  return slug ? `${path}${path.includes('?') ? '&' : '?'}competition=${encodeURIComponent(slug)}` : path;
};

/**
 * Keeps the competition's own months and winners: the cms answers per competition (GET /api/winners?competition=),
 * and a winner or month that names another competition is left out as well.
 */
export function winnersOf(index: WinnersIndex, competition: string): WinnersIndex {
  const slugOf = (...rows: object[]) => rows.map((row) => competitionOf(row)?.slug).find(Boolean) ?? competition;
  return {
    months: index.months
      .map((month) => ({ ...month, winners: month.winners.filter((winner) => slugOf(winner, month) === competition) }))
      .filter((month) => month.winners.length > 0),
  };
}

const winnersIndexes = new Map<string, Promise<WinnersIndex>>();
/** Every month with published winners of a competition (poetry when none is named), newest first (read once per build). */
export function winnersIndex(competition?: string | null): Promise<WinnersIndex> {
  const slug = competition || DEFAULT_COMPETITION;
  let index = winnersIndexes.get(slug);
  if (!index) winnersIndexes.set(slug, (index = cmsGet<WinnersIndex>(withCompetition('/winners', slug)).then((all) => winnersOf(all, slug))));
  return index;
}
export const winnerDetail = (id: string) => cmsGet<WinnerDetail>(`/winners/${encodeURIComponent(id)}`);
export const leaderboardFirstPage = (competition?: string | null) =>
  cmsGet<LeaderboardPage>(withCompetition('/leaderboard?view=all&page=1&pageSize=25', competition));

/** How a published month was judged; null when the cms has no report for it (results not from in-app judging). */
export const judgingReport = (month: string, competition?: string | null) =>
  cmsGetIfFound<JudgingReport>(withCompetition(`/judging/reports/${encodeURIComponent(month)}`, competition));

/** Every competition in the order admins set (read once per build). */
/** The active competitions, once per locale of a build: their taglines in the page's language where translated. */
const competitionsIn = new Map<Locale, Promise<(CompetitionSummary & LocaleServed)[]>>();
export function competitions(locale: Locale = currentLocale()): Promise<(CompetitionSummary & LocaleServed)[]> {
  let list = competitionsIn.get(locale);
  if (!list) {
    list = cmsGet<{ data: (CompetitionSummary & LocaleServed)[] }>(`/competitions${localeQuery(locale)}`).then((body) => body.data);
    competitionsIn.set(locale, list);
  }
  return list;
}
export const competitionDetail = (slug: string) => cmsGet<CompetitionDetail & LocaleServed>(`/competitions/${encodeURIComponent(slug)}${localeQuery()}`);
/** The competition's months with published winners, newest first. */
export const competitionWinners = (slug: string) => winnersIndex(slug);
/** The contest time zone every competition's instants are shown in. */
export const contestTimeZone = once(() => cmsGet<CurrentContest>('/contests/current').then((current) => current.timeZone));
/** This month's contest of a competition, as the build saw it (the page's banner asks again in the browser). */
export const competitionContest = (slug: string) => cmsGet<CurrentContest>(`/contests/current?competition=${encodeURIComponent(slug)}`);
