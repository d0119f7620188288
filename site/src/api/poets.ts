// Poet pages (/api/poets/*): the signed-in poet's own page settings.
import type { FollowState, MyFollows, MyPoetPage, MyPoetPageInput, WallPage } from '@writory/shared';
import { authedFetch, jsonBody } from '../lib/api';

export const fetchMyPoetPage = () => authedFetch<MyPoetPage>('/api/poets/me');

export const saveMyPoetPage = (settings: MyPoetPageInput) => authedFetch<MyPoetPage>('/api/poets/me', { method: 'PUT', ...jsonBody(settings) });

export const fetchMyFollows = () => authedFetch<MyFollows>('/api/follows');

export const setFollowing = (handle: string, follow: boolean) =>
  authedFetch<FollowState>(`/api/follows/${encodeURIComponent(handle)}`, { method: follow ? 'PUT' : 'DELETE' });

export const setPoetMuted = (handle: string, muted: boolean) =>
  authedFetch<FollowState>(`/api/follows/${encodeURIComponent(handle)}/mute`, { method: 'PUT', ...jsonBody({ muted }) });

export const setAllFollowsMuted = (muted: boolean) => authedFetch<{ muted: boolean }>('/api/follows/settings', { method: 'PUT', ...jsonBody({ muted }) });

/** The Following tab: the newest poems of the poets the signed-in poet follows, after `cursor`. */
export const fetchFollowingPage = (cursor: string | null) =>
  authedFetch<WallPage>(`/api/follows/poems${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
