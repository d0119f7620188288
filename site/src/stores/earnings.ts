// The referral side: the signed-in poet's earnings (balances, withdrawals, ledger) and their code with who joined,
// and for a visitor the invitation a /join link carries.
import type { MyEarnings, MyReferrals, ReferralInvite } from '@writory/shared';
import { myEarnings, myReferrals, referralInvite } from '../api/earnings';
import { keepReferralCode } from '../lib/referral-attribution';
import { loadable, loadInto } from './loadable';

export const $myEarnings = loadable<MyEarnings>();
export const $myReferrals = loadable<MyReferrals>();

/** Loads (and after a withdrawal request, reloads) the balances and the ledger. */
export const loadMyEarnings = () => loadInto($myEarnings, myEarnings, 'your earnings');
export const loadMyReferrals = () => loadInto($myReferrals, myReferrals, 'your referrals');

export const $referralInvite = loadable<ReferralInvite>();

/** Who invited the visitor; a valid code is kept in this browser (30 days). No code, or an unknown one, fails. */
export async function loadReferralInvite(code: string | null): Promise<void> {
  if (!code) return $referralInvite.set({ state: 'failed', data: null });
  await loadInto(
    $referralInvite,
    async () => {
      const found = await referralInvite(code);
      keepReferralCode(found.code);
      return found;
    },
    'the invitation',
  );
}
