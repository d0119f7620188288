import { describe, expect, it } from 'vitest';
import { defaultCurrency, monthName, tiersIn } from './payments';

describe('defaultCurrency', () => {
  it.each([
    [{ saved: 'USD', timeZone: 'Asia/Kolkata' }, 'USD'],
    [{ timeZone: 'Asia/Kolkata' }, 'INR'],
    [{ languages: ['hi-IN', 'en'] }, 'INR'],
    [{ timeZone: 'Europe/Berlin' }, 'USD'],
    [{ saved: 'JPY', timeZone: 'Asia/Tokyo' }, 'USD'],
  ])('%j → %s', (hints, currency) => {
    expect(defaultCurrency(['INR', 'USD'], hints)).toBe(currency);
  });

  it('falls back to what is on sale', () => {
    expect(defaultCurrency(['EUR'], { timeZone: 'Asia/Kolkata' })).toBe('EUR');
    expect(defaultCurrency([], {})).toBeNull();
  });
});

describe('tiersIn', () => {
  it('keeps the tiers priced in the currency', () => {
    const tiers = [
      { id: 1, name: 'Single', entries: 1, prices: [{ currency: 'INR' as const, amount: 9900 }] },
      { id: 2, name: 'Trio', entries: 3, prices: [{ currency: 'INR' as const, amount: 24900 }, { currency: 'USD' as const, amount: 699 }] },
    ];
    expect(tiersIn(tiers, 'USD').map((t) => [t.name, t.price])).toEqual([['Trio', 699]]);
    expect(tiersIn(tiers, null)).toEqual([]);
  });
});

it('names months', () => {
  expect(monthName('2025-06')).toBe('June 2025');
});
