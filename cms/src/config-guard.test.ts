import { describe, expect, it } from 'vitest';
import { configProblems, PRODUCTION_SECRETS } from './config-guard';

const allSecrets = Object.fromEntries(PRODUCTION_SECRETS.map((name) => [name, 'x'.repeat(32)]));
const goodProduction = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'writory-prod', ...allSecrets };

describe('configProblems', () => {
  it.each([
    ['development defaults', {}],
    ['postgres with a URL', { DATABASE_CLIENT: 'postgres', DATABASE_URL: 'postgres://x@h/db' }],
    ['production with every secret', goodProduction],
  ])('accepts %s', (_name, env) => {
    expect(configProblems(env)).toEqual([]);
  });

  it.each([
    ['an unknown database client', { DATABASE_CLIENT: 'mysql' }, /DATABASE_CLIENT must be one of sqlite, postgres \(got "mysql"\)/],
    ['postgres without a host', { DATABASE_CLIENT: 'postgres' }, /needs DATABASE_URL or DATABASE_HOST/],
    ['production without secrets', { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p' }, /production needs these secrets set: APP_KEYS, API_TOKEN_SALT/],
    ['production with one secret missing', { ...goodProduction, JWT_SECRET: undefined }, /secrets set: JWT_SECRET$/],
    ['production with the auth emulator', { ...goodProduction, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, /FIREBASE_AUTH_EMULATOR_HOST is set/],
    ['production without a Firebase project', { ...goodProduction, FIREBASE_PROJECT_ID: undefined }, /needs FIREBASE_PROJECT_ID/],
  ])('refuses %s', (_name, env, reason) => {
    const problems = configProblems(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(reason);
  });
});
