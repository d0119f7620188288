import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import hasRole from './has-role';
import localNetwork from './local-network';
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

describe('global::local-network', () => {
  const from = (ip: string) => ({ request: { ip } });

  it.each(['127.0.0.1', '::1', '10.1.2.3', '172.20.0.5', '192.168.1.9', 'fd00::7', '169.254.1.1'])('lets %s through', (ip) => {
    expect(localNetwork(from(ip))).toBe(true);
  });

  it.each(['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1', ''])('refuses %j', (ip) => {
    expect(() => localNetwork(from(ip))).toThrow(/Only the local network/);
  });

  it.each(['127.0.0.1', '10.0.0.5', '172.18.0.1'])('refuses %s when a proxy relayed it (a visitor, not a scraper)', (ip) => {
    expect(() => localNetwork({ request: { ip }, state: { clientRelayed: true } })).toThrow(/Only the local network/);
  });
});
