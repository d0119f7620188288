import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';

export interface TokenVerifier {
  /** Resolves to the token's claims, or rejects for a missing, malformed, expired or foreign token. */
  verify(token: string): Promise<DecodedIdToken>;
  close(): Promise<void>;
}

let apps = 0;

/** How many verified tokens one instance remembers (about 1 KB each); the oldest go first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies Firebase ID tokens for FIREBASE_PROJECT_ID. Only the project id is needed: firebase-admin checks the
 * signature against Google's public keys. With FIREBASE_AUTH_EMULATOR_HOST set it accepts the emulator's unsigned
 * tokens, so that combination is refused in production here too (the config guard already refuses to start).
 */
export function createTokenVerifier(env: NodeJS.ProcessEnv = process.env): TokenVerifier {
  const app = initializeApp({ projectId: env.FIREBASE_PROJECT_ID || 'demo-writory' }, `writory-auth-${++apps}`);
  const auth = getAuth(app);
  const verify = rememberVerified((token) => auth.verifyIdToken(token));
  return {
    async verify(token) {
      if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
        throw new Error('Firebase Auth emulator tokens are refused in production');
      }
      return verify(token);
    },
    close: () => deleteApp(app),
  };
}

/**
 * A token verified once is trusted until it expires: the signature check (and, with the emulator, a request to
 * it) is paid once per token instead of once per request. A refused token is not remembered. Who the token's user
 * is now (role, suspension) comes from the user cache (user-cache.ts), dropped at every write to the user.
 */
export function rememberVerified(verify: (token: string) => Promise<DecodedIdToken>, { now = Date.now, kept = VERIFIED_TOKENS_KEPT } = {}) {
  const verified = new Map<string, Promise<DecodedIdToken>>();
  return async (token: string): Promise<DecodedIdToken> => {
    const known = verified.get(token);
    if (known) {
      const claims = await known;
      if (claims.exp * 1000 > now()) return claims;
      verified.delete(token);
    }
    const check = verify(token);
    verified.set(token, check);
    check.catch(() => verified.delete(token));
    while (verified.size > kept) verified.delete(verified.keys().next().value!);
    return check;
  };
}
