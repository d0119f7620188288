// Comments and critique on wall poems (issue 40), and blocking: limits, states and the JSON the API sends.
import type { WallPoet, WallReportView } from './wall.ts';

/** A comment's text, and each of the two critique fields. */
export const COMMENT_TEXT_MAX = 2_000;
export const CRITIQUE_FIELD_MAX = 600;
/** Top-level comments per page (each with its replies), and the most a client may ask for. */
export const COMMENT_PAGE_SIZE = 20;
export const COMMENT_PAGE_SIZE_MAX = 50;
/** Replies shown under one comment (replies go one level deep). */
export const COMMENT_REPLIES_MAX = 50;

/**
 * pending: a poet's first comment, waiting for a moderator · approved: shown · rejected: never shown ·
 * hidden: taken down by a moderator · held: taken down by several open reports until a moderator looks.
 */
export const COMMENT_STATUSES = ['pending', 'approved', 'rejected', 'hidden', 'held'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What a moderator does with a comment (dismiss: keep a reported comment and close its reports). */
export const COMMENT_DECISIONS = ['approve', 'reject', 'hide', 'restore', 'dismiss'] as const;
export type CommentDecision = (typeof COMMENT_DECISIONS)[number];

export const COMMENT_MODERATION_FILTERS = ['pending', 'reported', 'hidden'] as const;
export type CommentModerationFilter = (typeof COMMENT_MODERATION_FILTERS)[number];

/** The two short fields of a critique. */
export interface Critique {
  works: string;
  stronger: string;
}

/** One comment as a reader sees it: plain text (rendered escaped, line breaks kept). */
export interface WallComment {
  id: number;
  postId: number;
  parentId: number | null;
  text: string;
  critique: Critique | null;
  author: WallPoet;
  /** Only for the signed-in reader: true on their own comments (a pending one is shown to its author only). */
  own: boolean;
  status: CommentStatus;
  createdAt: string;
  replies: WallComment[];
}

/**
 * GET /api/wall/posts/:id/comments: top-level comments oldest first, each with its replies. `open` is false when
 * the poem's poet turned comments off (existing comments stay, read-only). `viewer` only for a signed-in reader.
 */
export interface WallCommentPage {
  postId: number;
  open: boolean;
  comments: WallComment[];
  pagination: { pageSize: number; nextCursor: string | null };
  viewer: { isPoemPoet: boolean; blockedByPoet: boolean } | null;
}

/** A report of a comment as moderators see it: the same as a post's. */
export type CommentReportView = WallReportView;

/** A comment in the moderators' list. */
export interface CommentModerationItem {
  id: number;
  postId: number;
  postTitle: string;
  parentId: number | null;
  text: string;
  critique: Critique | null;
  author: WallPoet & { id: number };
  own: boolean;
  status: CommentStatus;
  reason: string | null;
  openReports: number;
  reports: CommentReportView[];
  createdAt: string;
}

export interface CommentModerationPage {
  items: CommentModerationItem[];
  counts: Record<CommentModerationFilter, number>;
  pagination: { page: number; pageSize: number; total: number; pageCount: number };
}

/** A poet the signed-in poet has blocked (GET /api/blocks). */
export interface BlockedPoet {
  id: number;
  poet: WallPoet;
  createdAt: string;
}
