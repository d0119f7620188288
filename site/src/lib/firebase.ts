// Firebase Authentication, loaded only when something asks for it: firebase/app and firebase/auth are
// dynamic imports, so no page waits for them before its first paint. Every caller shares one instance. A visitor
// (no signed-in hint, no redirect sign-in coming back) never loads it: their requests carry no token.
import type { Auth } from 'firebase/auth';
import { mayBeSignedIn } from './signed-in-hint';

export type AuthSdk = typeof import('firebase/auth');
export interface FirebaseAuthKit {
  auth: Auth;
  sdk: AuthSdk;
}

export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** http://127.0.0.1:<port> of the Auth emulator, or null for the real service. */
  emulatorUrl: string | null;
}

/** Reads the PUBLIC_FIREBASE_* build settings; `astro dev` without them talks to the dev emulator. */
export function firebaseSettings(env: Record<string, string | boolean | undefined> = import.meta.env): FirebaseSettings {
  const text = (key: string) => (typeof env[key] === 'string' && env[key] ? (env[key] as string) : undefined);
  const dev = env.DEV === true;
  const projectId = text('PUBLIC_FIREBASE_PROJECT_ID') ?? 'demo-writory';
  return {
    projectId,
    apiKey: text('PUBLIC_FIREBASE_API_KEY') ?? 'demo-api-key',
    authDomain: text('PUBLIC_FIREBASE_AUTH_DOMAIN') ?? 'localhost',
    emulatorUrl: text('PUBLIC_FIREBASE_AUTH_EMULATOR_URL') ?? (dev && projectId.startsWith('demo-') ? 'http://127.0.0.1:9099' : null),
  };
}

let loading: Promise<FirebaseAuthKit> | null = null;
let loaded: FirebaseAuthKit | null = null;

/** The shared Auth instance; the first call downloads and starts the SDK. */
export function loadFirebaseAuth(): Promise<FirebaseAuthKit> {
  loading ??= (async () => {
    const [{ getApps, initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const settings = firebaseSettings();
    const app = getApps()[0] ?? initializeApp({ apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId });
    const auth = sdk.initializeAuth(app, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
      popupRedirectResolver: sdk.browserPopupRedirectResolver,
    });
    if (settings.emulatorUrl) sdk.connectAuthEmulator(auth, settings.emulatorUrl, { disableWarnings: true });
    loaded = { auth, sdk };
    return loaded;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The kit if it is already loaded. A Google popup must open inside the click that asked for it
 * (browsers block popups opened after a wait), so that path calls the SDK synchronously when it can.
 */
export function loadedFirebaseAuth(): FirebaseAuthKit | null {
  return loaded;
}

/**
 * The signed-in user's ID token (refreshed by the SDK when it is about to expire), or null when signed out. A visitor
 * gets null at once, without loading Firebase; once someone starts signing in (Firebase loading), it waits for them.
 */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  if (!loading && !mayBeSignedIn()) return null;
  const { auth } = await loadFirebaseAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
}
