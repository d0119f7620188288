// The email links' work (verify an address, reset a password) through the Firebase Auth REST API, so the pages those
// links open need no Firebase SDK (issue 39: about 46 KB gzip). Errors carry the SDK's codes (`auth/…`), which
// lib/auth-errors.ts turns into words, as the SDK's own errors were. The caller passes the settings
// (`firebaseSettings()`): importing lib/firebase.ts here would make it a chunk of its own, fetched by every page.
import type { FirebaseSettings } from './firebase';

/** The REST API's error messages (the part before any " : " detail) and the SDK codes they stand for. */
const CODE_OF_MESSAGE: Record<string, string> = {
  INVALID_OOB_CODE: 'auth/invalid-action-code',
  EXPIRED_OOB_CODE: 'auth/expired-action-code',
  USER_DISABLED: 'auth/user-disabled',
  USER_NOT_FOUND: 'auth/user-not-found',
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  WEAK_PASSWORD: 'auth/weak-password',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'auth/password-does-not-meet-requirements',
  OPERATION_NOT_ALLOWED: 'auth/operation-not-allowed',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
};

/** The SDK code for a REST error message such as `WEAK_PASSWORD : Password should be at least 6 characters`. */
export function codeOfRestError(message: string | undefined): string {
  return CODE_OF_MESSAGE[(message ?? '').split(/\s*:\s*/)[0]] ?? 'auth/internal-error';
}

/** `https://identitytoolkit.googleapis.com/v1/<method>?key=…`, or the same path under the Auth emulator. */
export function restUrl(method: string, settings: FirebaseSettings): string {
  const base = settings.emulatorUrl ? `${settings.emulatorUrl.replace(/\/$/, '')}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/${method}?${new URLSearchParams({ key: settings.apiKey })}`;
}

async function call(settings: FirebaseSettings, method: string, body: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(restUrl(method, settings), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown> & { error?: { message?: string } };
  if (!res.ok) {
    const message = data.error?.message;
    throw Object.assign(new Error(message ?? `Auth REST API ${res.status}`), { code: codeOfRestError(message) });
  }
  return data;
}

const emailOf = (data: Record<string, unknown>) => (typeof data.email === 'string' ? data.email : null);

/** Applies a verification link's code; returns the verified email. */
export async function applyVerificationCode(settings: FirebaseSettings, oobCode: string): Promise<string | null> {
  return emailOf(await call(settings, 'accounts:update', { oobCode }));
}

/** Checks a password reset link's code; returns the email it is for. */
export async function checkResetCode(settings: FirebaseSettings, oobCode: string): Promise<string> {
  const email = emailOf(await call(settings, 'accounts:resetPassword', { oobCode }));
  if (!email) throw Object.assign(new Error('The reset code names no account'), { code: 'auth/invalid-action-code' });
  return email;
}

/** Sets the new password with a reset link's code. */
export async function resetPasswordWithCode(settings: FirebaseSettings, oobCode: string, newPassword: string): Promise<void> {
  await call(settings, 'accounts:resetPassword', { oobCode, newPassword });
}
