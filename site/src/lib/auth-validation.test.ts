// @vitest-environment node
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
  const ORIGIN = 'https://writory.test';
  it.each([
    ['/profile', '/profile'],
    ['/admin-users?page=2', '/admin-users?page=2'],
    ['/profile#entries', '/profile#entries'],
    ['/checkout-test?session=cs_1', '/checkout-test?session=cs_1'],
    ['/wall/%E2%9C%A8', '/wall/%E2%9C%A8'],
    [null, '/'],
    [undefined, '/'],
    ['', '/'],
    ['profile', '/'],
    ['https://evil.example/', '/'],
    ['https://writory.test.evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    // the browser strips tabs and newlines, so these read as "//127.0.0.1:1080/" (issue 35)
    ['/\t/127.0.0.1:1080/', '/'],
    ['/\n/127.0.0.1:1080/', '/'],
    ['/\r/127.0.0.1:1080/', '/'],
    ['/ /evil.example', '/'],
    ['/\u0000/evil.example', '/'],
    ['/\u00a0/evil.example', '/'],
    ['/\u200b/evil.example', '/'],
    // dot segments that would leave a path starting with "//"
    ['/.//evil.example', '/'],
    ['/a/..//evil.example', '/'],
    ['/%2e%2e//evil.example', '/'],
  ])('%j → %s', (raw, expected) => {
    expect(safeNextPath(raw, ORIGIN)).toBe(expected);
  });

  it('normalises dot segments as the browser will, and stays on the origin', () => {
    expect(safeNextPath('/a/../profile', ORIGIN)).toBe('/profile');
    expect(safeNextPath('/%09/127.0.0.1:1080/', ORIGIN)).toBe('/%09/127.0.0.1:1080/');
  });
});
