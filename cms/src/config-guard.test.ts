import { describe, expect, it } from 'vitest';
import { configProblems, isLoopback, PRODUCTION_SECRETS } from './config-guard';

const allSecrets = Object.fromEntries(PRODUCTION_SECRETS.map((name) => [name, 'x'.repeat(32)]));
const goodProduction = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'writory-prod', ...allSecrets };

describe('configProblems', () => {
  it.each([
    ['development defaults', {}],
    ['postgres with a URL', { DATABASE_CLIENT: 'postgres', DATABASE_URL: 'postgres://x@h/db' }],
    ['production with every secret', goodProduction],
    ['production with live Stripe keys', { ...goodProduction, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }],
    ['the auth emulator on the default host', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }],
    ['the auth emulator on 127.0.0.1', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '127.0.0.1' }],
    ['the auth emulator on ::1', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '::1' }],
    ['all interfaces without the auth emulator', { HOST: '0.0.0.0' }],
    ['production on all interfaces', { ...goodProduction, HOST: '0.0.0.0' }],
  ])('accepts %s', (_name, env) => {
    expect(configProblems(env)).toEqual([]);
  });

  it.each([
    ['an unknown database client', { DATABASE_CLIENT: 'mysql' }, /DATABASE_CLIENT must be one of sqlite, postgres \(got "mysql"\)/],
    ['postgres without a host', { DATABASE_CLIENT: 'postgres' }, /needs DATABASE_URL or DATABASE_HOST/],
    ['production without secrets', { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p' }, /production needs these secrets set: APP_KEYS, API_TOKEN_SALT/],
    ['production with one secret missing', { ...goodProduction, JWT_SECRET: undefined }, /secrets set: JWT_SECRET$/],
    ['production with the auth emulator', { ...goodProduction, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, /FIREBASE_AUTH_EMULATOR_HOST is set/],
    [
      'the auth emulator on all IPv4 interfaces',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' },
      /HOST=0\.0\.0\.0 listens beyond this machine: the emulator accepts unsigned tokens/,
    ],
    ['the auth emulator on all IPv6 interfaces', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '::' }, /HOST=:: listens beyond this machine/],
    ['the auth emulator on a LAN address', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '192.168.1.20' }, /HOST=192\.168\.1\.20 listens beyond/],
    ['the auth emulator on an empty HOST (every interface)', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '' }, /listen on 127\.0\.0\.1 or ::1$/],
    ['production without a Firebase project', { ...goodProduction, FIREBASE_PROJECT_ID: undefined }, /needs FIREBASE_PROJECT_ID/],
    ['a Stripe key without a webhook secret', { STRIPE_SECRET_KEY: 'sk_live_x' }, /STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET/],
    [
      'production test payments with the public local secret',
      { ...goodProduction, PAYMENTS_TEST_MODE: 'true' },
      /PAYMENTS_TEST_MODE=true in production needs its own STRIPE_WEBHOOK_SECRET/,
    ],
  ])('refuses %s', (_name, env, reason) => {
    const problems = configProblems(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(reason);
  });
});

describe('isLoopback', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST'])('%s is this machine only', (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '', '10.0.0.5', '128.0.0.1', '127.0.0.1.example.com', 'example.com', '::ffff:10.0.0.1'])(
    '"%s" is reachable from elsewhere',
    (host) => {
      expect(isLoopback(host)).toBe(false);
    },
  );
});
