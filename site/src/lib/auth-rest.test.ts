// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyVerificationCode, checkResetCode, codeOfRestError, resetPasswordWithCode, restUrl } from './auth-rest';

afterEach(() => vi.unstubAllGlobals());

const settings = { apiKey: 'k1', authDomain: 'localhost', projectId: 'demo-writory' };
const emulator = { ...settings, emulatorUrl: 'http://127.0.0.1:9099' };

describe('the Auth REST API for the email links', () => {
  it('talks to the emulator when there is one, else to Google', () => {
    expect(restUrl('accounts:update', { ...settings, emulatorUrl: 'http://127.0.0.1:9099' })).toBe(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:update?key=k1',
    );
    expect(restUrl('accounts:update', { ...settings, emulatorUrl: null })).toBe('https://identitytoolkit.googleapis.com/v1/accounts:update?key=k1');
  });

  it('applies a verification code and returns the email, checks and uses a reset code', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return Response.json({ email: 'asha@writory.local', ...(body.newPassword ? {} : { requestType: 'PASSWORD_RESET' }) });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(applyVerificationCode(emulator, 'code-1')).resolves.toBe('asha@writory.local');
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/v1\/accounts:update\?key=/);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body))).toEqual({ oobCode: 'code-1' });
    await expect(checkResetCode(emulator, 'code-2')).resolves.toBe('asha@writory.local');
    await resetPasswordWithCode(emulator, 'code-2', 'new-password-1');
    expect(fetchMock.mock.calls[2][0]).toMatch(/\/v1\/accounts:resetPassword\?key=/);
    expect(JSON.parse(String(fetchMock.mock.calls[2][1].body))).toEqual({ oobCode: 'code-2', newPassword: 'new-password-1' });
  });

  it('gives the SDK’s codes for the API’s refusals, so the pages say what to do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 400, message: 'INVALID_OOB_CODE' } }, { status: 400 })),
    );
    await expect(applyVerificationCode(emulator, 'used')).rejects.toMatchObject({ code: 'auth/invalid-action-code' });
    expect(codeOfRestError('WEAK_PASSWORD : Password should be at least 6 characters')).toBe('auth/weak-password');
    expect(codeOfRestError('EXPIRED_OOB_CODE')).toBe('auth/expired-action-code');
    expect(codeOfRestError('SOMETHING_NEW')).toBe('auth/internal-error');
  });
});
