// Likes on the Writory Wall: which posts the signed-in poet likes, the latest counts the server gave, and the
// actions that like and unlike. Shared by the wall list and the post page.
import { atom, map } from 'nanostores';
import { apiErrorBody } from '../lib/api';
import { fetchLikedWallPosts, setWallLike } from '../api/wall';

/** Post ids the signed-in poet likes (of those asked about). */
export const $liked = atom<ReadonlySet<number>>(new Set());
/** Counts from the server's latest answer, by post id; a list shows these over its own. */
export const $likeCounts = map<Record<string, number>>({});
/** Post ids with a like or unlike on its way. */
export const $likeBusy = atom<ReadonlySet<number>>(new Set());

const withId = (set: ReadonlySet<number>, id: number, present: boolean) => {
  const next = new Set(set);
  if (present) next.add(id);
  else next.delete(id);
  return next;
};

/** Counts the poet's likes and unlikes, so that an answer asked before one does not undo it. */
let changes = 0;
const changedAt = new Map<number, number>();

/** Asks which of these posts the signed-in poet likes (leaving those the poet liked or unliked meanwhile). */
export async function loadLiked(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const askedAt = changes;
  const { liked } = await fetchLikedWallPosts(ids);
  let next = new Set($liked.get());
  for (const id of ids) if ((changedAt.get(id) ?? -1) < askedAt) next = withId(next, id, liked.includes(id));
  $liked.set(next);
}

/**
 * Likes or unlikes; the server's answer (count and state) wins. Returns the server's message when it refused
 * (e.g. the hourly limit, or an unverified email), null when it worked.
 */
export async function toggleLike(id: number): Promise<string | null> {
  if ($likeBusy.get().has(id)) return null;
  const like = !$liked.get().has(id);
  $likeBusy.set(withId($likeBusy.get(), id, true));
  changedAt.set(id, changes++);
  try {
    const state = await setWallLike(id, like);
    $liked.set(withId($liked.get(), id, state.liked));
    $likeCounts.setKey(String(id), state.likes);
    return null;
  } catch (error) {
    return apiErrorBody(error)?.message ?? 'We could not save your like. Check your connection and try again.';
  } finally {
    $likeBusy.set(withId($likeBusy.get(), id, false));
  }
}

/** Forgets the likes (signed out). */
export function clearLiked(): void {
  $liked.set(new Set());
}
