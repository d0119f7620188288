// Keys of the wall's pages: a cursor is the last post's sort key and id, so the next page starts right after it
// (an index range, whatever the page number), and poems added meanwhile neither repeat nor push others off.
import type { WallSort } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg, type Message } from '../../../lib/messages';

/** Where a page ends: the last post's approval time (ms), likes (most-liked only) and id. */
export type WallCursor = { sort: 'newest'; approvedAt: number; id: number } | { sort: 'most-liked'; likes: number; approvedAt: number; id: number };

// "n.<approvedAt ms>.<id>" and "l.<likes>.<approvedAt ms>.<id>": short, safe in a URL, checked whole.
const NEWEST = /^n\.(\d{1,15})\.([1-9]\d{0,9})$/;
const MOST_LIKED = /^l\.(\d{1,10})\.(\d{1,15})\.([1-9]\d{0,9})$/;

export function encodeCursor(sort: WallSort, last: { id: number; likes: number; approvedAt: number }): string {
  return sort === 'newest' ? `n.${last.approvedAt}.${last.id}` : `l.${last.likes}.${last.approvedAt}.${last.id}`;
}

// details.cursor names the problem for a program, in English; the message says it in the reader's language.
const badCursor = (message: Message, problem: string) => new ApiError(400, message, { cursor: problem }, 'BadRequestError');

/** The cursor of a request for this order; 400 naming the problem when it is not one the wall gave out for it. */
export function decodeCursor(sort: WallSort, cursor: string): WallCursor {
  const newest = NEWEST.exec(cursor);
  const mostLiked = MOST_LIKED.exec(cursor);
  if (!newest && !mostLiked) throw badCursor(msg('cursor.unknown'), 'is not a page key the wall gave out; start again from the first page');
  if (newest && sort !== 'newest') throw badCursor(msg('cursor.newestOnly', { sort }), `belongs to the newest order, not ${sort}`);
  if (mostLiked && sort !== 'most-liked') throw badCursor(msg('cursor.mostLikedOnly', { sort }), `belongs to the most-liked order, not ${sort}`);
  if (newest) return { sort: 'newest', approvedAt: Number(newest[1]), id: Number(newest[2]) };
  return { sort: 'most-liked', likes: Number(mostLiked![1]), approvedAt: Number(mostLiked![2]), id: Number(mostLiked![3]) };
}

/** The Strapi `where` of the posts after the cursor, in the order's own terms (served by the order's index). */
export function afterCursor(cursor: WallCursor): Record<string, unknown> {
  const at = new Date(cursor.approvedAt);
  const sameTimeLowerId = { approvedAt: at, id: { $lt: cursor.id } };
  if (cursor.sort === 'newest') return { approvedAt: { $lte: at }, $or: [{ approvedAt: { $lt: at } }, sameTimeLowerId] };
  return { likesCount: { $lte: cursor.likes }, $or: [{ likesCount: { $lt: cursor.likes } }, { approvedAt: { $lt: at } }, sameTimeLowerId] };
}

/** The order keys of an approved post, as a page is sorted by them. */
export interface PostKeys {
  id: number;
  approvedAt: number;
  likes: number;
}

/** Descending by the order's keys (newest: approval time, id; most liked: likes, approval time, id). */
function compareKeys(sort: WallSort, a: PostKeys, b: PostKeys): number {
  if (sort === 'most-liked' && a.likes !== b.likes) return b.likes - a.likes;
  return b.approvedAt - a.approvedAt || b.id - a.id;
}

/**
 * The ids of one page (and one more, telling that a next page exists) among posts already known by their keys, in
 * the order's terms, exactly as `afterCursor` and the order's index would give them: after the cursor when there is
 * one, else after `offset` posts.
 */
export function pageOfKeys(
  posts: PostKeys[],
  sort: WallSort,
  { cursor, offset = 0, limit }: { cursor?: WallCursor; offset?: number; limit: number },
): number[] {
  const sorted = [...posts].sort((a, b) => compareKeys(sort, a, b));
  const from = cursor
    ? sorted.findIndex((post) => compareKeys(sort, { id: cursor.id, approvedAt: cursor.approvedAt, likes: 'likes' in cursor ? cursor.likes : 0 }, post) < 0)
    : offset;
  return (from < 0 ? [] : sorted.slice(from, from + limit)).map((post) => post.id);
}
