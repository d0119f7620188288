import { describe, expect, it } from 'vitest';
import { credentialProblems, safeNextPath } from './auth-validation';

describe('credentialProblems', () => {
  it.each([
    ['signin', { email: 'poet@writory.local', password: 'x' }, {}],
    ['signin', { email: '', password: '' }, { email: 'validation.emailRequired', password: 'validation.passwordRequired' }],
    ['signin', { email: 'poet@', password: 'secret' }, { email: 'validation.emailInvalid' }],
    ['signup', { email: 'new@writory.local', password: 'long enough', confirm: 'long enough' }, {}],
    ['signup', { email: 'new@writory.local', password: 'short', confirm: 'short' }, { password: 'validation.passwordShort' }],
    ['signup', { email: 'new@writory.local', password: 'long enough', confirm: 'long enougH' }, { confirm: 'validation.passwordMismatch' }],
    ['reset', { email: ' poet@writory.local ' }, {}],
    ['reset', { email: 'not an email' }, { email: 'validation.emailInvalid' }],
    ['new-password', { password: 'Brand-new-1', confirm: 'Brand-new-1' }, {}],
    ['new-password', { password: '', confirm: '' }, { password: 'validation.passwordRequired' }],
  ] as const)('%s %o → %o', (kind, input, expected) => {
    expect(credentialProblems(kind, input)).toEqual(expected);
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/admin-users?page=2', '/admin-users?page=2'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s → %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });
});
