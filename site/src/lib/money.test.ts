// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney, parseMajor, percentOf, toMajorString } from '@writory/shared';

describe('money in minor units', () => {
  it.each([
    ['199', 19900],
    ['199.5', 19950],
    ['199.50', 19950],
    ['0.01', 1],
    ['1,299.00', 129900],
    [' 7 ', 700],
    ['0', 0],
  ])('parses %j as %d paise', (text, amount) => {
    expect(parseMajor(text, 'INR')).toBe(amount);
  });

  it.each(['-1', '1.005', 'abc', '', '1e3', '12.3.4', '99999999999999'])('refuses %j', (text) => {
    expect(parseMajor(text, 'USD')).toBeNull();
  });

  it('prints exact major units', () => {
    expect(toMajorString(19950, 'INR')).toBe('199.50');
    expect(toMajorString(5, 'USD')).toBe('0.05');
    expect(toMajorString(-1234, 'EUR')).toBe('-12.34');
    expect(toMajorString(0, 'GBP')).toBe('0.00');
  });

  it('formats for people, exactly', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(24900, 'INR')).toBe('₹249.00');
    expect(formatMoney(123456789, 'INR', 'en-IN')).toBe('₹12,34,567.89');
    expect(formatMoney(-600, 'EUR')).toBe('-€6.00');
  });

  it('rounds percentages down to the minor unit', () => {
    expect(percentOf(24900, 10)).toBe(2490);
    expect(percentOf(999, 15)).toBe(149);
    expect(percentOf(24900, 100)).toBe(24900);
  });
});
