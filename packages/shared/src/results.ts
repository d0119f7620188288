// Results: timers, score cards, winners, leaderboard and certificates, as the cms sends them.
// The five criteria are the entries' CRITERIA (entries.ts); a score card's criteria are CriterionScores.
import { DEFAULT_COMPETITION, type CompetitionRef } from './competitions.ts';
import { monthName } from './contest-rules.ts';
import type { CriterionScores, ScoreMark } from './entries.ts';

/**
 * How notifications, refusals and certificates name a published month: "November 2026" for poetry (as before
 * competitions), "Story — November 2026" for another competition.
 */
export const publicationLabel = (competition: CompetitionRef, month: string) =>
  competition.slug === DEFAULT_COMPETITION ? monthName(month) : `${competition.name} — ${monthName(month)}`;

export const MAX_CSV_BYTES = 10 * 1024 * 1024;
/** How many of the best non-winning entries are told how close they came. */
export const RUNNERS_UP = 10;

export const WINNER_PLACES = ['first', 'second', 'third', 'honourable'] as const;
export type WinnerPlace = (typeof WINNER_PLACES)[number];
export const PLACE_LABELS: Record<WinnerPlace, string> = {
  first: '1st place',
  second: '2nd place',
  third: '3rd place',
  honourable: 'Honourable mention',
};
export const MAX_HONOURABLE_MENTIONS = 10;

export type TimerStatus = 'scheduled' | 'fired' | 'failed';
export type ResultsSource = 'csv' | 'judges';

/** What a publication did (kept on its timer). */
export interface PublicationSummary {
  /** The competition published (slug); summaries from before competitions have none (poetry). */
  competition?: string;
  month: string;
  published: number;
  notified: number;
  certificates: number;
}

interface TimerBase {
  id: number;
  /** Scheduled and not fired yet. */
  isActive: boolean;
  /** Milliseconds until it fires (0 once due). */
  timeRemaining: number;
  dueAt: string;
  status: TimerStatus;
  /** Why the last firing failed; the timer can be retried. */
  error: string | null;
  firedAt: string | null;
  summary: PublicationSummary | null;
}

/** GET /api/admin/timer/get → { success, timer }: the latest results timer. */
export interface ResultsTimer extends TimerBase {
  /** The competition the timer publishes (slug). */
  competition: string;
  month: string;
  source: ResultsSource;
  fileName: string | null;
  fileContent: string | null;
}

/** POST /api/admin/upload-winners body, and the winner timer's winnerData. */
export interface WinnerData {
  /** The competition (slug); absent means poetry. */
  competition?: string;
  month: string;
  winners: { entryCode: string; place: WinnerPlace }[];
}

/** GET /api/admin/winner-timer/get → { success, timer }. */
export interface WinnerTimer extends TimerBase {
  /** The competition the timer publishes (slug). */
  competition: string;
  winnerData: WinnerData;
}

export interface TimerAnswer<T> {
  success: true;
  timer: T | null;
}

/** One problem of an uploaded CSV: `row` counts records as a spreadsheet shows them (the header is row 1). */
export interface CsvRowError {
  row: number;
  column?: string;
  message: string;
}

export interface ResultsPreviewRow {
  row: number;
  entryCode: string;
  title: string | null;
  criteria: CriterionScores | null;
  /** The mean mark per criterion of the contest, by name (null for a CSV with totals only). */
  marks: ScoreMark[] | null;
  total: number;
  comment: string | null;
}

/** How the judges' in-app scores were summed up (results from the app, not from a CSV). */
export interface JudgingSummary {
  /** Per-judge normalisation was on for the contest: totals are normalised scores, not plain means. */
  normalised: boolean;
  judgesPerEntry: number;
  /** Entries scored by fewer judges than judgesPerEntry (published all the same). */
  underJudged: string[];
}

