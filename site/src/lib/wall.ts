// Pure helpers of the Writory Wall pages: languages, dates, states, and where a list or a post lives in the URL.
import { WALL_SEARCH_MAX, WALL_SORTS, WALL_THEMES, canonicalLanguage, type WallSort, type WallStatus, type WallTheme } from '@writory/shared';
import { currentLocale, t } from '../i18n/t';
import { countOf, formatDate, nounForms, pageIntlLocale } from './format';

/** Languages offered when sharing a poem (any BCP 47 tag is accepted by the cms); "und" is "another language". */
export const WALL_LANGUAGES = [
  'en',
  'hi',
  'bn',
  'ta',
  'te',
  'mr',
  'gu',
  'kn',
  'ml',
  'pa',
  'ur',
  'or',
  'as',
  'ne',
  'sa',
  'ar',
  'fa',
  'he',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'uk',
  'pl',
  'nl',
  'el',
  'tr',
  'sw',
  'am',
  'yo',
  'zh',
  'ja',
  'ko',
  'id',
  'ms',
  'vi',
  'th',
  'tl',
  'und',
] as const;

/**
 * "Tamil · தமிழ்": the language's name in the page's language, and its own name when it differs (on a Hindi page
 * "तमिल · தமிழ்", "हिन्दी" alone for Hindi).
 */
export function languageLabel(tag: string): string {
  if (tag === 'und') return t('wall.language.other');
  const page = currentLocale();
  try {
    const reader = new Intl.DisplayNames([page], { type: 'language' }).of(tag) ?? tag;
    const own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return own && own.toLocaleLowerCase(tag) !== reader.toLocaleLowerCase(page) ? `${reader} · ${own}` : reader;
  } catch {
    return tag;
  }
}

/** The same date on the server that built the page and in every browser: the page's language's site form, UTC. */
export const formatWallDate = (iso: string) => (iso ? formatDate(iso, { locale: pageIntlLocale(), timeZone: 'UTC' }) : '');

/** What a poet reads about their own post. */
export const statusText = (status: WallStatus) => t(`wall.status.${status}`);

export const sortLabel = (sort: WallSort) => t(`wall.sort.${sort}`);

/** What narrows the wall: a language, a theme tag, words to search for (each optional). */
export interface WallFilters {
  language?: string;
  theme?: WallTheme;
  q?: string;
}

/**
 * A view of the wall: the order, the filters, and the page keys (the cms's `nextCursor`s) followed from its first
 * page to this one. The page number is one more than the keys; "Previous page" drops the last key.
 */
export interface WallView extends WallFilters {
  sort: WallSort;
  after: string[];
  /** The Following tab: the poems of the poets the signed-in poet follows (newest, no filters). */
  following?: true;
}

/** The filters a view has (no empty ones). */
export function filtersOf(view: WallFilters): WallFilters {
  return {
    ...(view.language ? { language: view.language } : {}),
    ...(view.theme ? { theme: view.theme } : {}),
    ...(view.q?.trim() ? { q: view.q.trim() } : {}),
  };
}

const hasFilters = (view: WallFilters) => Object.keys(filtersOf(view)).length > 0;

const CURSOR = /^[a-z0-9.]{1,40}$/;
const MAX_KEYS = 200;

/** The view a wall URL asks for (`?sort=most-liked&after=l.3.1764….42,l.2.1763….17`); anything unknown means the first page of the newest. */
export function wallViewFrom(search: string): WallView {
  const params = new URLSearchParams(search);
  const sort = (WALL_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as WallSort) : 'newest';
  const keys = (params.get('after') ?? '').split(',').filter(Boolean);
  const language = canonicalLanguage(params.get('language') ?? '');
  const theme = (WALL_THEMES as readonly string[]).includes(params.get('theme') ?? '') ? (params.get('theme') as WallTheme) : undefined;
  const q = (params.get('q') ?? '').trim().slice(0, WALL_SEARCH_MAX);
  const after = keys.length <= MAX_KEYS && keys.every((key) => CURSOR.test(key)) ? keys : [];
  if (params.get('tab') === 'following') return { sort: 'newest', following: true, after };
  return {
    sort,
    ...filtersOf({ language: language ?? undefined, theme, q }),
    after: keys.length <= MAX_KEYS && keys.every((key) => CURSOR.test(key)) ? keys : [],
  };
}

/** The query string of a wall view; the first page of the newest is the bare page. */
export function wallViewSearch(view: WallView): string {
  const { sort, after } = view;
  const params = new URLSearchParams();
  if (view.following) params.set('tab', 'following');
  if (sort !== 'newest') params.set('sort', sort);
  for (const [key, value] of Object.entries(filtersOf(view))) params.set(key, value);
  if (after.length) params.set('after', after.join(','));
  const search = params.toString().replace(/%2C/g, ',');
  return search ? `?${search}` : '';
}

/** The post number in a post page's URL (`?id=42`), or null. */
export function postIdFrom(search: string): number | null {
  const id = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
}

/** "1 like", "12 likes" in the page's language. */
export const likesText = (likes: number) => countOf(likes, nounForms('like'));

/** How old the built first page may be before the feed island asks the cms for a fresh one. */
export const WALL_BUILD_FRESH_MS = 60_000;

/**
 * Whether the feed island should read its view from the cms: always for another view than the built one (the
 * newest, first page), for signed-in poets (their likes change the counts), and when the built copy is over a minute old.
 */
export function feedNeedsRefresh({ view, builtAt, now, signedIn }: { view: WallView; builtAt: number; now: number; signedIn: boolean }): boolean {
  return view.sort !== 'newest' || view.after.length > 0 || hasFilters(view) || view.following === true || signedIn || now - builtAt > WALL_BUILD_FRESH_MS;
}
