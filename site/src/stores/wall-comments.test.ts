// @vitest-environment node
// The comments under a wall poem: pages added in order, a new comment or reply placed where readers will find it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WallComment, WallCommentPage } from '@writory/shared';

vi.mock('../lib/firebase', () => ({ currentIdToken: vi.fn(async () => 'token-abc') }));

const { $comments, addComment, loadComments, loadMoreComments } = await import('./wall-comments');

const comment = (id: number, extra: Partial<WallComment> = {}): WallComment => ({
  id,
  postId: 7,
  parentId: null,
  text: `comment ${id}`,
  critique: null,
  author: { name: 'Bina', pictureUrl: null },
  own: false,
  status: 'approved',
  createdAt: '2026-11-29T10:00:00.000Z',
  replies: [],
  ...extra,
});
const page = (comments: WallComment[], nextCursor: string | null): WallCommentPage => ({
  postId: 7,
  open: true,
  comments,
  pagination: { pageSize: 2, nextCursor },
  viewer: { isPoemPoet: false, blockedByPoet: false },
});

let answers: unknown[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  answers = [];
  fetchMock = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the comments of a poem', () => {
  it('reads the next page after the last and adds it below', async () => {
    answers.push(page([comment(1), comment(2)], 'c.2'), page([comment(3)], null));
    await loadComments(7);
    await loadMoreComments();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/wall/posts/7/comments', '/api/wall/posts/7/comments?cursor=c.2']);
    expect($comments.get()).toMatchObject({ state: 'ready', postId: 7, nextCursor: null });
    expect($comments.get().comments.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('puts a reply under its comment, and a new comment at the end once every page is read', async () => {
    answers.push(page([comment(1)], null), comment(2, { parentId: 1, own: true }), comment(3, { own: true, status: 'pending' }));
    await loadComments(7);
    await addComment(7, { text: 'thanks', parentId: 1 });
    await addComment(7, { text: 'more' });
    const [first, last] = $comments.get().comments;
    expect(first.replies.map((c) => c.id)).toEqual([2]);
    expect(last).toMatchObject({ id: 3, status: 'pending' });
  });

  it('keeps a new comment off the list while later pages are unread (it comes with the last page)', async () => {
    answers.push(page([comment(1)], 'c.1'), comment(9, { own: true }));
    await loadComments(7);
    await addComment(7, { text: 'new' });
    expect($comments.get().comments.map((c) => c.id)).toEqual([1]);
  });
});
