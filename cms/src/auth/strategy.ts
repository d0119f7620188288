import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { forbidden } from '../lib/api-error';
import { msg, preferLocale } from '../lib/messages';
import { abilitiesOf } from './abilities';
import type { TokenVerifier } from './firebase';
import { FIREBASE_STRATEGY } from './routes';
import { userCacheOf } from './user-cache';
import { databaseListener, isPostgres } from '../lib/database-listener';
import type { UserRow } from '../api/user/repository';
import { getService } from '../services';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** The spec's `user-uid` and `x-user-email` headers grant nothing; one that names someone else is refused. */
function refuseMismatchedHeaders(headers: Record<string, string | string[] | undefined>, claims: DecodedIdToken) {
  const uid = headerValue(headers['user-uid']);
  if (uid !== undefined && uid !== claims.uid) {
    throw forbidden(msg('auth.uidHeaderMismatch'));
  }
  const email = headerValue(headers['x-user-email'])?.toLowerCase();
  if (email !== undefined && claims.email && email !== claims.email.toLowerCase()) {
    throw forbidden(msg('auth.emailHeaderMismatch'));
  }
}

/**
 * Content-API auth strategy: `Authorization: Bearer <Firebase ID token>` → the users-permissions user and an
 * ability built from its role, checked against the route's scope in verify() the way users-permissions does. The
 * verified token, the user and the role's ability are each cached, and dropped when what they come from changes.
 */
export function createFirebaseStrategy(strapi: Core.Strapi, verifier: TokenVerifier) {
  const abilities = abilitiesOf(strapi);
  const users = userCacheOf<UserRow>(strapi);
  const shared = isPostgres(strapi);
  return {
    name: FIREBASE_STRATEGY,

    async authenticate(ctx: Context) {
      const header = headerValue(ctx.request.header.authorization);
      if (!header) return { authenticated: false };
      const token = BEARER.exec(header)?.[1];
      if (!token) return { error: 'Malformed Authorization header: send "Bearer <Firebase ID token>".' };
      let claims: DecodedIdToken;
      try {
        claims = await verifier.verify(token);
      } catch {
        return { error: 'Invalid or expired Firebase ID token.' };
      }
      refuseMismatchedHeaders(ctx.request.header, claims);
      // Another instance's drop (a suspension, a role) committed before this request may not have reached this
      // instance yet (its listening backend or this event loop still busy): hear it before a remembered user is
      // trusted; not listening, nothing remembered is.
      if (shared && !(await databaseListener(strapi).caughtUp())) users.clear();
      // One read of the user per token (auth/user-cache.ts); each request gets its own copy of the row.
      const user = { ...(await users.get(token, () => getService(strapi, 'api::user.user').identify(claims))) };
      const ability = await abilities.forRole(user.role!.id);
      ctx.state.user = user;
      // From here on this request is answered in the language the person chose on their profile.
      preferLocale(user.preferredLocale);
      return { authenticated: true, credentials: user, ability };
    },

    verify: verifyScope,
  };
}

/** The route's scope checked against the caller's ability, the way users-permissions does. */
function verifyScope(auth: { credentials?: unknown; ability?: { can(action: string): boolean } | null }, config: { scope?: string | string[] }) {
  const { credentials: user, ability } = auth;
  if (!config.scope) {
    if (!user) throw new errors.UnauthorizedError();
    return;
  }
  if (!ability) throw new errors.UnauthorizedError();
  const scopes = Array.isArray(config.scope) ? config.scope : [config.scope];
  if (!scopes.every((scope) => ability.can(scope))) throw new errors.ForbiddenError();
}

/**
 * Takes the place of the users-permissions plugin's strategy (src/extensions/users-permissions/strapi-server.ts),
 * which also accepted the plugin's own JWTs. A request without an Authorization header gets the Public role's
 * ability, as before; one with a header is left to the Firebase strategy, so a token that is not a valid Firebase
 * ID token is a 401 on every route, whoever it names.
 */
export function createVisitorPermissionsStrategy(strapi: Core.Strapi) {
  const abilities = abilitiesOf(strapi);
  return {
    name: 'users-permissions',

    async authenticate(ctx: Context) {
      if (headerValue(ctx.request.header.authorization)) return { authenticated: false };
      const ability = await abilities.forVisitor();
      if (!ability) return { authenticated: false };
      return { authenticated: true, credentials: null, ability };
    },

    verify: verifyScope,
  };
}
