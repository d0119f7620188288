// Pure rules of the Writory Wall: what a listing shows of a poem, which decision moves a post where, what the poet is told.
import {
  wallPostPath,
  type WallTheme,
  type MyWallPost,
  type WallDecision,
  type WallPoet,
  type WallPostDetail,
  type WallPostSummary,
  type WallStatus,
} from '@writory/shared';
import type { RowOf } from '../../../lib/rows';
import { msg, say, type Message } from '../../../lib/messages';

export const POST = 'api::wall-post.wall-post';
export const LIKE = 'api::wall-post.wall-like';
export const REPORT = 'api::wall-post.wall-report';

export const EXCERPT_MAX_LINES = 12;
export const EXCERPT_MAX_CHARS = 600;

/** The beginning of a poem for a listing: whole lines while they fit, never a split character. */
export function excerptOf(text: string, maxLines = EXCERPT_MAX_LINES, maxChars = EXCERPT_MAX_CHARS): { excerpt: string; truncated: boolean } {
  const lines = text.split('\n');
  let excerpt = lines.slice(0, maxLines).join('\n');
  let truncated = lines.length > maxLines;
  const chars = Array.from(excerpt);
  if (chars.length > maxChars) {
    excerpt = chars.slice(0, maxChars).join('');
    const lastBreak = excerpt.lastIndexOf('\n');
    if (lastBreak > maxChars / 2) excerpt = excerpt.slice(0, lastBreak);
    truncated = true;
  }
  return { excerpt: truncated ? excerpt.replace(/\s+$/u, '') : excerpt, truncated };
}

/** The wall post row as the services read it (poet and picture populated where needed). */
export type PostRow = RowOf<
  'api::wall-post.wall-post',
  {
    moderationStatus: WallStatus;
    theme: WallTheme | null;
    prefilterFlags: string[] | null;
    similarity: { kind: string; refId: number; similarity: number }[] | null;
  }
> & {
  poet?: { id: number; name: string | null; profilePicture?: { url: string } | null; handle?: string | null } | null;
};

export const POET_FALLBACK_NAME = 'A Writory poet';

/** The poet as anyone may see them: never their email, a neutral name when they have none, their public page's handle. */
export function poetOf(row: Pick<PostRow, 'poet'>): WallPoet {
  return { name: row.poet?.name?.trim() || POET_FALLBACK_NAME, pictureUrl: row.poet?.profilePicture?.url ?? null, handle: row.poet?.handle ?? null };
}

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : '');

export function toSummary(row: PostRow): WallPostSummary {
  return {
    id: row.id,
    title: row.title,
    ...excerptOf(row.text),
    language: row.language,
    theme: row.theme ?? null,
    poet: poetOf(row),
    likes: row.likesCount ?? 0,
    approvedAt: iso(row.approvedAt),
  };
}

export function toDetail(row: PostRow): WallPostDetail {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    language: row.language,
    theme: row.theme ?? null,
    poet: poetOf(row),
    likes: row.likesCount ?? 0,
    approvedAt: iso(row.approvedAt),
  };
}

export function toMine(row: PostRow): MyWallPost {
  const reason = row.moderationStatus === 'rejected' || row.moderationStatus === 'hidden' ? row.moderationReason : null;
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    status: row.moderationStatus,
    reason: reason ?? null,
    likes: row.likesCount ?? 0,
    createdAt: iso(row.createdAt),
  };
}

/** Which states each moderator decision applies to, and where it moves the post. */
export const DECISIONS: Record<WallDecision, { from: readonly WallStatus[]; to: WallStatus }> = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  hide: { from: ['approved', 'held'], to: 'hidden' },
  restore: { from: ['hidden', 'held'], to: 'approved' },
  dismiss: { from: ['approved'], to: 'approved' },
};

const statusWords = (status: WallStatus) => msg(`wall.status.${status}`);

/** Why a decision cannot apply to a post in this state (in the moderator's words), or null when it can. */
export function decisionRefusal(action: WallDecision, status: WallStatus, openReports = 0): Message | null {
  if (action === 'dismiss' && status === 'approved' && openReports === 0) return msg('wall.noReports');
  if (DECISIONS[action].from.includes(status)) return null;
  const [first, last] = DECISIONS[action].from.map(statusWords);
  return msg('wall.decisionRefused', { status: statusWords(status), action, allowed: last ? msg('list.or', { first, last }) : first });
}

/** What the poet is told when their post moves from one state to another, in English; null for moves that are no decision. */
export function decisionNotice(post: { id: number; title: string }, from: WallStatus, to: WallStatus, reason: string | null) {
  const notice = decisionNoticeMessage(post, from, to, reason);
  return notice && { ...notice, title: say(notice.title, 'en'), message: say(notice.message, 'en') };
}

/** The same notice as catalogue messages: the notification is said in the poet's own language. */
export function decisionNoticeMessage(post: { id: number; title: string }, from: WallStatus, to: WallStatus, reason: string | null) {
  if (from === to) return null; // reports dismissed: nothing changes for the poet
  const { title } = post;
  const why = (notice: Message) => (reason ? msg('notice.reason', { notice, reason }) : notice);
  if (to === 'approved' && (from === 'hidden' || from === 'held')) {
    return { title: msg('notice.wallBackTitle'), message: msg('notice.wallBack', { title }), link: wallPostPath(post.id) };
  }
  if (to === 'approved') {
    return { title: msg('notice.wallApprovedTitle'), message: msg('notice.wallApproved', { title }), link: wallPostPath(post.id) };
  }
  if (to === 'rejected') {
    return { title: msg('notice.wallRejectedTitle'), message: why(msg('notice.wallRejected', { title })), link: '/writory-wall#submit-wall-button' };
  }
  if (to === 'hidden') {
    return { title: msg('notice.wallHiddenTitle'), message: why(msg('notice.wallHidden', { title })), link: '/writory-wall#submit-wall-button' };
  }
  return null;
}

/** True when a post in this state is shown to the public. */
export const isPublic = (status: WallStatus) => status === 'approved';
