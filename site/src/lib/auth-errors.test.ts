import { describe, expect, it } from 'vitest';
import { authErrorCode, authErrorMessage, messageForAuthError, missingPasswordRequirements } from './auth-errors';

describe('authErrorMessage', () => {
  it.each([
    ['auth/popup-blocked', /blocked the Google sign-in window/],
    ['auth/popup-closed-by-user', /closed before you finished/],
    ['auth/cancelled-popup-request', /closed before you finished/],
    ['auth/unauthorized-domain', /isn’t enabled for this web address/],
    ['auth/network-request-failed', /couldn’t reach the sign-in service/],
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
    ['auth/something-new', /Something went wrong/],
    [undefined, /Something went wrong/],
  ])('%s → %s', (code, expected) => {
    expect(authErrorMessage(code)).toMatch(expected);
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
