// Referral earnings and withdrawals: the poet's balance, code and invitees; the admins' payout queue.
import type { AdminWithdrawal, MyEarnings, MyReferrals, ReferralInvite, Withdrawal, WithdrawalInput, WithdrawalStatus } from '@writory/shared';
import { apiFetch, authedFetch, jsonBody, queryOf } from '../lib/api';

export const myEarnings = () => authedFetch<MyEarnings>('/api/earnings/me');
export const requestWithdrawal = (input: WithdrawalInput) => authedFetch<Withdrawal>('/api/earnings/withdrawals', { method: 'POST', ...jsonBody(input) });

export const myReferrals = () => authedFetch<MyReferrals>('/api/referrals/me');
/** Who a referral code belongs to (a visitor may ask). */
export const referralInvite = (code: string) => apiFetch<ReferralInvite>(`/api/referrals/codes/${encodeURIComponent(code)}`);

// --- Admins ---

export type WithdrawalFilter = WithdrawalStatus | 'all';
export type WithdrawalAction = 'approve' | 'pay' | 'reject';
/** `pay` takes the payment's reference, `reject` the reason the poet reads. */
export interface WithdrawalActionBody {
  reference?: string;
  reason?: string;
}

export const adminWithdrawals = (filter: WithdrawalFilter) =>
  authedFetch<AdminWithdrawal[]>(`/api/admin/withdrawals${queryOf({ status: filter === 'all' ? null : filter })}`);
export const actOnWithdrawal = (id: number, action: WithdrawalAction, body: WithdrawalActionBody = {}) =>
  authedFetch<AdminWithdrawal>(`/api/admin/withdrawals/${id}/${action}`, { method: 'POST', ...jsonBody(body) });
