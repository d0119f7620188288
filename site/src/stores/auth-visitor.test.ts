import { beforeEach, describe, expect, it, vi } from 'vitest';

// The real lib/firebase.ts over a fake SDK: the fake counts every time a page starts Firebase.
const sdk = vi.hoisted(() => ({
  started: 0,
  listener: null as null | ((user: unknown) => void),
  currentUser: null as null | Record<string, unknown>,
}));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: () => ({}) }));
vi.mock('firebase/auth', () => {
  const auth = {
    get currentUser() {
      return sdk.currentUser;
    },
    authStateReady: async () => undefined,
  };
  return {
    initializeAuth: () => {
      sdk.started += 1;
      return auth;
    },
    connectAuthEmulator: () => undefined,
    indexedDBLocalPersistence: {},
    browserLocalPersistence: {},
    browserPopupRedirectResolver: {},
    onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
      sdk.listener = listener;
      queueMicrotask(() => listener(sdk.currentUser));
    },
    getRedirectResult: async () => null,
  };
});

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  sdk.started = 0;
  sdk.currentUser = null;
});

// The first import of the store compiles it: slow on a busy machine.
describe('auth store for a visitor (issue 39)', { timeout: 30_000 }, () => {
  it('says "signed out" at once, and neither it nor a request to the cms loads Firebase', async () => {
    const { $authStatus } = await import('./auth');
    const { currentIdToken } = await import('../lib/firebase');
    const seen: string[] = [];
    const stop = $authStatus.subscribe((status) => seen.push(status));
    expect($authStatus.get()).toBe('signed-out');
    await expect(currentIdToken()).resolves.toBeNull();
    stop();
    expect(seen).not.toContain('signed-in');
    expect(sdk.started).toBe(0);
  });

  it('loads Firebase when the visitor starts signing in', async () => {
    const { prepareSignIn, startAuth } = await import('./auth');
    prepareSignIn();
    await startAuth();
    expect(sdk.started).toBe(1);
  });

  it('starts Firebase at load when the last page saw someone signed in, and gives their token', async () => {
    localStorage.setItem('writory-signed-in', '1');
    sdk.currentUser = { uid: 'u1', email: 'asha@writory.local', emailVerified: true, getIdToken: async () => 'token-of-u1' };
    const { $authStatus, startAuth } = await import('./auth');
    const { currentIdToken } = await import('../lib/firebase');
    const stop = $authStatus.listen(() => undefined);
    await startAuth();
    await vi.waitFor(() => expect($authStatus.get()).toBe('signed-in'));
    await expect(currentIdToken()).resolves.toBe('token-of-u1');
    stop();
    expect(sdk.started).toBe(1);
  });

  it('starts Firebase when someone signs in in another tab', async () => {
    const { $authStatus } = await import('./auth');
    const stop = $authStatus.listen(() => undefined);
    expect(sdk.started).toBe(0);
    localStorage.setItem('writory-signed-in', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'writory-signed-in', newValue: '1' }));
    // (the earlier tests' copies of the store, left by resetModules, hear the event too: at least this one starts it)
    await vi.waitFor(() => expect(sdk.started).toBeGreaterThan(0));
    stop();
  });

  it('starts Firebase at load when a redirect sign-in is coming back', async () => {
    sessionStorage.setItem('writory-redirect-sign-in', '1');
    const { startAuth } = await import('./auth');
    await startAuth();
    expect(sdk.started).toBe(1);
    await vi.waitFor(() => expect(sessionStorage.getItem('writory-redirect-sign-in')).toBeNull());
  });
});
