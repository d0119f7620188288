// Checks the auth forms make before asking the provider, so a typo gets an answer at once.
import { sameOriginPath } from '@writory/shared';
import type { MessageKey } from '../i18n/en';

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CredentialInput {
  email?: string;
  password?: string;
  confirm?: string;
}
export type CredentialErrors = Partial<Record<keyof CredentialInput, MessageKey>>;

export function emailProblem(email: string | undefined): MessageKey | undefined {
  const value = email?.trim() ?? '';
  if (!value) return 'validation.emailRequired';
  if (!EMAIL.test(value)) return 'validation.emailInvalid';
  return undefined;
}

/**
 * 'signin' needs an email and a password; 'signup' and 'new-password' need a long enough password typed
 * twice ('new-password' has no email field); 'reset' needs only the email.
 */
export function credentialProblems(kind: 'signin' | 'signup' | 'reset' | 'new-password', input: CredentialInput): CredentialErrors {
  const errors: CredentialErrors = {};
  if (kind !== 'new-password') {
    const email = emailProblem(input.email);
    if (email) errors.email = email;
  }
  if (kind === 'reset') return errors;
  const password = input.password ?? '';
  if (!password) errors.password = 'validation.passwordRequired';
  else if (kind !== 'signin' && password.length < MIN_PASSWORD_LENGTH) errors.password = 'validation.passwordShort';
  if (kind !== 'signin' && !errors.password && password !== (input.confirm ?? '')) errors.confirm = 'validation.passwordMismatch';
  return errors;
}

/**
 * Where to go after signing in: `next` when it is a path on this site (sameOriginPath's rule, resolved against
 * `origin` as the browser will); anything else (other sites, "//host", "/\t/host") becomes "/".
 */
export function safeNextPath(raw: string | null | undefined, origin: string = window.location.origin): string {
  return sameOriginPath(raw, origin) ?? '/';
}
