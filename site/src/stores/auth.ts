// Identity: who is signed in with Firebase Authentication, and the actions that sign in, up and out.
// Firebase loads when anything subscribes to these atoms and someone may be signed in (the signed-in hint, or a
// redirect sign-in coming back); for a visitor the store says "signed out" at once and Firebase loads only when
// they start signing in (prepareSignIn, or any sign-in action). Identity itself is checked by the cms.
import { atom, onMount } from 'nanostores';
import type { User } from 'firebase/auth';
import { requestPasswordResetEmail, requestVerificationEmail } from '../api/auth-mail';
import { currentIdToken, firebaseSettings, loadFirebaseAuth, loadedFirebaseAuth, type FirebaseAuthKit } from '../lib/firebase';
import { authErrorCode } from '../lib/auth-errors';
import { mayBeSignedIn, REDIRECT_PENDING_KEY, SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from '../lib/signed-in-hint';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** The signed-in identity as the provider knows it (spec section 3). */
export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  phoneNumber: string | null;
  emailVerified: boolean;
  photoURL: string | null;
}

export const $authStatus = atom<AuthStatus>('loading');
export const $identity = atom<IdentityUser | null>(null);
/** The error code of a redirect sign-in that failed, found when the page started. */
export const $redirectErrorCode = atom<string | null>(null);
/** True from the moment logout starts: pages that send signed-out visitors elsewhere let logout lead. */
export const $loggingOut = atom(false);

/** Browser storage keys of the spec; the password key is only ever removed (we never store a password). */
export const STORAGE_KEYS = {
  demoSession: 'demo-session',
  signupEmail: 'signup_email',
  signupPassword: 'signup_password',
  pendingVerificationUid: 'pending_verification_uid',
} as const;
/** Set while someone is signed in: the header's account island hydrates at once, with a placeholder until Firebase starts. */
export { SIGNED_IN_HINT_KEY };

/** The signed-in user's ID token for `Authorization: Bearer`, or null when signed out. */
export const getIdToken = currentIdToken;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function toIdentity(user: User): IdentityUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    emailVerified: user.emailVerified,
    photoURL: user.photoURL,
  };
}

const sameIdentity = (a: IdentityUser | null, b: IdentityUser | null) =>
  a === b || (!!a && !!b && (Object.keys(a) as (keyof IdentityUser)[]).every((key) => a[key] === b[key]));

/** Sign-up signs the new account in and straight out again; listeners should not see that blink. */
let holdAuthState = false;

function publish(user: User | null) {
  const identity = user ? toIdentity(user) : null;
  if (!sameIdentity($identity.get(), identity)) $identity.set(identity);
  $authStatus.set(identity ? 'signed-in' : 'signed-out');
  const store = storage();
  if (store) {
    if (identity) store.setItem(SIGNED_IN_HINT_KEY, '1');
    else store.removeItem(SIGNED_IN_HINT_KEY);
    if (identity?.emailVerified && store.getItem(STORAGE_KEYS.pendingVerificationUid) === identity.uid) {
      store.removeItem(STORAGE_KEYS.pendingVerificationUid);
      store.removeItem(STORAGE_KEYS.signupEmail);
    }
  }
  // Islands that wait for a sign-in (the header's account corner, `client:signed-in`) hydrate now.
  if (identity) window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}

let following = false;

/** Follows the auth state of the loaded SDK (once), and checks the result of a redirect sign-in. */
function follow(kit: FirebaseAuthKit): FirebaseAuthKit {
  if (following) return kit;
  following = true;
  const { auth, sdk } = kit;
  sdk.onAuthStateChanged(auth, (user) => {
    if (!holdAuthState) publish(user);
  });
  sdk
    .getRedirectResult(auth)
    .catch((error: unknown) => $redirectErrorCode.set(authErrorCode(error) ?? 'auth/internal-error'))
    .finally(() => sessionStorageOrNull()?.removeItem(REDIRECT_PENDING_KEY));
  return kit;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

let kit: Promise<FirebaseAuthKit> | null = null;

/** Firebase, loaded once and followed by this store: every sign-in action goes through here. */
function loadAuth(): Promise<FirebaseAuthKit> {
  kit ??= loadFirebaseAuth().then(follow);
  kit.catch(() => {
    kit = null;
  });
  return kit;
}

let started: Promise<void> | null = null;

/**
 * Starts following the auth state (once) when someone may be signed in; a visitor is signed out at once, and
 * Firebase stays unloaded until they start signing in.
 */
export function startAuth(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  if (!started && !kit && !mayBeSignedIn()) {
    if ($authStatus.get() === 'loading') $authStatus.set('signed-out');
    return Promise.resolve();
  }
  started ??= loadAuth().then(
    () => undefined,
    (error: unknown) => {
      console.error('Sign-in could not start', error);
      publish(null);
    },
  );
  return started;
}

/**
 * Loads Firebase ahead of a sign-in (the /auth form's first focus or touch), so that a Google popup can open inside
 * the click that asks for it. Safe to call any number of times.
 */
export function prepareSignIn(): void {
  if (typeof window === 'undefined') return;
  loadAuth().catch(() => undefined); // a failed load is tried again, and reported, by the sign-in itself
}

onMount($authStatus, () => void startAuth());
onMount($identity, () => void startAuth());
// A sign-in in another tab sets the hint: this tab, which said "signed out" without Firebase, starts it now.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SIGNED_IN_HINT_KEY && event.newValue === '1') void startAuth();
  });
}

