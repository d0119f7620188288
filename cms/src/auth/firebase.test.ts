import { afterEach, describe, expect, it } from 'vitest';
import { createTokenVerifier, type TokenVerifier } from './firebase';

const unsigned = (claims: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { iss: 'https://securetoken.google.com/demo-writory', aud: 'demo-writory', sub: 'u1', user_id: 'u1', iat: now - 10, auth_time: now - 10, exp: now + 3600, ...claims };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
};

describe('createTokenVerifier', () => {
  let verifier: TokenVerifier | undefined;
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  afterEach(async () => {
    await verifier?.close();
    if (emulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  });

  it('refuses every token in production while FIREBASE_AUTH_EMULATOR_HOST is set', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9299';
    verifier = createTokenVerifier({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-writory', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9299' });
    await expect(verifier.verify(unsigned())).rejects.toThrow(/emulator tokens are refused in production/);
  });

  it('without the emulator, refuses the emulator’s unsigned tokens before any network call', async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    verifier = createTokenVerifier({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-writory' });
    await expect(verifier.verify(unsigned())).rejects.toMatchObject({ code: 'auth/argument-error' });
  });

  // Accepting the emulator's tokens needs the running emulator (firebase-admin then also asks it whether the
  // account exists): tests/identity.test.ts covers that, with expired and foreign tokens.
});
