// The signed-in poet's own wall posts with their moderation status (the share panel on /writory-wall).
// Loaded while someone is signed in; null when signed out.
import { atom, onMount } from 'nanostores';
import type { MyWallPost } from '@writory/shared';
import { fetchMyWallPosts } from '../api/wall';
import { $authStatus } from './auth';

export const $myWallPosts = atom<MyWallPost[] | null>(null);

/** Reads the poet's posts again (after sharing or deleting one). A failure keeps the list shown, or an empty one. */
export function loadMyWallPosts(): void {
  fetchMyWallPosts().then(
    ({ posts }) => $myWallPosts.set(posts),
    () => $myWallPosts.set($myWallPosts.get() ?? []),
  );
}

onMount($myWallPosts, () =>
  $authStatus.subscribe((status) => {
    if (status === 'signed-in') loadMyWallPosts();
    else $myWallPosts.set(null);
  }),
);
