import type { DecodedIdToken } from 'firebase-admin/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, rememberVerified, type TokenVerifier } from './firebase';

const unsigned = (claims: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: 'https://securetoken.google.com/demo-writory',
    aud: 'demo-writory',
    sub: 'u1',
    user_id: 'u1',
    iat: now - 10,
    auth_time: now - 10,
    exp: now + 3600,
    ...claims,
  };
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

describe('rememberVerified', () => {
  const claims = (exp: number) => ({ uid: 'u1', exp }) as unknown as DecodedIdToken;

  it('verifies a token once and trusts it until it expires', async () => {
    let clock = 1_000_000;
    const verify = vi.fn(async (token: string) => claims(token === 'short' ? 1_060 : 4_600));
    const remembered = rememberVerified(verify, { now: () => clock });
    await remembered('long');
    await remembered('long');
    await remembered('short');
    expect(verify).toHaveBeenCalledTimes(2);
    clock = 1_061_000; // past the short token's exp (1,060 s)
    await remembered('short');
    await remembered('long');
    expect(verify.mock.calls.map(([token]) => token)).toEqual(['long', 'short', 'short']);
  });

  it('forgets a refused token, so it is checked again, and keeps at most `kept` tokens', async () => {
    const verify = vi.fn(async (token: string) => {
      if (token === 'bad') throw new Error('expired');
      return claims(Number.MAX_SAFE_INTEGER);
    });
    const remembered = rememberVerified(verify, { kept: 2 });
    await expect(remembered('bad')).rejects.toThrow('expired');
    await expect(remembered('bad')).rejects.toThrow('expired');
    for (const token of ['a', 'b', 'c', 'a']) await remembered(token);
    // 'a' was pushed out by 'c', so it is verified again.
    expect(verify.mock.calls.map(([token]) => token)).toEqual(['bad', 'bad', 'a', 'b', 'c', 'a']);
  });
});
