// The comments under the one wall poem on /writory-wall/post?id=N: the pages read so far, and the actions that change them.
import { atom } from 'nanostores';
import type { NewWallComment, WallComment, WallCommentPage } from '@writory/shared';
import { fetchComments, postComment, setCommentsOpen } from '../api/comments';

export interface CommentsState {
  state: 'loading' | 'ready' | 'failed';
  postId: number | null;
  open: boolean;
  comments: WallComment[];
  nextCursor: string | null;
  viewer: WallCommentPage['viewer'];
}

const EMPTY: CommentsState = { state: 'loading', postId: null, open: true, comments: [], nextCursor: null, viewer: null };
export const $comments = atom<CommentsState>(EMPTY);

// An answer that arrives after a newer request started (the reader signed in meanwhile) is dropped.
let ticket = 0;

/** The first page, again from the start (after signing in or out, the reader's own waiting comments change). */
export async function loadComments(postId: number): Promise<void> {
  const mine = ++ticket;
  try {
    const page = await fetchComments(postId, null);
    if (mine === ticket)
      $comments.set({ state: 'ready', postId, open: page.open, comments: page.comments, nextCursor: page.pagination.nextCursor, viewer: page.viewer });
  } catch (error) {
    console.warn('Could not load the comments', error);
    if (mine === ticket) $comments.set({ ...EMPTY, state: 'failed', postId });
  }
}

/** The page after the last one read, added below it. */
export async function loadMoreComments(): Promise<void> {
  const { postId, nextCursor } = $comments.get();
  if (postId === null || !nextCursor) return;
  const mine = ++ticket;
  const page = await fetchComments(postId, nextCursor);
  if (mine !== ticket) return;
  const current = $comments.get();
  $comments.set({ ...current, comments: [...current.comments, ...page.comments], nextCursor: page.pagination.nextCursor });
}

/** Posts a comment or a reply and shows it where it belongs (a waiting one to its author only, as the cms does). */
export async function addComment(postId: number, input: NewWallComment): Promise<WallComment> {
  const created = await postComment(postId, input);
  const current = $comments.get();
  const comments = created.parentId
    ? current.comments.map((comment) => (comment.id === created.parentId ? { ...comment, replies: [...comment.replies, created] } : comment))
    : // A new top-level comment belongs after every page: shown now only when no page is left to read.
      current.nextCursor
      ? current.comments
      : [...current.comments, created];
  $comments.set({ ...current, comments });
  return created;
}

export async function changeCommentsOpen(postId: number, open: boolean): Promise<void> {
  const answer = await setCommentsOpen(postId, open);
  $comments.set({ ...$comments.get(), open: answer.open });
}
