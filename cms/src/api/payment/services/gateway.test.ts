import { describe, expect, it } from 'vitest';
import { LOCAL_TEST_WEBHOOK_SECRET, paymentsConfig } from './gateway';

describe('paymentsConfig: the mode is configuration only', () => {
  it.each([
    ['development without keys', { NODE_ENV: 'development' }, 'test', LOCAL_TEST_WEBHOOK_SECRET],
    ['tests without keys', { NODE_ENV: 'test' }, 'test', LOCAL_TEST_WEBHOOK_SECRET],
    ['keys set', { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_live' }, 'live', 'whsec_live'],
    ['keys set, test mode forced', { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PAYMENTS_TEST_MODE: 'true' }, 'test', 'whsec_x'],
    ['production without keys', { NODE_ENV: 'production' }, 'off', null],
    ['production demo', { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true', STRIPE_WEBHOOK_SECRET: 'whsec_demo' }, 'test', 'whsec_demo'],
    ['test payments refused, no keys', { NODE_ENV: 'development', PAYMENTS_TEST_MODE: 'false' }, 'off', null],
    ['test payments refused, keys set', { PAYMENTS_TEST_MODE: 'false', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'live', 'whsec_x'],
  ])('%s → %s', (_name, env, mode, webhookSecret) => {
    const config = paymentsConfig(env);
    expect(config.mode).toBe(mode);
    expect(config.webhookSecret).toBe(webhookSecret);
    expect(config.secretKey).toBe(mode === 'live' ? 'sk_live_x' : null);
  });

  it('sends poets back to the public site', () => {
    expect(paymentsConfig({ PUBLIC_SITE_URL: 'https://writory.example/' }).siteUrl).toBe('https://writory.example');
    expect(paymentsConfig({ CORS_ORIGINS: 'http://localhost:4329,http://127.0.0.1:4329' }).siteUrl).toBe('http://localhost:4329');
  });
});