/** What would be published: stored nowhere until the admin publishes or schedules it. */
export interface ResultsPreview {
  month: string;
  source: ResultsSource;
  fileName: string | null;
  rows: ResultsPreviewRow[];
  errors: CsvRowError[];
  /** Entries of the month without a score: publication needs every one. */
  missing: string[];
  entrants: number;
  alreadyPublished: boolean;
  /** Null for a CSV. */
  judging: JudgingSummary | null;
  /** True when nothing stops publication. */
  ready: boolean;
}

/** A month as the results admin sees it. */
export interface ResultsMonth {
  month: string;
  theme: string | null;
  entries: number;
  resultsPublished: boolean;
  winnersPublished: boolean;
}

/** The poet's score card for one entry (GET /api/results/me). */
export interface ScoreCard {
  /** The competition the entry was in. */
  competition: CompetitionRef;
  entryCode: string;
  title: string;
  month: string;
  /** The five poetry criteria by key (null for any other criteria): for older clients; `marks` names every criterion. */
  criteria: CriterionScores | null;
  /** The judges' mean mark per criterion the contest was judged on, by name; null when only a total was published. */
  marks: ScoreMark[] | null;
  total: number;
  /** Share of the month's entries that scored lower, 0–100. */
  percentile: number;
  rank: number;
  entrants: number;
  comments: string[];
  publishedAt: string;
  place: WinnerPlace | null;
  /** For the best entries that did not win: how far they were from the last winning score. */
  closeness: { lastWinningScore: number; gap: number } | null;
}

export interface WinnerSummary {
  /** The id in /winning-poem/{id}. */
  id: string;
  /** The competition won. */
  competition: CompetitionRef;
  month: string;
  place: WinnerPlace;
  poetName: string;
  poetPhotoUrl: string | null;
  title: string;
  language: string;
  score: number;
}

export interface WinnerDetail extends WinnerSummary {
  poem: string;
  theme: string | null;
}

export interface WinnersMonth {
  month: string;
  theme: string | null;
  winners: WinnerSummary[];
}

/** GET /api/winners: every month with published winners, newest first. */
export interface WinnersIndex {
  months: WinnersMonth[];
}

export interface SuggestedWinner {
  entryCode: string;
  title: string;
  poetName: string;
  total: number;
  rank: number;
}

export interface LeaderboardRow {
  rank: number;
  poetName: string;
  points: number;
  /** Months with points (all-time view) or entries scored (month view). */
  count: number;
}

/** GET /api/leaderboard?view=all|YYYY-MM&page=&pageSize=&q= */
export interface LeaderboardPage {
  /** Every competition has its own leaderboard (poetry unless the query names one). */
  competition: CompetitionRef;
  view: string;
  q: string;
  rows: LeaderboardRow[];
  pagination: { page: number; pageSize: number; total: number; pageCount: number };
  months: string[];
}

export interface LeaderboardPreviewRow {
  row: number;
  month: string;
  name: string;
  email: string | null;
  points: number;
  /** Replaces a row imported earlier. */
  replaces: boolean;
}

export interface LeaderboardPreview {
  fileName: string | null;
  rows: LeaderboardPreviewRow[];
  errors: CsvRowError[];
  ready: boolean;
}

export type CertificateKind = 'participation' | 'winner';

/** A certificate as anyone holding its link (or its QR code) sees it. */
export interface CertificateView {
  slug: string;
  /** The competition the certificate is from. */
  competition: CompetitionRef;
  kind: CertificateKind;
  name: string;
  month: string;
  place: WinnerPlace | null;
  title: string | null;
  verificationCode: string;
  issuedAt: string;
  status: 'valid' | 'replaced';
  replacedBy: string | null;
  /** Public address of this certificate (the QR code opens it). */
  url: string;
  /** The QR code of `url` as an SVG path on a size × size grid. */
  qr: { size: number; path: string };
}

export interface CertificateListItem {
  slug: string;
  /** The competition the certificate is from. */
  competition: CompetitionRef;
  kind: CertificateKind;
  name: string;
  month: string;
  place: WinnerPlace | null;
  verificationCode: string;
  issuedAt: string;
  status: 'valid' | 'replaced';
}
