import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fake Firebase Auth: just the calls the store makes.
const fake = vi.hoisted(() => {
  const state = { currentUser: null as null | Record<string, unknown>, listener: null as null | ((user: unknown) => void) };
  const user = (uid: string, email: string, emailVerified = false) => ({
    uid,
    email,
    emailVerified,
    displayName: null,
    phoneNumber: null,
    photoURL: null,
    getIdToken: async () => `token-of-${uid}`,
  });
  const sdk = {
    onAuthStateChanged: vi.fn((_auth: unknown, listener: (user: unknown) => void) => {
      state.listener = listener;
      listener(state.currentUser);
    }),
    getRedirectResult: vi.fn(async () => null),
    createUserWithEmailAndPassword: vi.fn(async (_auth: unknown, email: string) => {
      state.currentUser = user('new-uid', email);
      state.listener?.(state.currentUser);
      return { user: state.currentUser };
    }),
    signOut: vi.fn(async () => {
      state.currentUser = null;
      state.listener?.(null);
    }),
  };
  const auth = {
    get currentUser() {
      return state.currentUser;
    },
  };
  return { state, sdk, auth, user };
});
vi.mock('../lib/firebase', () => ({
  loadFirebaseAuth: vi.fn(async () => ({ auth: fake.auth, sdk: fake.sdk })),
  loadedFirebaseAuth: vi.fn(() => ({ auth: fake.auth, sdk: fake.sdk })),
  currentIdToken: vi.fn(async () => null),
}));

const { SIGNED_IN_EVENT } = await import('../lib/signed-in-hint');
const { $authStatus, $identity, STORAGE_KEYS, SIGNED_IN_HINT_KEY, logout, signUpWithEmail, startAuth } = await import('./auth');

beforeEach(async () => {
  localStorage.clear();
  fake.state.currentUser = null;
  // Someone was signed in on the last page: the store starts (fake) Firebase and follows it.
  localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
  await startAuth();
});
afterEach(() => vi.restoreAllMocks());

describe('auth store', () => {
  it('follows the provider: signed in, then signed out', () => {
    let announced = 0;
    const listener = () => (announced += 1);
    window.addEventListener(SIGNED_IN_EVENT, listener);
    fake.state.listener?.(fake.user('u1', 'asha@writory.local', true));
    expect(announced).toBe(1);
    expect($authStatus.get()).toBe('signed-in');
    expect($identity.get()).toMatchObject({ uid: 'u1', email: 'asha@writory.local', emailVerified: true });
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    fake.state.listener?.(null);
    expect($authStatus.get()).toBe('signed-out');
    expect($identity.get()).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
    window.removeEventListener(SIGNED_IN_EVENT, listener);
    expect(announced).toBe(1);
  });

  it('sign-up keeps the email and pending uid, never the password, sends the verification and signs out unseen', async () => {
    const seen: string[] = [];
    const stop = $authStatus.listen((status) => seen.push(status));
    const sent = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ sent: true, email: 'new@writory.local' }));
    const result = await signUpWithEmail('new@writory.local', 'secret-password-1');
    stop();
    expect(result).toEqual({ verificationSent: true });
    // Writory's own email, asked of the cms as the new account (before it is signed out).
    const [path, init] = sent.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/auth-mail/verification');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-of-new-uid');
    expect(fake.sdk.signOut).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.signupEmail)).toBe('new@writory.local');
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationUid)).toBe('new-uid');
    expect(Object.values({ ...localStorage })).not.toContain('secret-password-1');
    expect(seen).not.toContain('signed-in');
    expect($authStatus.get()).toBe('signed-out');
  });

  it('sign-up still signs out, and says the email was not sent, when the cms refuses to send it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ error: { message: 'Try again in 60 s.' } }, { status: 429 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await signUpWithEmail('later@writory.local', 'secret-password-1')).toEqual({ verificationSent: false });
    expect(fake.sdk.signOut).toHaveBeenCalled();
    expect($authStatus.get()).toBe('signed-out');
  });

  it('signing in verified forgets the pending sign-up', () => {
    localStorage.setItem(STORAGE_KEYS.signupEmail, 'new@writory.local');
    localStorage.setItem(STORAGE_KEYS.pendingVerificationUid, 'new-uid');
    fake.state.listener?.(fake.user('new-uid', 'new@writory.local', true));
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationUid)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.signupEmail)).toBeNull();
  });

  it('logout clears the keys and the user, signs out and goes to the root', async () => {
    fake.state.listener?.(fake.user('u1', 'asha@writory.local', true));
    for (const key of Object.values(STORAGE_KEYS)) localStorage.setItem(key, 'x');
    localStorage.setItem('writory-cookie-consent', '{}');
    const navigate = vi.fn();
    await logout(navigate);
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('writory-cookie-consent')).toBe('{}');
    expect($identity.get()).toBeNull();
    expect($authStatus.get()).toBe('signed-out');
    expect(fake.sdk.signOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('logout still clears everything and goes to the root when sign-out fails, and logs the error', async () => {
    fake.state.listener?.(fake.user('u1', 'asha@writory.local', true));
    localStorage.setItem('demo-session', 'x');
    const failure = new Error('network down');
    fake.sdk.signOut.mockRejectedValueOnce(failure);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    await logout(navigate);
    expect(logged).toHaveBeenCalledWith(expect.any(String), failure);
    expect(localStorage.getItem('demo-session')).toBeNull();
    expect($identity.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
