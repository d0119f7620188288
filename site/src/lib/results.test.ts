// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCountdown, formatScore, isoToLocalInput, localInputToIso, nextTimerPoll, ordinal } from './results';
import { formatMonth } from './format';

describe('results helpers', () => {
  it('labels months', () => {
    expect(formatMonth('2024-05')).toBe('May 2024');
    expect(formatMonth('2025-12')).toBe('December 2025');
  });

  it('formats scores with at most two decimals', () => {
    expect([formatScore(90), formatScore(85.5), formatScore(72.255), formatScore(0)]).toEqual(['90', '85.5', '72.26', '0']);
  });

  it.each([
    [-5000, '00:00'],
    [0, '00:00'],
    [1, '00:01'],
    [65_000, '01:05'],
    [3_600_000, '01:00:00'],
    [90_061_000, '1 day 01:01:01'],
    [2 * 86_400_000 + 11_045_000, '2 days 03:04:05'],
  ])('counts %i ms down as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('turns the datetime-local value into an instant and back', () => {
    const iso = localInputToIso('2030-06-30T18:00');
    expect(iso).toBe(new Date(2030, 5, 30, 18, 0).toISOString());
    expect(isoToLocalInput(new Date(iso!))).toBe('2030-06-30T18:00');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('not a date')).toBeNull();
  });

  it('polls as the spec says: 15 s idle, 5 s while counting, 2 s once due', () => {
    expect(nextTimerPoll(null)).toBe(15_000);
    expect(nextTimerPoll({ isActive: false, timeRemaining: 0 })).toBe(15_000);
    expect(nextTimerPoll({ isActive: true, timeRemaining: 60_000 })).toBe(5_000);
    expect(nextTimerPoll({ isActive: true, timeRemaining: 3_000 })).toBe(3_000);
    expect(nextTimerPoll({ isActive: true, timeRemaining: 3_000 }, 4_000)).toBe(2_000);
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});
