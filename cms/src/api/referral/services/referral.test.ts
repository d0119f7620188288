import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_SETTINGS } from '../../payment-setting/lib/defaults';
import { describeRule, maskName, REFERRAL_CODE, rewardFor } from './referral';

describe('maskName', () => {
  it.each([
    ['Asha Verse', null, 'As** V****'],
    ['Li', null, 'L*'],
    ['  Noor   Al Haddad ', null, 'No** A* H*****'],
    ['ليلى حداد', null, 'لي** ح***'],
    [null, 'asha.verse@example.com', 'as***@example.com'],
    [null, null, 'A poet'],
  ])('%s / %s → %s', (name, email, masked) => {
    expect(maskName(name, email)).toBe(masked);
  });
});

describe('rewardFor', () => {
  const percent = { ...DEFAULT_PAYMENT_SETTINGS, referralRewardPercent: 15 };
  const fixed = { ...DEFAULT_PAYMENT_SETTINGS, referralRewardType: 'fixed' as const, referralRewardFixed: [{ currency: 'INR' as const, amount: 5000 }] };
  it('rounds a percentage down to the minor unit', () => {
    expect(rewardFor({ total: 24999, currency: 'INR' }, percent)).toBe(3749);
    expect(rewardFor({ total: 1, currency: 'USD' }, percent)).toBe(0);
  });
  it('gives the fixed amount of the order currency, or nothing', () => {
    expect(rewardFor({ total: 24900, currency: 'INR' }, fixed)).toBe(5000);
    expect(rewardFor({ total: 699, currency: 'USD' }, fixed)).toBe(0);
  });
  it('describes the rule for poets', () => {
    expect(describeRule(percent)).toBe('15% of an invited poet’s first paid order, available 14 days after their payment');
    expect(describeRule({ ...fixed, referralHoldDays: 0 })).toBe('₹50.00 for an invited poet’s first paid order');
  });
});

describe('REFERRAL_CODE', () => {
  it('has no look-alike characters', () => {
    expect(REFERRAL_CODE.test('ABCD2345')).toBe(true);
    expect(REFERRAL_CODE.test('ABCD0O1I')).toBe(false);
    expect(REFERRAL_CODE.test('abcd2345')).toBe(false);
  });
});
