import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReferralCode, keepReferralCode, keptReferralCode, REFERRAL_STORAGE_KEY } from './referral-attribution';

const DAY = 86_400_000;

describe('referral attribution in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a code for 30 days, upper-cased', () => {
    const now = Date.UTC(2025, 5, 1);
    expect(keepReferralCode(' abcd2345 ', now)).toBe(true);
    expect(keptReferralCode(now + 29 * DAY)).toBe('ABCD2345');
    expect(keptReferralCode(now + 30 * DAY)).toBeNull();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('ignores what is not a code and drops unreadable values', () => {
    expect(keepReferralCode('<script>')).toBe(false);
    expect(keepReferralCode(null)).toBe(false);
    expect(keptReferralCode()).toBeNull();
    localStorage.setItem(REFERRAL_STORAGE_KEY, '{not json');
    expect(keptReferralCode()).toBeNull();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('the newest link wins, and forgetting removes it', () => {
    keepReferralCode('ABCD2345', 1);
    keepReferralCode('WXYZ6789', 2);
    expect(keptReferralCode(3)).toBe('WXYZ6789');
    forgetReferralCode();
    expect(keptReferralCode(3)).toBeNull();
  });
});
