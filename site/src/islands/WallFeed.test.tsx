// The wall's feed island opened on another view than the built one (issue 40): the built page holds the newest poems
// of the whole wall, so until the asked-for view arrives none of them is shown under it. A reader opening the
// Following tab saw the whole wall's newest poems (other poets' among them) while their own page was on its way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { WallPage, WallPostSummary } from '@writory/shared';
import { $authStatus } from '../stores/auth';

vi.mock('../lib/firebase', () => ({
  loadFirebaseAuth: () => new Promise(() => undefined),
  loadedFirebaseAuth: () => null,
  currentIdToken: async () => 'token-abc',
}));

const { default: WallFeed } = await import('./WallFeed');

const poem = (id: number, title: string, poet: string): WallPostSummary => ({
  id,
  title,
  excerpt: 'a line',
  truncated: false,
  language: 'en',
  theme: null,
  poet: { name: poet, pictureUrl: null, handle: null },
  likes: 0,
  approvedAt: '2026-11-20T10:00:00.000Z',
});
const page = (posts: WallPostSummary[]): WallPage => ({ sort: 'newest', posts, pagination: { page: null, pageSize: 12, nextCursor: null } });
/** The built copy: the newest poems of the whole wall. */
const built = page([poem(3, 'Someone else’s poem', 'Asha'), poem(2, 'The followed poet’s poem', 'Bina')]);

let answers: Map<string, (res: Response) => void>;
beforeEach(() => {
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => new Promise<Response>((resolve) => answers.set(url.split('?')[0], resolve))),
  );
  window.history.replaceState(null, '', '/writory-wall?tab=following');
  $authStatus.set('signed-in');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $authStatus.set('loading');
  window.history.replaceState(null, '', '/');
});

const titles = () => screen.queryAllByTestId('wall-post').map((card) => card.querySelector('h3')?.textContent);

describe('the wall feed opened on the Following tab', () => {
  it('shows none of the built page’s poems while the followed poets’ page is on its way, then only theirs', async () => {
    render(<WallFeed initial={built} builtAt={Date.now()} />);
    await act(async () => undefined);
    expect(answers.has('/api/follows/poems')).toBe(true);
    expect(titles()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    await act(async () => answers.get('/api/follows/poems')!(new Response(JSON.stringify(page([poem(2, 'The followed poet’s poem', 'Bina')])))));
    expect(titles()).toEqual(['The followed poet’s poem']);
    expect(screen.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows none of the built page’s poems when the followed poets’ page cannot be read', async () => {
    render(<WallFeed initial={built} builtAt={Date.now()} />);
    await act(async () => undefined);
    await act(async () => answers.get('/api/follows/poems')!(new Response('{}', { status: 503 })));
    expect(titles()).toEqual([]);
    expect(screen.getByRole('status').textContent).not.toBe('');
  });
});
