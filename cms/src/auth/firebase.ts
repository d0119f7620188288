import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';

export interface TokenVerifier {
  /** Resolves to the token's claims, or rejects for a missing, malformed, expired or foreign token. */
  verify(token: string): Promise<DecodedIdToken>;
  close(): Promise<void>;
}

let apps = 0;

/**
 * Verifies Firebase ID tokens for FIREBASE_PROJECT_ID. Only the project id is needed: firebase-admin checks the
 * signature against Google's public keys. With FIREBASE_AUTH_EMULATOR_HOST set it accepts the emulator's unsigned
 * tokens, so that combination is refused in production here too (the config guard already refuses to start).
 */
export function createTokenVerifier(env: NodeJS.ProcessEnv = process.env): TokenVerifier {
  const app = initializeApp({ projectId: env.FIREBASE_PROJECT_ID || 'demo-writory' }, `writory-auth-${++apps}`);
  const auth = getAuth(app);
  return {
    async verify(token) {
      if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
        throw new Error('Firebase Auth emulator tokens are refused in production');
      }
      return auth.verifyIdToken(token);
    },
    close: () => deleteApp(app),
  };
}
