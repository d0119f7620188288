// The admins' money pages: entry tiers, coupons, the payout requests (with the status they are filtered by) and revenue.
import { atom } from 'nanostores';
import type { AdminCoupon, AdminTier, AdminWithdrawal, RevenueReport } from '@writory/shared';
import { adminWithdrawals, type WithdrawalFilter } from '../api/earnings';
import { adminCoupons, adminTiers, revenueReport } from '../api/payments';
import { loadable, loadInto } from './loadable';

export const $adminTiers = loadable<AdminTier[]>();
export const $adminCoupons = loadable<AdminCoupon[]>();
export const $withdrawalFilter = atom<WithdrawalFilter>('requested');
export const $adminWithdrawals = loadable<AdminWithdrawal[]>();

export const loadAdminTiers = () => loadInto($adminTiers, adminTiers, 'the tiers');
export const loadAdminCoupons = () => loadInto($adminCoupons, adminCoupons, 'the coupons');
export const loadAdminWithdrawals = () => loadInto($adminWithdrawals, () => adminWithdrawals($withdrawalFilter.get()), 'the withdrawals');

/** Shows the requests with another status (the list shown stays until the answer arrives). */
export function filterWithdrawals(filter: WithdrawalFilter): Promise<void> {
  $withdrawalFilter.set(filter);
  return loadAdminWithdrawals();
}

/** The revenue report last loaded (its own from/to say the range the server used). */
export const $revenue = atom<RevenueReport | null>(null);

/** Loads the report for a range (the server's default range without one); a failure keeps the last one and is thrown. */
export async function loadRevenue(range: { from?: string; to?: string } = {}): Promise<RevenueReport> {
  const report = await revenueReport(range);
  $revenue.set(report);
  return report;
}
