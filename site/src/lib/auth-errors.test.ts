import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { authErrorCode, authErrorMessage, messageForAuthError, missingPasswordRequirements } from './auth-errors';

afterEach(() => vi.restoreAllMocks());

// The codes the product spec lists (section 8), each with what the message must say and the next step it must give.
const SPEC_CODES: [code: string, says: RegExp, nextStep: RegExp][] = [
  ['auth/popup-blocked', /blocked the Google sign-in window/, /Allow pop-ups for this site, or continue in this window/],
  ['auth/popup-closed-by-user', /closed before you finished/, /Try again when you’re ready/],
  ['auth/unauthorized-domain', /isn’t enabled for this web address/, /use the official Writory site/],
  ['auth/network-request-failed', /the network failed/, /Check your connection, then try again/],
  ['auth/password-does-not-meet-requirements', /doesn’t meet the password rules/, /Choose one that does/],
  ['auth/user-mismatch', /belongs to a different account/, /Use the same account/],
];

describe('authErrorMessage', () => {
  it.each([
    ['auth/popup-blocked', /blocked the Google sign-in window/],
    ['auth/popup-closed-by-user', /closed before you finished/],
    ['auth/cancelled-popup-request', /closed before you finished/],
    ['auth/unauthorized-domain', /isn’t enabled for this web address/],
    ['auth/network-request-failed', /^Your connection dropped before sign-in finished/],
    ['auth/timeout', /the network failed/],
    ['auth/internal-error', /problem on its side/],
    ['auth/web-storage-unsupported', /blocks the storage/],
    ['auth/password-does-not-meet-requirements', /doesn’t meet the password rules/],
    ['auth/weak-password', /too weak/],
    ['auth/user-mismatch', /different account/],
    ['auth/wrong-password', /email and password don’t match/],
    ['auth/invalid-credential', /email and password don’t match/],
    ['auth/invalid-login-credentials', /email and password don’t match/],
    ['auth/user-not-found', /no Writory account with that email/],
    ['auth/email-already-in-use', /already exists/],
    ['auth/too-many-requests', /Too many attempts/],
    ['auth/invalid-email', /doesn’t look like an email address/],
    ['auth/expired-action-code', /expired/],
    ['auth/invalid-action-code', /invalid or has already been used/],
    ['auth/something-new', /couldn’t sign you in just now\. Try again in a moment/],
    [undefined, /couldn’t sign you in just now/],
  ])('%s → %s', (code, expected) => {
    expect(authErrorMessage(code)).toMatch(expected);
  });

  it.each(SPEC_CODES)('%s says what happened and what to do next', (code, says, nextStep) => {
    expect(authErrorMessage(code)).toMatch(says);
    expect(authErrorMessage(code)).toMatch(nextStep);
    expect(authErrorMessage(code)).not.toMatch(/Something went wrong/);
  });

  it('never shows the raw provider code', () => {
    expect(authErrorMessage('auth/too-many-requests')).not.toContain('auth/');
  });

  it('lists what a password policy says is missing', () => {
    const provider =
      'Firebase: Missing password requirements: [Password must contain at least 12 characters, Password must contain a non-alphanumeric character] (auth/password-does-not-meet-requirements).';
    const message = authErrorMessage('auth/password-does-not-meet-requirements', provider);
    expect(message).toContain('Password must contain at least 12 characters; Password must contain a non-alphanumeric character');
    expect(message).not.toContain('Firebase');
  });
});

describe('helpers', () => {
  it.each([
    [{ code: 'auth/weak-password' }, 'auth/weak-password'],
    [new Error('plain'), undefined],
    [null, undefined],
    [{ code: 42 }, undefined],
  ])('authErrorCode(%o) → %s', (error, code) => {
    expect(authErrorCode(error)).toBe(code);
  });

  it('missingPasswordRequirements is empty without a list', () => {
    expect(missingPasswordRequirements('The password does not meet the requirements.')).toEqual([]);
    expect(missingPasswordRequirements(undefined)).toEqual([]);
  });

  it('messageForAuthError reads the code of a thrown error', () => {
    expect(messageForAuthError(Object.assign(new Error('x'), { code: 'auth/user-not-found' }))).toMatch(/no Writory account/);
  });
});

describe('messageForAuthError', () => {
  it.each([
    ['a popup that could not reach Google', Object.assign(new Error('x'), { code: 'auth/network-request-failed' })],
    ['the internal error Firebase reports when its popup fails', Object.assign(new Error('x'), { code: 'auth/internal-error' })],
    ['a sign-in script that could not load', new TypeError('Failed to fetch dynamically imported module: /_astro/firebase.js')],
  ])('offline, %s says the network is gone and to try again online', (_label, error) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(messageForAuthError(error)).toBe('You’re offline: this device has no internet connection. Connect, then try again.');
  });

  it.each(['auth/network-request-failed', 'auth/timeout'])('%s blames the connection, not the sign-in service (issue 35)', (code) => {
    expect(messageForAuthError(Object.assign(new Error('x'), { code }))).not.toMatch(/sign-in service/);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(messageForAuthError(Object.assign(new Error('x'), { code }))).not.toMatch(/sign-in service/);
  });

  it('online, a failed fetch reads as a network failure, not as something unknown', () => {
    expect(messageForAuthError(new TypeError('Failed to fetch'))).toMatch(/the network failed\. Check your connection/);
  });

  it('keeps the cms’s own words (a resend limit with its wait)', () => {
    const refused = new ApiError(
      429,
      JSON.stringify({ data: null, error: { status: 429, message: 'We have sent as many verification emails as an hour allows. Try again in 3540 s.' } }),
    );
    expect(messageForAuthError(refused)).toBe('We have sent as many verification emails as an hour allows. Try again in 3540 s.');
  });
});
