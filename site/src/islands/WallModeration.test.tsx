// The moderation queue read with a screen reader: each post's scrollable text is a landmark, and a landmark list is
// only useful when its names tell the posts apart, also when two poems share a title ("Untitled", a shared poem twice).
import { afterEach, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WallModerationPage } from '@writory/shared';
import { $authStatus, $identity } from '../stores/auth';
import { $productUser, replaceProductUser } from '../stores/product-user';
import { $moderationPage } from '../stores/wall-moderation';

vi.mock('../lib/firebase', () => ({
  loadFirebaseAuth: () => new Promise(() => undefined),
  loadedFirebaseAuth: () => null,
  currentIdToken: async () => null,
}));
// The queue's requests never answer: the test sets the store itself.
const decideWallPost = vi.hoisted(() => vi.fn((_id: number, _decision: object) => new Promise(() => undefined)));
vi.mock('../api/wall', () => ({ fetchWallModeration: () => new Promise(() => undefined), decideWallPost }));

const { default: WallModeration } = await import('./WallModeration');

const moderator = { role: 'moderator', isAdmin: false, uid: 'u1', email: 'mod@writory.local', name: 'Mod' } as never;
const item = (id: number) => ({
  id,
  title: 'Untitled',
  text: `Poem number ${id}`,
  language: 'en',
  status: 'pending',
  reason: null,
  poet: { id, name: `Poet ${id}`, handle: null, pictureUrl: null },
  own: false,
  likes: 0,
  openReports: 0,
  reports: [],
  flags: [],
  similar: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  moderatedAt: null,
});

afterEach(() => {
  cleanup();
  $authStatus.set('loading');
  $productUser.set(null);
  $moderationPage.set(null);
});

/** The queue of posts 41 and 42, both waiting, read by a moderator who is signed in. */
async function renderQueue() {
  $authStatus.set('signed-in');
  $identity.set({ uid: 'u1', email: 'mod@writory.local', displayName: null, phoneNumber: null, emailVerified: true, photoURL: null });
  $productUser.set(moderator);
  $moderationPage.set({
    items: [item(41), item(42)],
    counts: { pending: 2, reported: 0, approved: 0, hidden: 0, rejected: 0 },
    pagination: { page: 1, pageSize: 10, total: 2, pageCount: 1 },
  } as unknown as WallModerationPage);
  render(<WallModeration />);
  await act(async () => replaceProductUser(moderator));
}

it('names each post’s text region apart, also when two posts share a title', async () => {
  await renderQueue();
  const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
  const texts = names.filter((name) => name?.includes('Untitled'));
  expect(texts).toHaveLength(2);
  expect(new Set(texts).size, `names: ${texts.join(' | ')}`).toBe(2);
  expect(screen.getByRole('region', { name: /Untitled.*41/ }).textContent).toContain('Poem number 41');
});

it('sends the status the queue showed with a decision, so one made meanwhile by another moderator is not overridden', async () => {
  await renderQueue();
  fireEvent.click(screen.getAllByRole('button', { name: /Approve/ })[0]);
  expect(decideWallPost).toHaveBeenCalledWith(41, { action: 'approve', seen: 'pending' });
});
