// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allowanceSummary, defaultCurrency, freeEntriesText, monthName, noEarningsText, tiersIn } from './payments';

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
      {
        id: 2,
        name: 'Trio',
        entries: 3,
        prices: [
          { currency: 'INR' as const, amount: 24900 },
          { currency: 'USD' as const, amount: 699 },
        ],
      },
    ];
    expect(tiersIn(tiers, 'USD').map((t) => [t.name, t.price])).toEqual([['Trio', 699]]);
    expect(tiersIn(tiers, null)).toEqual([]);
  });
});

it('names months', () => {
  expect(monthName('2025-06')).toBe('June 2025');
});

describe('allowanceSummary', () => {
  it.each([
    [{ remaining: 4, freeLeft: 1, credits: 3 }, 'You can enter 4 more poems this month (1 free entry and 3 entry credits).'],
    [{ remaining: 2, freeLeft: 2, credits: 0 }, 'You can enter 2 more poems this month (2 free entries).'],
    [{ remaining: 1, freeLeft: 0, credits: 1 }, 'You can enter 1 more poem this month (1 entry credit).'],
    [{ remaining: 0, freeLeft: 0, credits: 0 }, 'You have no entries left this month.'],
  ])('%j', (allowance, text) => {
    expect(allowanceSummary(allowance)).toBe(text);
  });
});

describe('freeEntriesText', () => {
  it('names the free entries, or says every entry is paid for', () => {
    expect(freeEntriesText(3)).toBe('Every poet may enter 3 poems a month free; each further poem uses one entry credit.');
    expect(freeEntriesText(1)).toMatch(/^Every poet may enter 1 poem a month free;/);
    expect(freeEntriesText(0)).toBe('Each poem you enter uses one entry credit.');
  });
});

describe('noEarningsText', () => {
  it('says there are no earnings only when there are none at all', () => {
    expect(noEarningsText(false)).toMatch(/^No earnings yet\./);
  });
  it('with only test rewards, says nothing can be withdrawn yet, and why, instead of “no earnings”', () => {
    const text = noEarningsText(true);
    expect(text).not.toMatch(/No earnings/i);
    expect(text).toMatch(/test payments/);
    expect(text).toMatch(/withdraw/);
  });
});
