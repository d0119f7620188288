// The wall's islands on Hindi and Arabic pages (issue 39): every word a poet or a moderator reads is in the page's
// language. The poems, titles and names here are in Devanagari and Arabic script, so any Latin word left is English.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WallModerationPage, WallPostSummary } from '@writory/shared';
import { englishIn, showPageIn } from '../test/english-left';
import { $authStatus, $identity } from '../stores/auth';
import { $productUser, replaceProductUser } from '../stores/product-user';
import { $moderationPage } from '../stores/wall-moderation';
import { $myWallPosts } from '../stores/my-wall-posts';
import { $wallPost } from '../stores/wall-post';

// Nobody signs in or out on their own: the tests say who reads.
vi.mock('../lib/firebase', () => ({
  loadFirebaseAuth: () => new Promise(() => undefined),
  loadedFirebaseAuth: () => null,
  currentIdToken: async () => null,
}));
// The islands' requests never answer: the tests set the stores themselves.
vi.mock('../api/wall', () => {
  const never = () => new Promise(() => undefined);
  const names = [
    'fetchWallPage',
    'fetchWallPost',
    'fetchMyWallPosts',
    'shareWallPost',
    'deleteWallPost',
    'reportWallPost',
    'fetchLikedWallPosts',
    'setWallLike',
    'fetchWallModeration',
    'decideWallPost',
  ];
  return Object.fromEntries(names.map((name) => [name, never]));
});

const { default: PostCard } = await import('../components/wall/PostCard');
const { default: ReportButton } = await import('../components/wall/ReportButton');
const { default: WallModeration } = await import('./WallModeration');
const { default: WallShare } = await import('./WallShare');
const { default: WallFeed } = await import('./WallFeed');
const { default: WallPost } = await import('./WallPost');

const poet = { name: 'आशा', handle: null, pictureUrl: null } as unknown as WallPostSummary['poet'];
const post: WallPostSummary = {
  id: 7,
  title: 'नदी',
  excerpt: 'नदी बहती है',
  truncated: true,
  language: 'hi',
  theme: 'nature',
  poet,
  likes: 3,
  approvedAt: '2026-11-20T10:00:00.000Z',
};

const queue: WallModerationPage = {
  items: [
    {
      id: 9,
      title: 'القمر',
      text: 'قمرٌ على الماء',
      language: 'ar',
      status: 'approved',
      reason: 'سبب',
      poet: { ...poet, id: 4 },
      own: false,
      likes: 2,
      openReports: 1,
      reports: [{ id: 1, reason: 'spam', note: 'ملاحظة', status: 'open', createdAt: '2026-11-21T10:00:00.000Z' }],
      flags: ['كلمة'],
      similar: [{ kind: 'entry', refId: 12, similarity: 0.87 }],
      createdAt: '2026-11-20T10:00:00.000Z',
      moderatedAt: null,
    },
  ] as WallModerationPage['items'],
  counts: { pending: 1, reported: 1, approved: 1, hidden: 0, rejected: 0 },
  pagination: { page: 1, pageSize: 10, total: 12, pageCount: 2 },
};

function signIn(role: 'poet' | 'moderator') {
  $authStatus.set('signed-in');
  $identity.set({ uid: 'u1', email: 'a@writory.local', displayName: null, phoneNumber: null, emailVerified: true, photoURL: null });
  $productUser.set({ role, isAdmin: false, uid: 'u1', email: 'a@writory.local', name: 'आशा' } as never);
}
/** Once the islands are mounted (mounting the user store asks the cms, which never answers here): who reads. */
const settleRole = (role: 'poet' | 'moderator') =>
  act(async () => replaceProductUser({ role, isAdmin: false, uid: 'u1', email: 'a@writory.local', name: 'आशा' } as never));

afterEach(async () => {
  cleanup();
  $authStatus.set('loading');
  $productUser.set(null);
  $moderationPage.set(null);
  $myWallPosts.set(null);
  await showPageIn('en');
});

describe.each(['hi', 'ar'] as const)('the wall on a %s page', (lang) => {
  it('shows a poem card, its like and report buttons and the report dialog in the page’s language', async () => {
    await showPageIn(lang);
    signIn('poet');
    render(
      <>
        <PostCard post={post} />
        <ReportButton id={post.id} title={post.title} />
      </>,
    );
    expect(screen.getByTestId('like-count').textContent).not.toMatch(/like/);
    // Sending without a reason says what to do, in the page's language too.
    fireEvent.submit(document.querySelector('dialog form')!);
    expect(englishIn()).toEqual([]);
  });

  it('shows the feed, the share form and the poet’s own posts in the page’s language', async () => {
    await showPageIn(lang);
    signIn('moderator');
    $myWallPosts.set([{ id: 3, title: 'शाम', language: 'hi', status: 'rejected', reason: 'कारण', likes: 0, createdAt: '2026-11-20T10:00:00.000Z' }] as never);
    render(
      <>
        <WallFeed initial={{ posts: [post], sort: 'newest', pagination: { nextCursor: 'n.1' } } as never} builtAt={Date.now()} />
        <WallShare />
      </>,
    );
    await act(async () => fireEvent.click(screen.getByTestId('submit-wall-button')));
    expect(englishIn()).toEqual([]);
  });

  it('shows the moderation queue in the page’s language', async () => {
    await showPageIn(lang);
    signIn('moderator');
    $moderationPage.set(queue);
    render(<WallModeration />);
    await settleRole('moderator');
    expect(screen.getByTestId('moderation-item')).toBeTruthy();
    expect(englishIn()).toEqual([]);
  });

  it('shows a missing poem’s page in the page’s language', async () => {
    await showPageIn(lang);
    render(<WallPost />);
    await act(async () => undefined);
    expect($wallPost.get().kind).toBe('missing');
    expect(englishIn()).toEqual([]);
  });
});
