// The signed-in poet's referral side: their earnings (balances, withdrawals, ledger) and their code with who joined.
import type { MyEarnings, MyReferrals } from '@writory/shared';
import { myEarnings, myReferrals } from '../api/earnings';
import { loadable, loadInto } from './loadable';

export const $myEarnings = loadable<MyEarnings>();
export const $myReferrals = loadable<MyReferrals>();

/** Loads (and after a withdrawal request, reloads) the balances and the ledger. */
export const loadMyEarnings = () => loadInto($myEarnings, myEarnings, 'your earnings');
export const loadMyReferrals = () => loadInto($myReferrals, myReferrals, 'your referrals');
