import type { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Sign-in as the tracker sees it; the real store would start Firebase.
const auth = vi.hoisted(() => ({ signedIn: false, token: 'id-token' as string | null }));
vi.mock('../stores/auth', async () => {
  const { atom: makeAtom } = await import('nanostores');
  const $authStatus = makeAtom<'loading' | 'signed-in' | 'signed-out'>('loading');
  const $identity = makeAtom<{ uid: string; email: string | null; displayName: string | null } | null>(null);
  return { $authStatus, $identity, getIdToken: async () => auth.token, wasSignedIn: () => auth.signedIn };
});

const { $authStatus, $identity } = (await import('../stores/auth')) as unknown as {
  $authStatus: ReturnType<typeof atom<string>>;
  $identity: ReturnType<typeof atom<unknown>>;
};
const { saveConsent, CONSENT_STORAGE_KEY } = await import('../stores/consent');
const { startVisitTracking } = await import('./visit-tracker');
const { VISITOR_ID_KEY, anonymousVisitorId, deviceOf, visitFor } = await import('./visit-tracking');
const { sendVisit } = await import('../api/track-visit');
const { isAdminPath } = await import('@writory/shared');

const granted = { ad_storage: 'denied', analytics_storage: 'granted', ad_user_data: 'denied', ad_personalization: 'denied' } as const;
const denied = { ...granted, analytics_storage: 'denied' } as const;
const now = new Date('2026-11-22T10:00:00Z');

describe('visitFor', () => {
  it('sends an anonymous visitor’s random id with the path and device', () => {
    expect(visitFor({ path: '/about', device: 'mobile', now, visitor: null, anonymousId: () => 'anon-1234567' })).toEqual({
      userID: 'anon-1234567',
      userType: 'anonymous',
      pageVisited: '/about',
      timestamp: '2026-11-22T10:00:00.000Z',
      email: null,
      username: null,
      device: 'mobile',
    });
  });

  it('sends a signed-in visitor’s uid, email and name', () => {
    const visitor = { uid: 'u1', email: 'poet@writory.local', name: 'Asha', token: 't' };
    expect(visitFor({ path: '/admin-users', device: 'desktop', now, visitor, anonymousId: () => 'unused' })).toMatchObject({
      userID: 'u1',
      userType: 'logged-in',
      email: 'poet@writory.local',
      username: 'Asha',
      pageVisited: '/admin-users',
    });
  });

  it('sends nothing for an anonymous visitor on an admin page, and makes no id for it', () => {
    const anonymousId = vi.fn(() => 'anon-1234567');
    expect(visitFor({ path: '/admin-visit-tracking', device: 'desktop', now, visitor: null, anonymousId })).toBeNull();
    expect(anonymousId).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it.each([
    ['/admin-users', true],
    ['/admin', true],
    ['/administrator-poems', false],
    ['/about', false],
  ])('isAdminPath(%s) is %s', (path, expected) => expect(isAdminPath(path)).toBe(expected));

  it('calls 768 px and narrower mobile', () => {
    expect(deviceOf((query) => ({ matches: query === '(max-width: 768px)' }))).toBe('mobile');
    expect(deviceOf(() => ({ matches: false }))).toBe('desktop');
  });

  it('keeps one anonymous id per browser', () => {
    localStorage.clear();
    const first = anonymousVisitorId(localStorage, () => 'anon-aaaaaaaa');
    expect(anonymousVisitorId(localStorage, () => 'anon-bbbbbbbb')).toBe(first);
    expect(localStorage.getItem(VISITOR_ID_KEY)).toBe('anon-aaaaaaaa');
  });

  it('throws the server’s error, or "Failed to track visit"', async () => {
    const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
    const visit = visitFor({ path: '/', device: 'mobile', now, visitor: null, anonymousId: () => 'anon-1234567' })!;
    await expect(sendVisit(visit, null, answer(202, { success: true }))).resolves.toBeUndefined();
    await expect(sendVisit(visit, null, answer(422, { success: false, error: 'device: must be "mobile" or "desktop"' }))).rejects.toThrow('device: must be');
    await expect(sendVisit(visit, null, answer(401, { data: null, error: { message: 'Invalid token' } }))).rejects.toThrow('Invalid token');
    await expect(sendVisit(visit, null, answer(200, { success: false }))).rejects.toThrow('Failed to track visit');
  });
});

describe('startVisitTracking', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let stop = () => {};
  const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  beforeEach(() => {
    localStorage.clear();
    auth.signedIn = false;
    $authStatus.set('loading');
    $identity.set(null);
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no matchMedia: a desktop-sized window.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    window.history.replaceState(null, '', '/writory-wall?ref=mail');
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('sends nothing and stores no id without analytics consent', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(denied));
    stop = startVisitTracking(window);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(VISITOR_ID_KEY)).toBeNull();
  });

  it('sends one anonymous visit (path only, keepalive) with consent', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(granted));
    stop = startVisitTracking(window);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/track-visit-realtime');
    expect(init.keepalive).toBe(true);
    expect(new Headers(init.headers).get('authorization')).toBeNull();
    expect(sentBodies()[0]).toMatchObject({ userType: 'anonymous', pageVisited: '/writory-wall', userID: localStorage.getItem(VISITOR_ID_KEY) });
  });

  it('sends the visit when consent is given later on the page, and forgets the id when it is withdrawn', async () => {
    stop = startVisitTracking(window);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    saveConsent({ ...granted });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(VISITOR_ID_KEY)).toBeTruthy();
    saveConsent({ ...granted });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    saveConsent({ ...denied });
    expect(localStorage.getItem(VISITOR_ID_KEY)).toBeNull();
  });

  it('sends a signed-in visit with the ID token once sign-in has settled', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(granted));
    auth.signedIn = true;
    stop = startVisitTracking(window);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    $identity.set({ uid: 'poet-1', email: 'poet@writory.local', displayName: 'Asha' });
    $authStatus.set('signed-in');
    await settle();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer id-token');
    expect(sentBodies()[0]).toMatchObject({ userID: 'poet-1', userType: 'logged-in', email: 'poet@writory.local' });
    expect(localStorage.getItem(VISITOR_ID_KEY)).toBeNull();
  });
});
