import type { RoleType } from '@writory/shared';

export const FIREBASE_STRATEGY = 'firebase';
export const SIGNED_IN_ROLES: readonly RoleType[] = ['authenticated', 'judge', 'moderator', 'admin'];

type PolicyConfig = string | { name: string; config?: Record<string, unknown> };

/**
 * Route config for a route that needs a signed-in Firebase user: 401 without a valid ID token, 403 when the
 * user's role is not in `roles` (default: every signed-in role). At boot the route's action is granted to
 * those roles in users-permissions (see ./permissions.ts), so nothing needs ticking in the admin panel.
 *
 *   { method: 'GET', path: '/admin/things', handler: 'thing.list', config: signedIn({ roles: ['admin'] }) }
 */
export function signedIn(options: { roles?: RoleType[]; policies?: PolicyConfig[]; middlewares?: unknown[] } = {}) {
  const { roles, policies = [], middlewares } = options;
  return {
    auth: { strategies: [FIREBASE_STRATEGY] },
    policies: [...(roles ? [{ name: 'global::has-role', config: { roles } }] : []), ...policies],
    ...(middlewares ? { middlewares } : {}),
  };
}

/** Lets a request without an Authorization header through as a visitor (no ctx.state.user). */
const VISITOR_STRATEGY = {
  name: 'visitor',
  authenticate: () => ({ authenticated: true, credentials: null, ability: null }),
  verify: () => undefined,
};

/**
 * Route config for a public route that also wants to know a signed-in caller: with a Bearer token the Firebase
 * strategy identifies the user (a bad or expired token is still 401, a suspended user 403); without one the
 * request goes on as a visitor.
 */
export function signedInOrVisitor() {
  return { auth: { strategies: [FIREBASE_STRATEGY, VISITOR_STRATEGY] } };
}
