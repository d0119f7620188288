// Pure rules of comments: how a row reads to a reader, which moderator decision moves a comment where.
import type { CommentDecision, CommentStatus, WallComment, WallPoet } from '@writory/shared';
import type { CommentRow } from '../repository';
import { msg, type Message } from '../../../lib/messages';

export const FALLBACK_NAME = 'A Writory poet';

/** Which states each moderator decision applies to, and where it moves the comment. */
export const DECISIONS: Record<CommentDecision, { from: readonly CommentStatus[]; to: CommentStatus }> = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  hide: { from: ['approved', 'held'], to: 'hidden' },
  restore: { from: ['hidden', 'held'], to: 'approved' },
  dismiss: { from: ['approved'], to: 'approved' },
};

/** A comment's state in the moderator's words. */
export const statusWords = (status: CommentStatus): Message => msg(`comment.status.${status}`);

/** Why a decision cannot apply to a comment in this state: the message's code and its words' parts, or null when it can. */
export function decisionRefusal(
  action: CommentDecision,
  status: CommentStatus,
  openReports = 0,
): { noReports: true } | { status: Message; allowed: Message } | null {
  if (action === 'dismiss' && status === 'approved' && openReports === 0) return { noReports: true };
  if (DECISIONS[action].from.includes(status)) return null;
  const [first, last] = DECISIONS[action].from.map(statusWords);
  return { status: statusWords(status), allowed: last ? msg('list.or', { first, last }) : first };
}

export const isShown = (status: CommentStatus) => status === 'approved';

export function critiqueOf(row: Pick<CommentRow, 'critiqueWorks' | 'critiqueStronger'>) {
  return row.critiqueWorks && row.critiqueStronger ? { works: row.critiqueWorks, stronger: row.critiqueStronger } : null;
}

/** A comment's author as readers see them; `handle` is their public page's, null while it is private. */
export function authorOf(person: { name?: string | null; profilePicture?: { url: string } | null } | undefined, handle: string | null = null): WallPoet {
  return { name: person?.name?.trim() || FALLBACK_NAME, pictureUrl: person?.profilePicture?.url ?? null, handle };
}

/** A comment as a reader sees it (`viewerId`: the signed-in reader, who sees their own marked). */
export function toComment(row: CommentRow, author: WallPoet, viewerId: number | null, replies: WallComment[] = []): WallComment {
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId ?? null,
    text: row.text ?? '',
    critique: critiqueOf(row),
    author,
    own: viewerId !== null && row.authorId === viewerId,
    status: row.moderationStatus,
    createdAt: new Date(row.createdAt as string).toISOString(),
    replies,
  };
}

/** The cursor after a page of top-level comments: "c.<last id>". */
export const encodeCursor = (lastId: number) => `c.${lastId}`;
export const decodeCursor = (cursor: string) => Number(cursor.slice(2));
