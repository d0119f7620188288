// Wire shapes of paid entry, coupons, revenue, referrals, earnings and withdrawals. Amounts are integers in
// minor units with an ISO 4217 code (see money.ts).
import type { CurrencyCode, Money } from './money.ts';
import type { CompetitionRef } from './competitions.ts';
import type { CouponInput } from './schemas/payments.ts';

export * from './money.ts';

/** live: Stripe; test: test-payments mode (no money moves); off: production without Stripe keys (free orders only). */
export type PaymentsMode = 'live' | 'test' | 'off';
export type OrderState = 'pending' | 'paid' | 'failed' | 'refunded';
export type PaymentProvider = 'stripe' | 'stripe_test' | 'free';

/** GET /api/payments/tiers: what anyone may see (active tiers only). */
export interface PublicTier {
  id: number;
  name: string;
  /** Entry credits the tier gives for its month. */
  entries: number;
  prices: Money[];
}

export interface TierCatalogue {
  mode: PaymentsMode;
  /** Test-payments mode: checkout completes on our own test page, no money moves. */
  testMode: boolean;
  currencies: CurrencyCode[];
  tiers: PublicTier[];
  /** Entries every poet may make each month without buying any (0: every entry is paid for). */
  freeEntriesPerMonth: number;
}

export interface AdminTier extends PublicTier {
  active: boolean;
  sortOrder: number;
  updatedAt: string;
}

export type DiscountType = 'percent' | 'fixed';

export interface AdminCoupon extends Required<Omit<CouponInput, 'description'>> {
  id: number;
  description: string | null;
  disabled: boolean;
  /** Paid and refunded orders that used it, and pending checkouts holding a use. */
  uses: number;
  paidUses: number;
  /** 'active' | 'scheduled' | 'expired' | 'exhausted' | 'disabled' */
  status: CouponStatus;
}
export type CouponStatus = 'active' | 'scheduled' | 'expired' | 'exhausted' | 'disabled';

export interface Quote {
  tierId: number;
  tierName: string;
  entries: number;
  /** YYYY-MM: the contest month the credits are for. */
  month: string;
  currency: CurrencyCode;
  subtotal: number;
  discount: number;
  total: number;
  coupon: { code: string; description: string } | null;
}

export interface OrderSummary {
  code: string;
  state: OrderState;
  /** The competition the credits are for (Poetry for orders from before competitions). */
  competition: CompetitionRef;
  month: string;
  tierName: string;
  entries: number;
  currency: CurrencyCode;
  subtotal: number;
  discount: number;
  total: number;
  couponCode: string | null;
  provider: PaymentProvider;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  testMode: boolean;
}

export interface AdminOrder extends OrderSummary {
  poet: { id: number; name: string | null; email: string | null };
}

/** POST /api/payments/checkout answer: where to pay, or nothing to pay (a free order is paid already). */
export interface CheckoutStarted {
  order: OrderSummary;
  checkoutUrl: string | null;
}

/** GET /api/payments/me */
export interface MyPayments {
  testMode: boolean;
  month: string;
  credits: CreditSummary;
  orders: OrderSummary[];
}

export interface CreditSummary {
  month: string;
  /** The competition these credits are for; null when credits are shared across competitions (a site setting). */
  competition: string | null;
  /** Credits left to enter poems this month. */
  available: number;
  purchased: number;
  used: number;
}

/** Test-payments checkout page: GET /api/payments/test-checkout/:session */
export interface TestCheckoutSession {
  sessionId: string;
  order: OrderSummary;
}

/** GET /api/admin/payments/revenue */
export interface RevenueReport {
  from: string;
  to: string;
  timeZone: string;
  testMode: boolean;
  currencies: RevenueByCurrency[];
  orders: AdminOrder[];
}

export interface RevenueRow {
  key: string;
  label: string;
  orders: number;
  gross: number;
  discounts: number;
  refunds: number;
  net: number;
}

export interface RevenueByCurrency {
  currency: CurrencyCode;
  totals: Omit<RevenueRow, 'key' | 'label'>;
  byDay: RevenueRow[];
  byMonth: RevenueRow[];
  byTier: RevenueRow[];
  byCoupon: RevenueRow[];
}

export type RewardType = 'percent' | 'fixed';
export type PayoutMethod = 'upi' | 'bank' | 'paypal';

/** GET/PUT /api/admin/payments/settings */
export interface PaymentSettings {
  referralRewardType: RewardType;
  referralRewardPercent: number;
  referralRewardFixed: Money[];
  /** Days a reward stays pending (the refund period) before it can be withdrawn. */
  referralHoldDays: number;
  withdrawalMinimums: Money[];
  payoutMethods: PayoutMethod[];
}

export type ReferralStatus = 'signed_up' | 'rewarded' | 'reversed';

/** GET /api/referrals/me */
export interface MyReferrals {
  testMode: boolean;
  code: string;
  /** Site path of the invitation link, e.g. /join?ref=ABCD2345 */
  path: string;
  rewardRule: string;
  holdDays: number;
  referrals: {
    name: string;
    joinedAt: string;
    status: ReferralStatus;
    reward: Money | null;
    rewardAvailableAt: string | null;
  }[];
}

/** GET /api/referrals/codes/:code (the invitation page) */
export interface ReferralInvite {
  code: string;
  inviter: string;
}

export type LedgerKind = 'referral_reward' | 'referral_reversal' | 'withdrawal' | 'withdrawal_returned';

export interface LedgerRow {
  id: number;
  currency: CurrencyCode;
  /** Signed: credits positive, debits negative. */
  amount: number;
  kind: LedgerKind;
  description: string;
  createdAt: string;
  availableAt: string;
  /** Earned through a test payment: shown labelled TEST MODE, never withdrawable. */
  testMode: boolean;
}

export type WithdrawalStatus = 'requested' | 'approved' | 'paid' | 'rejected';

export interface PayoutDetails {
  upiId?: string;
  accountName?: string;
  accountNumber?: string;
  /** IFSC for INR accounts, SWIFT/BIC otherwise. */
  bankCode?: string;
  paypalEmail?: string;
}

export interface Withdrawal {
  id: number;
  currency: CurrencyCode;
  amount: number;
  method: PayoutMethod;
  /** Masked for display (last digits only). */
  destination: string;
  status: WithdrawalStatus;
  reference: string | null;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface AdminWithdrawal extends Withdrawal {
  poet: { id: number; name: string | null; email: string | null };
  /** Full payout details, for the admin who pays. */
  details: PayoutDetails;
}

/** GET /api/earnings/me */
export interface MyEarnings {
  testMode: boolean;
  /** Real money: what withdrawals are checked against. */
  balances: { currency: CurrencyCode; available: number; pending: number }[];
  /** Rewards from test payments, per currency: shown apart, never withdrawable. */
  testBalances: { currency: CurrencyCode; available: number; pending: number }[];
  ledger: LedgerRow[];
  withdrawals: Withdrawal[];
  minimums: Money[];
  methods: PayoutMethod[];
}
