// Poet pages (/poets/<handle>): limits and the JSON their API sends. Used by the cms (enforced) and the site (shown).
import type { WallPostSummary } from './wall.ts';
import type { CompetitionRef } from './competitions.ts';
import type { WinnerPlace } from './results.ts';

export const POET_HANDLE_MIN = 3;
export const POET_HANDLE_MAX = 30;
export const POET_BIO_MAX = 500;
export const POET_LANGUAGES_MAX = 8;
/** Wall poems shown on a poet's page (their newest approved ones). */
export const POET_PAGE_POEMS = 20;

/** Handles that would look like Writory itself or collide with a page. */
export const RESERVED_HANDLES = [
  'admin',
  'administrator',
  'moderator',
  'writory',
  'support',
  'help',
  'me',
  'new',
  'edit',
  'settings',
  'api',
  'poets',
  'poems',
  'following',
] as const;

export const poetPagePath = (handle: string) => `/poets/${handle}`;
/** A certificate's public page on the site. */
export const certificatePagePath = (slug: string) => `/certificate/${encodeURIComponent(slug)}`;

/**
 * A published contest result on a poet's page: only what the results pages already show, and the winner certificate
 * issued for it (its public page /certificate/<slug>), when there is a valid one.
 */
export interface PoetResult {
  /** The winning poem's id in /winning-poem/<id>. */
  id: string;
  competition: CompetitionRef;
  month: string;
  place: WinnerPlace;
  title: string;
  language: string | null;
  /** The slug of the result's valid winner certificate (/certificate/<slug>), or null when none is issued yet. */
  certificate: string | null;
}

/** GET /api/poets/:handle: a public poet page. */
export interface PoetPage {
  handle: string;
  name: string;
  pictureUrl: string | null;
  bio: string;
  /** Language tags the poet writes in. */
  languages: string[];
  poems: WallPostSummary[];
  /** Newest month first; the site groups them by competition. */
  results: PoetResult[];
}

/** GET/PUT /api/poets/me: the poet's own page settings. `handle` null until they choose one. */
export interface MyPoetPage {
  handle: string | null;
  bio: string;
  languages: string[];
  public: boolean;
}

/** PUT/DELETE /api/follows/:handle and PUT /api/follows/:handle/mute answer. */
export interface FollowState {
  handle: string;
  following: boolean;
  /** True when the bell says nothing of this poet's new poems. */
  muted: boolean;
}

/** GET /api/follows: the poets the signed-in poet follows, and whether the bell is muted for all of them. */
export interface MyFollows {
  muted: boolean;
  poets: { handle: string; name: string; muted: boolean }[];
}
