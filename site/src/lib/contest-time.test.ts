// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { closingShown, formatBoth, formatInstant, fromZonedInput, toZonedInput } from './contest-time';
import { formatMonth } from './format';

describe('contest time', () => {
  it('formats an instant in the contest zone and in the visitor’s', () => {
    const iso = '2026-11-25T18:29:00.000Z';
    expect(formatInstant(iso, 'Asia/Kolkata')).toBe('25 Nov 2026, 23:59 GMT+5:30');
    expect(formatBoth(iso, 'Asia/Kolkata', 'Europe/London')).toEqual({ contest: '25 Nov 2026, 23:59 GMT+5:30', local: '25 Nov 2026, 18:29 GMT' });
    expect(formatBoth(iso, 'Asia/Kolkata', 'Asia/Kolkata').local).toBeNull();
  });

  it.each([
    ['2026-11-25T18:30:00.000Z', 'Asia/Kolkata', '2026-11-26T00:00'],
    ['2026-03-08T07:30:00.000Z', 'America/New_York', '2026-03-08T03:30'],
    ['2026-07-01T00:00:00.000Z', 'UTC', '2026-07-01T00:00'],
  ])('round-trips %s through a datetime-local value in %s', (iso, zone, local) => {
    expect(toZonedInput(iso, zone)).toBe(local);
    expect(fromZonedInput(local, zone)).toBe(iso);
  });

  it('refuses a malformed value and names months', () => {
    expect(fromZonedInput('25/11/2026', 'UTC')).toBeNull();
    expect(formatMonth('2026-02')).toBe('February 2026');
  });
});

describe('closingShown', () => {
  it('shows a midnight close as the last minute of the day before, other times as they are', () => {
    expect(closingShown('2026-11-25T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-25T18:29:00.000Z');
    expect(closingShown('2026-11-25T08:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-25T08:30:00.000Z');
  });
});
