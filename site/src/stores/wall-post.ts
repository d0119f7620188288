// The one wall poem on /writory-wall/post?id=N, read from the cms's cached public API.
import { atom } from 'nanostores';
import type { WallPostDetail } from '@writory/shared';
import { fetchWallPost } from '../api/wall';
import { ApiError } from '../lib/api';

export type WallPostState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; post: WallPostDetail };

export const $wallPost = atom<WallPostState>({ kind: 'loading' });

/** Missing: no id in the link, or the cms says 404 (taken down or never approved). */
export async function loadWallPost(id: number | null): Promise<void> {
  if (id === null) return $wallPost.set({ kind: 'missing' });
  try {
    $wallPost.set({ kind: 'ready', post: await fetchWallPost(id) });
  } catch (error) {
    $wallPost.set({ kind: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' });
  }
}