/** True when the last page saw someone signed in: a hint for placeholders, never for decisions. */
export function wasSignedIn(): boolean {
  return storage()?.getItem(SIGNED_IN_HINT_KEY) === '1';
}

function googleProvider({ sdk }: FirebaseAuthKit) {
  const provider = new sdk.GoogleAuthProvider();
  provider.addScope('email');
  provider.addScope('profile');
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/**
 * Google sign-in in a popup. Not async on purpose: when Firebase is already loaded the popup opens
 * inside the click that asked for it, which is what keeps browsers from blocking it.
 */
export function signInWithGoogle(): Promise<IdentityUser> {
  const open = (kit: FirebaseAuthKit) => kit.sdk.signInWithPopup(kit.auth, googleProvider(kit)).then((result) => toIdentity(result.user));
  const loaded = loadedFirebaseAuth();
  return loaded ? open(follow(loaded)) : loadAuth().then(open);
}

/** Google sign-in in this window, for when popups are blocked; the result is read by startAuth(). */
export async function signInWithGoogleRedirect(): Promise<void> {
  const loaded = await loadAuth();
  sessionStorageOrNull()?.setItem(REDIRECT_PENDING_KEY, '1');
  try {
    await loaded.sdk.signInWithRedirect(loaded.auth, googleProvider(loaded));
  } catch (error) {
    sessionStorageOrNull()?.removeItem(REDIRECT_PENDING_KEY);
    throw error;
  }
}

export async function signInWithEmail(email: string, password: string): Promise<IdentityUser> {
  const { auth, sdk } = await loadAuth();
  const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
  return toIdentity(user);
}

/**
 * Creates the account, remembers the email and the pending uid (never the password), sends the
 * verification email and signs out at once: the poet signs in after verifying.
 */
export async function signUpWithEmail(email: string, password: string): Promise<{ verificationSent: boolean }> {
  const { auth, sdk } = await loadAuth();
  holdAuthState = true;
  try {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
    storage()?.setItem(STORAGE_KEYS.signupEmail, email);
    storage()?.setItem(STORAGE_KEYS.pendingVerificationUid, user.uid);
    let verificationSent = true;
    try {
      await requestVerificationEmail(await user.getIdToken());
    } catch (error) {
      console.error('Could not send the verification email', error);
      verificationSent = false;
    }
    await sdk.signOut(auth);
    return { verificationSent };
  } finally {
    holdAuthState = false;
    publish(auth.currentUser);
  }
}

/** Sends a new verification email to the signed-in user. */
export async function resendVerificationEmail(): Promise<void> {
  const { auth } = await loadFirebaseAuth();
  if (!auth.currentUser) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });
  await requestVerificationEmail(await auth.currentUser.getIdToken());
}

/** Re-reads the signed-in user from the provider (e.g. after the email was verified elsewhere). */
export async function refreshIdentity(): Promise<void> {
  const { auth } = await loadFirebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) return;
  await auth.currentUser.reload();
  publish(auth.currentUser);
}

/** The Auth REST API calls of the email links' pages, loaded by those pages only (every page imports this store). */
const authRest = () => import('../lib/auth-rest');

/**
 * Applies the code of a verification link (the Auth REST API: no Firebase for a visitor); returns the verified email.
 * Someone signed in on this browser sees their account verified at once.
 */
export async function applyEmailVerification(oobCode: string): Promise<string | null> {
  const email = await (await authRest()).applyVerificationCode(firebaseSettings(), oobCode);
  if (mayBeSignedIn()) await refreshIdentity().catch(() => undefined);
  return email;
}

/**
 * Asks the cms to email a password reset link. An unknown address gets the same answer as a known one, so the
 * form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await requestPasswordResetEmail(email);
}

/** Checks a reset code and returns the email it is for (the Auth REST API: no Firebase on the reset page). */
export async function verifyResetCode(oobCode: string): Promise<string> {
  return (await authRest()).checkResetCode(firebaseSettings(), oobCode);
}

/** Sets the new password with a reset code (the Auth REST API). */
export async function confirmNewPassword(oobCode: string, password: string): Promise<void> {
  await (await authRest()).resetPasswordWithCode(firebaseSettings(), oobCode, password);
}

/**
 * Logout (spec section 4): clears the demo-session and sign-up keys, clears the user (the product
 * user store follows), signs out and goes to the root. A failed sign-out is logged and changes nothing else.
 */
export async function logout(navigate: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  $loggingOut.set(true);
  const store = storage();
  for (const key of [...Object.values(STORAGE_KEYS), SIGNED_IN_HINT_KEY]) store?.removeItem(key);
  $identity.set(null);
  $authStatus.set('signed-out');
  try {
    const { auth, sdk } = await loadFirebaseAuth();
    await sdk.signOut(auth);
  } catch (error) {
    console.error('Sign-out failed', error);
  }
  navigate('/');
}
