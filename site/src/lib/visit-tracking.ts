// Visit tracking (spec: "Visit record"): one visit (sendVisit in api/track-visit.ts) per page view, only with analytics
// consent. Pure helpers here; lib/visit-tracker.ts runs them in the browser after the page has loaded.
import { isAdminPath, type TrackVisitBody, type VisitDevice } from '@writory/shared';

/** The anonymous visitor id: written only with analytics consent, removed when consent is withdrawn. */
export const VISITOR_ID_KEY = 'writory-visitor-id';
/** The spec's mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 768px)';

export interface SignedInVisitor {
  uid: string;
  email: string | null;
  name: string | null;
  token: string;
}

export function deviceOf(matchMedia: (query: string) => { matches: boolean }): VisitDevice {
  return matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

/** This browser's anonymous id, created on first use. Call only with analytics consent. */
export function anonymousVisitorId(storage: Storage, newId: () => string = () => crypto.randomUUID()): string {
  const existing = storage.getItem(VISITOR_ID_KEY);
  if (existing && /^[A-Za-z0-9_-]{8,128}$/.test(existing)) return existing;
  const id = newId();
  storage.setItem(VISITOR_ID_KEY, id);
  return id;
}

export function forgetAnonymousVisitor(storage: Storage): void {
  storage.removeItem(VISITOR_ID_KEY);
}

/**
 * The visit to send for this page view, or null when none may be sent: an anonymous visitor on an admin page
 * (spec: admin pages are not tracked for anonymous visitors). Only the path is sent, never its query.
 */
export function visitFor(input: {
  path: string;
  device: VisitDevice;
  now: Date;
  visitor: SignedInVisitor | null;
  anonymousId: () => string;
}): TrackVisitBody | null {
  const { path, device, now, visitor } = input;
  if (visitor) {
    return {
      userID: visitor.uid,
      userType: 'logged-in',
      pageVisited: path,
      timestamp: now.toISOString(),
      email: visitor.email,
      username: visitor.name,
      device,
    };
  }
  if (isAdminPath(path)) return null;
  return { userID: input.anonymousId(), userType: 'anonymous', pageVisited: path, timestamp: now.toISOString(), email: null, username: null, device };
}
