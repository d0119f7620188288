// Plain-words messages, each with a next step, for the identity provider's error codes (Firebase "auth/…" codes),
// for a browser that is offline, and for the cms's answers on the sign-in pages (the verification and reset emails).
import { t } from '../i18n/t';
import type { MessageKey } from '../i18n/en';
import { apiErrorBody } from './api';

const MESSAGE_KEYS: Record<string, MessageKey> = {
  'auth/popup-blocked': 'authError.popupBlocked',
  'auth/popup-closed-by-user': 'authError.popupClosed',
  'auth/cancelled-popup-request': 'authError.popupClosed',
  'auth/unauthorized-domain': 'authError.unauthorizedDomain',
  'auth/network-request-failed': 'authError.network',
  'auth/timeout': 'authError.network',
  'auth/internal-error': 'authError.internal',
  'auth/web-storage-unsupported': 'authError.storage',
  'auth/operation-not-supported-in-this-environment': 'authError.storage',
  'auth/password-does-not-meet-requirements': 'authError.passwordRequirements',
  'auth/weak-password': 'authError.weakPassword',
  'auth/user-mismatch': 'authError.userMismatch',
  'auth/wrong-password': 'authError.wrongCredentials',
  'auth/invalid-credential': 'authError.wrongCredentials',
  'auth/invalid-login-credentials': 'authError.wrongCredentials',
  'auth/user-not-found': 'authError.userNotFound',
  'auth/email-already-in-use': 'authError.emailInUse',
  'auth/too-many-requests': 'authError.tooManyRequests',
  'auth/invalid-email': 'authError.invalidEmail',
  'auth/missing-email': 'authError.invalidEmail',
  'auth/missing-password': 'authError.missingPassword',
  'auth/user-disabled': 'authError.userDisabled',
  'auth/expired-action-code': 'authError.expiredLink',
  'auth/invalid-action-code': 'authError.invalidLink',
  'auth/requires-recent-login': 'authError.recentLogin',
  'auth/operation-not-allowed': 'authError.notAllowed',
  'auth/account-exists-with-different-credential': 'authError.differentCredential',
};

/** The "auth/…" code of a Firebase error, or undefined for anything else. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The requirements a password policy reports as missing. Firebase puts them in the message:
 * "Missing password requirements: [Password must contain at least 8 characters, …]".
 */
export function missingPasswordRequirements(providerMessage: string | undefined): string[] {
  const list = providerMessage?.match(/\[([^\]]+)\]/)?.[1];
  return list
    ? list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
}

/** A message a poet can act on, for a provider code; the provider's own text adds policy details. */
export function authErrorMessage(code: string | undefined, providerMessage?: string): string {
  const key = (code && MESSAGE_KEYS[code]) || 'authError.unknown';
  const message = t(key);
  if (code !== 'auth/password-does-not-meet-requirements') return message;
  const missing = missingPasswordRequirements(providerMessage);
  return missing.length ? `${message} ${t('authError.passwordMissing', { list: missing.join('; ') })}` : message;
}

/** True for a failed fetch or a script that could not load: what a browser throws when the network is gone. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load/i.test(error.message);
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * authErrorMessage for a caught error of any kind: offline says so whatever the provider reported, the cms's
 * refusals (a 429 with its wait, a 409) keep their own words, and a network failure reads as one.
 */
export function messageForAuthError(error: unknown): string {
  if (isOffline()) return t('authError.offline');
  const fromServer = apiErrorBody(error)?.message;
  if (fromServer) return fromServer;
  if (!authErrorCode(error) && isNetworkFailure(error)) return t('authError.network');
  return authErrorMessage(authErrorCode(error), (error as { message?: string } | null)?.message);
}
