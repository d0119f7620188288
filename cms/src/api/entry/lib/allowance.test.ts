import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noEntriesLeft } from '../services/allowance';
import { allowanceOf, isFreeEntry } from './allowance';

// A poet's month as the database can hold it: `credited` of the `used` entries spent a credit; the credit balance
// is what was bought minus what was spent, minus credits taken back by refunds (so it may even be below 0).
const month = fc
  .record({ free: fc.nat(5), freeEntries: fc.nat(5), credited: fc.nat(10), bought: fc.nat(20), revoked: fc.nat(20), canBuy: fc.boolean() })
  .map(({ free, freeEntries, credited, bought, revoked, canBuy }) => {
    const freeUsed = Math.min(freeEntries, free);
    return { free, used: freeUsed + credited, creditsUsed: credited, creditsAvailable: bought - credited - revoked, canBuy };
  });

describe('allowanceOf', () => {
  it('never answers a negative number, and limit = used + remaining = used + free left + credits', () => {
    fc.assert(
      fc.property(month, (counts) => {
        const a = allowanceOf(counts);
        for (const value of [a.remaining, a.freeLeft, a.credits, a.limit]) expect(value).toBeGreaterThanOrEqual(0);
        expect(a.remaining).toBe(a.freeLeft + a.credits);
        expect(a.limit).toBe(a.used + a.remaining);
        expect(a.freeLeft).toBeLessThanOrEqual(a.free);
        expect(a.credits).toBe(Math.max(0, counts.creditsAvailable));
        expect({ used: a.used, free: a.free, canBuy: a.canBuy }).toEqual({ used: counts.used, free: counts.free, canBuy: counts.canBuy });
      }),
    );
  });

  it('uses the free entries first: free left is what the entries made without a credit did not use', () => {
    fc.assert(
      fc.property(month, (counts) => {
        expect(allowanceOf(counts).freeLeft).toBe(Math.max(0, counts.free - (counts.used - counts.creditsUsed)));
      }),
    );
  });

  it('agrees with isFreeEntry: the next entry is free exactly while free entries are left', () => {
    fc.assert(
      fc.property(month, (counts) => {
        expect(isFreeEntry({ entered: counts.used, creditsUsed: counts.creditsUsed, free: counts.free })).toBe(allowanceOf(counts).freeLeft > 0);
      }),
    );
  });

  it('spends one place per entry until nothing remains, free places first', () => {
    fc.assert(
      fc.property(fc.nat(4), fc.nat(4), (free, bought) => {
        let used = 0;
        let creditsUsed = 0;
        for (;;) {
          const before = allowanceOf({ free, used, creditsUsed, creditsAvailable: bought - creditsUsed, canBuy: true });
          if (before.remaining === 0) break;
          const free_ = isFreeEntry({ entered: used, creditsUsed, free });
          used += 1;
          if (!free_) creditsUsed += 1;
          const after = allowanceOf({ free, used, creditsUsed, creditsAvailable: bought - creditsUsed, canBuy: true });
          expect(after.remaining).toBe(before.remaining - 1);
          expect(after.limit).toBe(before.limit);
          if (free_) expect(after.credits).toBe(before.credits);
          else expect(before.freeLeft).toBe(0);
        }
        expect(used).toBe(free + bought);
        expect(creditsUsed).toBe(bought);
      }),
    );
  });

  it('examples', () => {
    expect(allowanceOf({ free: 1, used: 0, creditsUsed: 0, creditsAvailable: 0, canBuy: false })).toEqual({
      limit: 1,
      used: 0,
      remaining: 1,
      free: 1,
      freeLeft: 1,
      credits: 0,
      canBuy: false,
    });
    expect(allowanceOf({ free: 1, used: 2, creditsUsed: 1, creditsAvailable: 2, canBuy: true })).toEqual({
      limit: 4,
      used: 2,
      remaining: 2,
      free: 1,
      freeLeft: 0,
      credits: 2,
      canBuy: true,
    });
    // A refund took back more credits than were left: no negative credits, the free entry still counts.
    expect(allowanceOf({ free: 2, used: 1, creditsUsed: 0, creditsAvailable: -3, canBuy: true })).toEqual({
      limit: 2,
      used: 1,
      remaining: 1,
      free: 2,
      freeLeft: 1,
      credits: 0,
      canBuy: true,
    });
    expect(isFreeEntry({ entered: 0, creditsUsed: 0, free: 0 })).toBe(false);
    expect(isFreeEntry({ entered: 2, creditsUsed: 1, free: 2 })).toBe(true);
    expect(isFreeEntry({ entered: 2, creditsUsed: 0, free: 2 })).toBe(false);
  });
});

describe('noEntriesLeft', () => {
  it('is a 402 offering to buy when tiers are on sale, else a 403', () => {
    const paid = noEntriesLeft({ used: 3, free: 1, canBuy: true }, '2026-03');
    expect(paid.status).toBe(402);
    expect(paid.message).toBe(
      'You have entered 3 poems in the Poetry Competition’s March 2026 contest (your free entry included) and have no entry credits left. Buy entries for the Poetry Competition on this page to enter another poem.',
    );
    const limit = noEntriesLeft({ used: 1, free: 2, canBuy: false }, '2026-03');
    expect(limit.status).toBe(403);
    expect(limit.message).toBe(
      'You have entered 1 poem in the Poetry Competition’s March 2026 contest (all 2 free entries included): that is all this month allows. You can enter again when the next contest opens.',
    );
    expect(noEntriesLeft({ used: 2, free: 0, canBuy: true }, '2026-03').message).toBe(
      'You have entered 2 poems in the Poetry Competition’s March 2026 contest and have no entry credits left. Buy entries for the Poetry Competition on this page to enter another poem.',
    );
    // Each competition's refusal names it, and says story for a story competition.
    expect(noEntriesLeft({ used: 1, free: 1, canBuy: true }, '2027-03', { slug: 'story', name: 'Story', kind: 'story' }).message).toBe(
      'You have entered 1 story in the Story Competition’s March 2027 contest (your free entry included) and have no entry credits left. Buy entries for the Story Competition on this page to enter another story.',
    );
    expect(noEntriesLeft({ used: 1, free: 1, canBuy: false }, '2027-03', { slug: 'story', name: 'Story', kind: 'story' }).details).toMatchObject({
      competition: 'story',
      reason: 'limit',
    });
  });
});
