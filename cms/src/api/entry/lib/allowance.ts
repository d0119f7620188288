// The entry allowance as arithmetic: the month's free entries are used first, then bought credits. The allowance
// service reads the counts from the database and calls these.
import type { EntryAllowance } from '@writory/shared';

/** The counts of the wire's EntryAllowance, plus whether entry tiers are on sale (so a poet can buy more). */
export type Allowance = Pick<EntryAllowance, 'limit' | 'used' | 'remaining' | 'free' | 'freeLeft' | 'credits'> & { canBuy: boolean };

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
