// Calls to the two services the e2e stack runs but we do not write: the Firebase Auth emulator and the mail sink.
// Both close an idle connection after Node's default 5 s, and Playwright's request context keeps idle connections
// with no timeout, so a call sent as one closed was reset (ECONNRESET, seen in a soak run). Every call here asks for
// a connection of its own (`Connection: close`), so none is ever reused. The cms and the site server keep theirs
// open for 65 s, longer than any client keeps one.
import { expect, type APIRequestContext } from '@playwright/test';
import { AUTH_EMULATOR_URL, FIREBASE_PROJECT_ID, MAIL_URL } from './demo';

const OWN_CONNECTION = { connection: 'close' };
const identity = `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1`;

/** POST to the emulator's identity API (`/accounts:signUp?key=…`); `admin` calls it as the project owner. */
export async function identityCall<T = Record<string, unknown>>(request: APIRequestContext, path: string, data: unknown, { admin = false } = {}): Promise<T> {
  const res = await request.post(`${identity}${path}`, { data, headers: { ...OWN_CONNECTION, ...(admin ? { authorization: 'Bearer owner' } : {}) } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A fresh Firebase ID token for email and password, as the site's SDK would get one. */
export async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await identityCall<{ idToken: string }>(request, '/accounts:signInWithPassword?key=demo-api-key', { email, password, returnSecureToken: true }))
    .idToken;
}

/** An account made through the emulator's admin API with its email already verified. */
export async function verifiedAccount(request: APIRequestContext, account: { email: string; password: string; displayName?: string }) {
  await identityCall(request, `/projects/${FIREBASE_PROJECT_ID}/accounts`, { ...account, emailVerified: true }, { admin: true });
  return { email: account.email, password: account.password };
}

/** The emulator's out-of-band codes (email verification, password reset) of the project. */
export async function oobCodes(request: APIRequestContext): Promise<{ email: string; requestType: string; oobCode: string }[]> {
  const res = await request.get(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${FIREBASE_PROJECT_ID}/oobCodes`, { headers: OWN_CONNECTION });
  return ((await res.json()) as { oobCodes?: { email: string; requestType: string; oobCode: string }[] }).oobCodes ?? [];
}

export interface Mail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** Every message the mail sink holds, oldest first. */
export async function mailbox(request: APIRequestContext): Promise<Mail[]> {
  return (await request.get(`${MAIL_URL}/email`, { headers: OWN_CONNECTION })).json();
}
