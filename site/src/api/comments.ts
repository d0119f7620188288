// Comments on wall poems and blocking (/api/wall/posts/:id/comments*, /api/wall/comments/*, /api/admin/wall/comments*, /api/blocks).
import type {
  BlockedPoet,
  CommentDecisionInput,
  CommentModerationFilter,
  CommentModerationPage,
  NewWallComment,
  NewWallReport,
  WallComment,
  WallCommentPage,
} from '@writory/shared';
import { authedFetch, jsonBody } from '../lib/api';

/** A page of a poem's comments (a signed-in reader's own waiting ones included): the first, or the one after `cursor`. */
export const fetchComments = (postId: number, cursor: string | null) =>
  authedFetch<WallCommentPage>(`/api/wall/posts/${postId}/comments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export const postComment = (postId: number, comment: NewWallComment) =>
  authedFetch<WallComment>(`/api/wall/posts/${postId}/comments`, { method: 'POST', ...jsonBody(comment) });

export const setCommentsOpen = (postId: number, open: boolean) =>
  authedFetch<{ open: boolean }>(`/api/wall/posts/${postId}/comments-open`, { method: 'PUT', ...jsonBody({ open }) });

export const reportComment = (id: number, report: NewWallReport) =>
  authedFetch<{ held: boolean }>(`/api/wall/comments/${id}/reports`, { method: 'POST', ...jsonBody(report) });

export const blockCommentAuthor = (id: number) => authedFetch<{ blocked: true }>(`/api/wall/comments/${id}/block-author`, { method: 'POST' });

export const fetchBlockedPoets = () => authedFetch<{ blocked: BlockedPoet[] }>('/api/blocks');

export const unblockPoet = (blockId: number) => authedFetch<void>(`/api/blocks/${blockId}`, { method: 'DELETE' });

export const fetchCommentModeration = (filter: CommentModerationFilter, page: number) =>
  authedFetch<CommentModerationPage>(`/api/admin/wall/comments?filter=${filter}&page=${page}`);

export const decideComment = (id: number, decision: CommentDecisionInput) =>
  authedFetch<unknown>(`/api/admin/wall/comments/${id}/decisions`, { method: 'POST', ...jsonBody(decision) });
