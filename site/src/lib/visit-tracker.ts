// Runs visit tracking on a page: after the page has loaded and the browser is idle, and only with analytics
// consent (also when it is given later on the same page). Nothing here delays the first paint.
import { savedConsent, type Consent } from '../stores/consent';
import { $authStatus, $identity, getIdToken, wasSignedIn } from '../stores/auth';
import { sendVisit } from '../api/track-visit';
import { anonymousVisitorId, deviceOf, forgetAnonymousVisitor, visitFor, type SignedInVisitor } from './visit-tracking';

const AUTH_WAIT_MS = 10_000;

/** The signed-in visitor, waiting for sign-in to settle only when the last page saw someone signed in. */
async function signedInVisitor(): Promise<SignedInVisitor | null> {
  if (!wasSignedIn()) return null;
  const status = await new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('loading'), AUTH_WAIT_MS);
    const unsubscribe = $authStatus.subscribe((value) => {
      if (value === 'loading') return;
      clearTimeout(timer);
      queueMicrotask(() => unsubscribe());
      resolve(value);
    });
  });
  const identity = $identity.get();
  if (status !== 'signed-in' || !identity) return null;
  const token = await getIdToken();
  return token ? { uid: identity.uid, email: identity.email, name: identity.displayName, token } : null;
}

function whenIdle(win: Window, task: () => void) {
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(task, { timeout: 5000 }) : win.setTimeout(task, 1));
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/**
 * Tracks this page view once, now or as soon as analytics consent is given; forgets the id when it is withdrawn.
 * Returns a function that stops listening for consent changes.
 */
export function startVisitTracking(win: Window = window): () => void {
  let sent = false;
  const storage = win.localStorage;
  const run = async (consent: Consent | null) => {
    if (consent?.analytics_storage !== 'granted') {
      forgetAnonymousVisitor(storage);
      return;
    }
    if (sent) return;
    sent = true;
    try {
      const visitor = await signedInVisitor();
      const visit = visitFor({
        path: win.location.pathname,
        device: deviceOf((query) => win.matchMedia(query)),
        now: new Date(),
        visitor,
        anonymousId: () => anonymousVisitorId(storage),
      });
      if (visit) await sendVisit(visit, visitor?.token ?? null);
    } catch (error) {
      console.warn('Visit not tracked', error);
    }
  };
  const onConsent = (event: Event) => void run((event as CustomEvent<Consent>).detail);
  win.addEventListener('writory:consent', onConsent);
  whenIdle(win, () => void run(savedConsent(storage)));
  return () => win.removeEventListener('writory:consent', onConsent);
}
