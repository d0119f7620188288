// The "someone is signed in" hint shared by the auth store and the `client:signed-in` directive, kept apart from the
// store so the directive (inlined into every page) carries nothing else.

/** localStorage key set while someone is signed in, so the header can prepare before Firebase starts. */
export const SIGNED_IN_HINT_KEY = 'writory-signed-in';
/** Window event dispatched when someone signs in on this page. */
export const SIGNED_IN_EVENT = 'writory:signed-in';
/** sessionStorage key set just before a Google sign-in leaves for the redirect, so the page it returns to reads the result. */
export const REDIRECT_PENDING_KEY = 'writory-redirect-sign-in';

/**
 * True when someone may be signed in on this browser: the signed-in hint, or a redirect sign-in on its way back. Only
 * then does a page start Firebase at load; a visitor is signed out at once and fetches none of it (issue 39).
 */
export function mayBeSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1' || sessionStorage.getItem(REDIRECT_PENDING_KEY) === '1';
  } catch {
    return false;
  }
}
