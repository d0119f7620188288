// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentContest, EntryAllowance } from '@writory/shared';

vi.mock('../lib/firebase', () => ({
  currentIdToken: vi.fn(async () => 'token-abc'),
  loadFirebaseAuth: vi.fn(() => new Promise(() => {})),
  loadedFirebaseAuth: vi.fn(() => null),
}));

const { $authStatus } = await import('./auth');
const { $allowance, $contest, loadAllowance, loadContest } = await import('./contest');

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const contest: CurrentContest = {
  timeZone: 'Asia/Kolkata',
  now: '2026-11-22T10:00:00.000Z',
  current: {
    month: '2026-11',
    theme: 'Thresholds',
    opensAt: '2026-10-31T18:30:00.000Z',
    closesAt: '2026-11-25T18:30:00.000Z',
    resultsAt: '2026-11-29T18:30:00.000Z',
  },
  next: { month: '2026-12', theme: null, opensAt: '2026-11-30T18:30:00.000Z', closesAt: '2026-12-25T18:30:00.000Z', resultsAt: '2026-12-29T18:30:00.000Z' },
};
const allowance: EntryAllowance = { contest: contest.current, limit: 3, used: 1, remaining: 2, free: 3, freeLeft: 2, credits: 0, blocker: null };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('contest store', () => {
  it('loads the current contest for everyone, without a token', async () => {
    fetchMock.mockResolvedValue(json(contest));
    await loadContest();
    expect($contest.get()).toEqual({ state: 'ready', data: contest });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/contests/current');
    expect(new Headers(fetchMock.mock.calls[0][1].headers).get('authorization')).toBeNull();
  });

  it('says so when the contest cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json({ error: { status: 502 } }, 502));
    await loadContest();
    expect($contest.get()).toEqual({ state: 'failed', data: null });
  });

  it('asks for the allowance only when signed in, with the bearer token', async () => {
    $authStatus.set('signed-out');
    await loadAllowance();
    expect($allowance.get()).toEqual({ state: 'signed-out', data: null });
    expect(fetchMock).not.toHaveBeenCalled();

    // Reading the store mounts it, and then a sign-in reloads it by itself: one answer per call.
    fetchMock.mockImplementation(async () => json(allowance));
    $authStatus.set('signed-in');
    await loadAllowance();
    expect($allowance.get()).toEqual({ state: 'ready', data: allowance });
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/entries/allowance');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-abc');
  });
});

describe('choosing a competition', () => {
  it('loads that competition’s contest and the poet’s allowance in it; poetry stays the bare URL', async () => {
    const { $competition, chooseCompetition } = await import('./contest');
    $authStatus.set('signed-in');
    fetchMock.mockImplementation(async (url: string) => json(url.includes('allowance') ? allowance : contest));
    const stopContest = $contest.listen(() => {});
    const stopAllowance = $allowance.listen(() => {});
    chooseCompetition('story');
    expect($competition.get()).toBe('story');
    await expect.poll(() => $contest.get().state).toBe('ready');
    await expect.poll(() => $allowance.get().state).toBe('ready');
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toContain('/api/contests/current?competition=story');
    expect(urls).toContain('/api/entries/allowance?competition=story');

    fetchMock.mockClear();
    chooseCompetition('poetry');
    await expect.poll(() => fetchMock.mock.calls.map(([url]) => url)).toContain('/api/contests/current');
    stopContest();
    stopAllowance();
  });
});
