// The Writory Wall (/api/wall/*, /api/admin/wall/*): the public feed, the poet's own posts, likes, reports, moderation.
import type {
  MyWallPost,
  NewWallPost,
  NewWallReport,
  WallDecisionInput,
  WallLikeState,
  WallModerationFilter,
  WallModerationPage,
  WallPage,
  WallPostDetail,
  WallSort,
} from '@writory/shared';
import { apiFetch, authedFetch, jsonBody } from '../lib/api';

/** A page of the wall: the first of the order, or the one after `cursor` (a previous page's `pagination.nextCursor`). */
export const fetchWallPage = (sort: WallSort, cursor: string | null, filters: { language?: string; theme?: string; q?: string } = {}) => {
  const params = new URLSearchParams({ sort });
  if (cursor) params.set('cursor', cursor);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return apiFetch<WallPage>(`/api/wall/posts?${params}`);
};

/** One approved post; a 404 when it is not (or no longer) on the wall. */
export const fetchWallPost = (id: number) => apiFetch<WallPostDetail>(`/api/wall/posts/${id}`);

export const fetchMyWallPosts = () => authedFetch<{ posts: MyWallPost[] }>('/api/wall/my-posts');

export const shareWallPost = (post: NewWallPost) => authedFetch<unknown>('/api/wall/posts', { method: 'POST', ...jsonBody(post) });

export const deleteWallPost = (id: number) => authedFetch<unknown>(`/api/wall/posts/${id}`, { method: 'DELETE' });

export const reportWallPost = (id: number, report: NewWallReport) =>
  authedFetch<unknown>(`/api/wall/posts/${id}/reports`, { method: 'POST', ...jsonBody(report) });

/** Which of these posts (the first 50) the signed-in poet likes. */
export const fetchLikedWallPosts = (ids: number[]) => authedFetch<{ liked: number[] }>(`/api/wall/likes?ids=${ids.slice(0, 50).join(',')}`);

export const setWallLike = (id: number, like: boolean) => authedFetch<WallLikeState>(`/api/wall/posts/${id}/like`, { method: like ? 'PUT' : 'DELETE' });

export const fetchWallModeration = (filter: WallModerationFilter, page: number) =>
  authedFetch<WallModerationPage>(`/api/admin/wall/posts?filter=${filter}&page=${page}`);

export const decideWallPost = (id: number, decision: WallDecisionInput) =>
  authedFetch<unknown>(`/api/admin/wall/posts/${id}/decisions`, { method: 'POST', ...jsonBody(decision) });
