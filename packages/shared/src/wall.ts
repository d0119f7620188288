// The Writory Wall: limits, states and the JSON its API sends. Used by the cms (enforced) and the site (shown).

export const WALL_TITLE_MAX = 120;
export const WALL_TEXT_MAX = 20_000;
export const WALL_REPORT_NOTE_MAX = 500;
export const WALL_REASON_MAX = 500;
/** Posts per page of the wall, and the most a client may ask for. */
export const WALL_PAGE_SIZE = 20;
export const WALL_PAGE_SIZE_MAX = 50;

export const WALL_SORTS = ['newest', 'most-liked'] as const;

/**
 * Theme tags a poet may give a wall poem (one, optional) and readers filter by. A fixed list, so each has its name
 * in every language of the site (`wall.theme.<tag>` in the site's catalogues) and a moderator has nothing to police.
 */
export const WALL_THEMES = ['love', 'nature', 'loss', 'hope', 'faith', 'home', 'memory', 'identity', 'society', 'seasons', 'childhood', 'humour'] as const;
export type WallTheme = (typeof WALL_THEMES)[number];

/** Searching the wall: the longest query, and the most words of it that count (each matches as a word's beginning). */
export const WALL_SEARCH_MAX = 100;
export const WALL_SEARCH_WORDS_MAX = 8;
export type WallSort = (typeof WALL_SORTS)[number];

export const WALL_REPORT_REASONS = ['spam', 'hate', 'plagiarism', 'inappropriate', 'other'] as const;
export type WallReportReason = (typeof WALL_REPORT_REASONS)[number];

/**
 * pending: waits for a moderator · approved: on the wall · rejected: never shown (the poet sees why) ·
 * hidden: taken off the wall by a moderator · held: taken off the wall by several open reports until a moderator looks.
 */
export const WALL_STATUSES = ['pending', 'approved', 'rejected', 'hidden', 'held'] as const;
export type WallStatus = (typeof WALL_STATUSES)[number];

/** dismiss: keep a reported poem on the wall and close its reports. */
export const WALL_DECISIONS = ['approve', 'reject', 'hide', 'restore', 'dismiss'] as const;
export type WallDecision = (typeof WALL_DECISIONS)[number];

/** Who wrote a post, as anyone may see it. */
export interface WallPoet {
  name: string;
  pictureUrl: string | null;
  /**
   * The handle of the poet's public page (/poets/<handle>) where the name links to it: wall cards, poem pages,
   * comments and the Following tab. Null (or absent elsewhere) while the page is private.
   */
  handle?: string | null;
}

/** A post in a wall listing: the beginning of the poem only. */
export interface WallPostSummary {
  id: number;
  title: string;
  /** The first lines of the poem, as written. */
  excerpt: string;
  /** True when the excerpt is not the whole poem. */
  truncated: boolean;
  /** BCP 47 language tag, e.g. "en", "ar", "hi". */
  language: string;
  /** The poem's theme tag, when the poet gave one. */
  theme: WallTheme | null;
  poet: WallPoet;
  likes: number;
  approvedAt: string;
}

export interface WallPostDetail extends Omit<WallPostSummary, 'excerpt' | 'truncated'> {
  text: string;
}

/**
 * A page of the wall. `nextCursor` asks for the page after this one (`?cursor=…`); null on the last page. There is
 * no total: counting every poem on each read was the page's main cost. `page` is 1 for the first page, the
 * requested page for the older `?page=` paging, and null after a cursor.
 */
export interface WallPage {
  sort: WallSort;
  posts: WallPostSummary[];
  pagination: { page: number | null; pageSize: number; nextCursor: string | null };
}

/** One of the signed-in poet's own posts, whatever its state (GET /api/wall/my-posts). */
export interface MyWallPost {
  id: number;
  title: string;
  language: string;
  status: WallStatus;
  /** Why a moderator rejected or hid it. */
  reason: string | null;
  likes: number;
  createdAt: string;
}

/** PUT/DELETE /api/wall/posts/:id/like answer. */
export interface WallLikeState {
  liked: boolean;
  likes: number;
}

export interface WallReportView {
  id: number;
  reason: WallReportReason;
  note: string | null;
  status: 'open' | 'resolved';
  createdAt: string;
}

/** A match of the post's text against contest entries or other posts (the shared originality service). */
export interface WallSimilarity {
  kind: string;
  refId: number;
  similarity: number;
}

/** A post as moderators see it (GET /api/admin/wall/posts). */
export interface WallModerationItem {
  id: number;
  title: string;
  text: string;
  language: string;
  status: WallStatus;
  reason: string | null;
  poet: WallPoet & { id: number };
  /** The moderator's own post: somebody else decides. */
  own: boolean;
  likes: number;
  openReports: number;
  reports: WallReportView[];
  /** Words the word-list prefilter found: a hint for the moderator, never a decision. */
  flags: string[];
  similar: WallSimilarity[];
  createdAt: string;
  moderatedAt: string | null;
}

export interface WallModerationPage {
  items: WallModerationItem[];
  counts: Record<WallModerationFilter, number>;
  pagination: { page: number; pageSize: number; total: number; pageCount: number };
}

/** The moderation queue's views: a status, or every post with open reports. */
export const WALL_MODERATION_FILTERS = ['pending', 'reported', 'approved', 'hidden', 'rejected'] as const;
export type WallModerationFilter = (typeof WALL_MODERATION_FILTERS)[number];

/** The site path of a post's own page. */
export const wallPostPath = (id: number) => `/writory-wall/post?id=${id}`;

// Pure helpers the site reads too (the wall's language filter): here, not beside the schemas, so a page that needs
// them does not bring zod (issue 39: the JavaScript budget).

/** A poem as written: Unicode NFC, Windows and old Mac line ends made "\n", trailing spaces at the very end dropped. */
export function normalisePoem(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\s+$/u, '');
}

/** Canonical BCP 47 tag ("AR" → "ar", "zh-hant" → "zh-Hant"), or null when it is not a language tag. */
export function canonicalLanguage(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && /^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}
