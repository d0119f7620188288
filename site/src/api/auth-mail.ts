// The cms's own account emails (/api/auth-mail/*): Writory's verification and password reset messages.
import { apiFetch, jsonBody } from '../lib/api';

/**
 * Emails a verification link to the account of this ID token (a fresh sign-up is not the signed-in user yet, so
 * the token is passed in). A 409 means the address is already verified, a 429 says when to try again.
 */
export const requestVerificationEmail = (idToken: string) =>
  apiFetch<{ sent: true; email: string }>('/api/auth-mail/verification', { method: 'POST', headers: { authorization: `Bearer ${idToken}` }, ...jsonBody({}) });

/** Emails a password reset link; an unknown address gets the same answer as a known one. */
export const requestPasswordResetEmail = (email: string) => apiFetch<unknown>('/api/auth-mail/password-reset', { method: 'POST', ...jsonBody({ email }) });
