import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductUser } from '@writory/shared';

// The auth layer is stubbed: no Firebase, a fixed token, and a start that never reports a user.
vi.mock('../lib/firebase', () => ({
  currentIdToken: vi.fn(async () => 'token-abc'),
  loadFirebaseAuth: vi.fn(() => new Promise(() => {})),
  loadedFirebaseAuth: vi.fn(() => null),
}));

const { $identity } = await import('./auth');
const { $productUser, $productUserState, announceProfileUpdate, fallbackProductUser } = await import('./product-user');

const identity = {
  uid: 'uid-1',
  email: 'asha@writory.local',
  displayName: 'Asha G',
  phoneNumber: '+919000000101',
  emailVerified: true,
  photoURL: 'https://example.test/a.png',
};
const serverUser: ProductUser = {
  uid: 'uid-1',
  email: 'asha@writory.local',
  name: 'Asha Verse',
  phone: '+919000000101',
  profilePictureUrl: '/uploads/asha.webp',
  emailVerified: true,
  dateOfBirth: '2001-04-12',
  role: 'admin',
  isAdmin: true,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
let unsubscribe: () => void;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  $identity.set(null);
  unsubscribe = $productUser.listen(() => {}); // mounts the store, as an island would
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settled = () => vi.waitFor(() => expect($productUserState.get()).not.toBe('syncing'));

describe('product user store', () => {
  it('syncs with POST /api/users on sign-in, with the bearer token, the fields and x-email-verified', async () => {
    fetchMock.mockResolvedValue(json(serverUser));
    $identity.set(identity);
    await settled();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/users');
    expect(init.method).toBe('POST');
    const headers = init.headers as Headers;
    expect(headers.get('authorization')).toBe('Bearer token-abc');
    expect(headers.get('x-email-verified')).toBe('true');
    expect(JSON.parse(init.body)).toEqual({ uid: 'uid-1', email: 'asha@writory.local', name: 'Asha G', phone: '+919000000101' });
    expect($productUser.get()).toEqual(serverUser);
    expect($productUserState.get()).toBe('synced');
  });

  it.each([
    ['the server answers 500', () => fetchMock.mockResolvedValue(json({ error: { status: 500, name: 'Error', message: 'boom' } }, 500))],
    ['the network fails', () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))],
  ])('falls back to the identity fields when %s', async (_case, arrange) => {
    arrange();
    $identity.set(identity);
    await settled();
    expect($productUser.get()).toEqual(fallbackProductUser(identity));
    expect($productUser.get()).toMatchObject({ uid: 'uid-1', name: 'Asha G', phone: '+919000000101', isAdmin: false, role: 'authenticated' });
    expect($productUserState.get()).toBe('fallback');
  });

  it('is null when signed out', async () => {
    fetchMock.mockResolvedValue(json(serverUser));
    $identity.set(identity);
    await settled();
    $identity.set(null);
    expect($productUser.get()).toBeNull();
    expect($productUserState.get()).toBe('idle');
  });

  it('drops a sync answer that arrives after the user signed out', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    $identity.set(identity);
    $identity.set(null);
    answer(json(serverUser));
    await new Promise((r) => setTimeout(r, 10));
    expect($productUser.get()).toBeNull();
  });

  it('profileUpdated with a detail replaces the product user without a request', async () => {
    fetchMock.mockResolvedValue(json(serverUser));
    $identity.set(identity);
    await settled();
    fetchMock.mockClear();
    const updated = { ...serverUser, name: 'Asha V.', phone: '+919000000999' };
    announceProfileUpdate(updated);
    expect($productUser.get()).toEqual(updated);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('profileUpdated without a detail refetches GET /api/users/me', async () => {
    fetchMock.mockResolvedValue(json(serverUser));
    $identity.set(identity);
    await settled();
    const refetched = { ...serverUser, name: 'From the server' };
    fetchMock.mockReset().mockResolvedValue(json(refetched));
    window.dispatchEvent(new CustomEvent('profileUpdated'));
    await vi.waitFor(() => expect($productUser.get()).toEqual(refetched));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/users/me');
    expect((fetchMock.mock.calls[0][1].headers as Headers).get('authorization')).toBe('Bearer token-abc');
  });

  it('a failed refetch keeps the user it had', async () => {
    fetchMock.mockResolvedValue(json(serverUser));
    $identity.set(identity);
    await settled();
    fetchMock.mockReset().mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    window.dispatchEvent(new CustomEvent('profileUpdated'));
    await vi.waitFor(() => expect($productUserState.get()).toBe('fallback'));
    expect($productUser.get()).toEqual(serverUser);
  });
});
