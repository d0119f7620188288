// The entry allowance as arithmetic: the month's free entries are used first, then bought credits. The allowance
// service reads the counts from the database and calls these.

export interface Allowance {
  /** Entries the poet may make in the contest in all (used + remaining). */
  limit: number;
  used: number;
  remaining: number;
  /** Free entries per poet per month (site settings) and how many are left. */
  free: number;
  freeLeft: number;
  /** Entry credits bought for the contest's month and not used yet. */
  credits: number;
  /** Whether entry tiers are on sale (so a poet with nothing left can buy more). */
  canBuy: boolean;
}

export interface AllowanceCounts {
  /** Free entries per poet per month. */
  free: number;
  /** Entries the poet has made in the contest. */
  used: number;
  /** The month's credit ledger: credits spent on entries, and the balance (may be below 0 after a refund). */
  creditsUsed: number;
  creditsAvailable: number;
  canBuy: boolean;
}

/** Entries made without a credit are free ones; what is left of the free ones, then the credits, remains. */
export function allowanceOf({ free, used, creditsUsed, creditsAvailable, canBuy }: AllowanceCounts): Allowance {
  const freeLeft = Math.max(0, free - (used - creditsUsed));
  const credits = Math.max(0, creditsAvailable);
  const remaining = freeLeft + credits;
  return { limit: used + remaining, used, remaining, free, freeLeft, credits, canBuy };
}

/** Whether one more entry (beside the `entered` ones, `creditsUsed` of which spent a credit) is still a free one. */
export const isFreeEntry = ({ entered, creditsUsed, free }: { entered: number; creditsUsed: number; free: number }): boolean => entered - creditsUsed < free;
