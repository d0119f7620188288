// @vitest-environment node
// Likes on the wall: the poet's own like is not undone by an older answer to "which of these do I like?". On a post
// page the question goes out when the poet is known to be signed in, which is also when the like button wakes up; a
// quick click's answer could arrive first and the question's older answer then cleared the like (a CI run saw it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/firebase', () => ({ currentIdToken: vi.fn(async () => 'token-abc') }));

const { $liked, $likeCounts, clearLiked, loadLiked, toggleLike } = await import('./wall-likes');

let answers: Map<string, (res: Response) => void>;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
beforeEach(() => {
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => new Promise<Response>((resolve) => answers.set(`${init?.method ?? 'GET'} ${url.split('?')[0]}`, resolve))),
  );
  clearLiked();
});
afterEach(() => vi.unstubAllGlobals());

describe('likes on the wall', () => {
  it('keeps a like made while the question of what the poet likes was on its way', async () => {
    const asked = loadLiked([7]);
    await settle();
    const liking = toggleLike(7);
    await settle();
    answers.get('PUT /api/wall/posts/7/like')!(json({ liked: true, likes: 1 }));
    expect(await liking).toBeNull();
    answers.get('GET /api/wall/likes')!(json({ liked: [] }));
    await asked;
    expect($liked.get().has(7)).toBe(true);
    expect($likeCounts.get()['7']).toBe(1);
  });

  it('takes the answer for posts the poet did not touch meanwhile', async () => {
    const asked = loadLiked([7, 8]);
    await settle();
    const liking = toggleLike(7);
    await settle();
    answers.get('PUT /api/wall/posts/7/like')!(json({ liked: true, likes: 1 }));
    await liking;
    answers.get('GET /api/wall/likes')!(json({ liked: [8] }));
    await asked;
    expect([...$liked.get()].sort()).toEqual([7, 8]);
  });
});
