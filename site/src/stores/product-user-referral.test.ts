import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// As in product-user.test.ts: no Firebase, a fixed token.
vi.mock('../lib/firebase', () => ({
  currentIdToken: vi.fn(async () => 'token-abc'),
  loadFirebaseAuth: vi.fn(() => new Promise(() => {})),
  loadedFirebaseAuth: vi.fn(() => null),
}));

const { $identity } = await import('./auth');
const { $productUser, $productUserState } = await import('./product-user');
const { keepReferralCode, keptReferralCode } = await import('../lib/referral-attribution');

const identity = { uid: 'uid-9', email: 'new@writory.local', displayName: null, phoneNumber: null, emailVerified: true, photoURL: null };
let fetchMock: ReturnType<typeof vi.fn>;
let unsubscribe: () => void;

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  $identity.set(null);
  unsubscribe = $productUser.listen(() => {});
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settled = () => vi.waitFor(() => expect($productUserState.get()).not.toBe('syncing'));

describe('a referral code kept from an invitation link', () => {
  it('goes with the first sync and is forgotten once the server has it', async () => {
    keepReferralCode('ABCD2345');
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ uid: 'uid-9', email: 'new@writory.local' }), { status: 200 }));
    $identity.set(identity);
    await settled();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({ uid: 'uid-9', referralCode: 'ABCD2345' });
    expect(keptReferralCode()).toBeNull();
  });

  it('stays for the next sync when the server could not be reached', async () => {
    keepReferralCode('ABCD2345');
    fetchMock.mockRejectedValue(new TypeError('offline'));
    $identity.set(identity);
    await settled();
    expect($productUserState.get()).toBe('fallback');
    expect(keptReferralCode()).toBe('ABCD2345');
  });
});
