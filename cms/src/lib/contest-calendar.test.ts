import { describe, expect, it } from 'vitest';
import { addMonths, isTimeZone, monthOf, monthWindow } from './contest-calendar';

describe('monthWindow', () => {
  it.each([
    ['2026-11', 'Asia/Kolkata', '2026-10-31T18:30:00.000Z', '2026-11-25T18:30:00.000Z', '2026-11-29T18:30:00.000Z'],
    ['2026-02', 'UTC', '2026-02-01T00:00:00.000Z', '2026-02-26T00:00:00.000Z', '2026-02-28T00:00:00.000Z'],
    ['2028-02', 'UTC', '2028-02-01T00:00:00.000Z', '2028-02-26T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-03', 'America/New_York', '2026-03-01T05:00:00.000Z', '2026-03-26T04:00:00.000Z', '2026-03-30T04:00:00.000Z'],
  ])('%s in %s opens on the 1st, closes after the 25th, results on the 30th or last day', (month, tz, opens, closes, results) => {
    const window = monthWindow(month, tz);
    expect(window.opensAt.toISOString()).toBe(opens);
    expect(window.closesAt.toISOString()).toBe(closes);
    expect(window.resultsAt.toISOString()).toBe(results);
  });

  it.each(['2026-13', '2026-1', 'November', ''])('rejects the malformed month %j', (month) => {
    expect(() => monthWindow(month, 'UTC')).toThrow(/YYYY-MM/);
  });
});

describe('monthOf', () => {
  it('uses the contest time zone, not UTC', () => {
    const instant = new Date('2026-11-30T20:00:00Z');
    expect(monthOf(instant, 'UTC')).toBe('2026-11');
    expect(monthOf(instant, 'Asia/Kolkata')).toBe('2026-12');
  });
});

describe('addMonths and isTimeZone', () => {
  it.each([
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2027-01', -1, '2026-12'],
    ['2026-05', 14, '2027-07'],
    // The demo seed counts published months back from the current one.
    ['2026-02', -14, '2024-12'],
    ['2026-03', -26, '2024-01'],
  ])('%s + %i is %s', (month, offset, expected) => {
    expect(addMonths(month, offset)).toBe(expected);
  });

  it('knows real time zones only', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
