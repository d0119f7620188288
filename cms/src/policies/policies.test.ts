import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import hasRole from './has-role';
import verifiedEmail from './verified-email';

const ctx = (user?: object) => ({ state: { user } }) as any;

describe('global::has-role', () => {
  it.each([[{}], [{ roles: [] }], [{ roles: ['owner'] }], [{ roles: 'admin' }]])('refuses the config %j at boot', (config) => {
    expect(() => hasRole.validator(config)).toThrow(/global::has-role needs config.roles/);
  });

  it('accepts a list of known roles', () => {
    expect(() => hasRole.validator({ roles: ['admin', 'moderator'] })).not.toThrow();
  });

  it('is 401 without a user, 403 with another role, and passes the right role', () => {
    expect(() => hasRole.handler(ctx(), { roles: ['admin'] })).toThrow(ApiError);
    expect(() => hasRole.handler(ctx({ role: { type: 'authenticated' } }), { roles: ['admin'] })).toThrow(/does not have access/);
    expect(hasRole.handler(ctx({ role: { type: 'admin' } }), { roles: ['admin'] })).toBe(true);
  });
});

describe('global::verified-email', () => {
  it('passes only a verified user', () => {
    expect(() => verifiedEmail(ctx())).toThrow(ApiError);
    expect(() => verifiedEmail(ctx({ emailVerified: false }))).toThrow(/verify your email/);
    expect(verifiedEmail(ctx({ emailVerified: true }))).toBe(true);
  });
});
