// Paid entry: the tier catalogue, checkout and orders for poets; tiers, coupons, revenue, refunds and money settings for admins.
import type {
  AdminCoupon,
  AdminTier,
  CheckoutInput,
  CheckoutStarted,
  CouponInput,
  MyPayments,
  OrderSummary,
  PaymentSettings,
  Quote,
  RevenueReport,
  TestCheckoutSession,
  TierCatalogue,
  TierInput,
} from '@writory/shared';
import { apiFetch, authedFetch, jsonBody, queryOf } from '../lib/api';

/** The tiers on sale, their prices, and the payments mode (live, test or off). */
export const tierCatalogue = () => apiFetch<TierCatalogue>('/api/payments/tiers');
/** The signed-in poet's credits for the month on sale and their recent orders. */
/** The poet's orders and their credits of the month for a competition (poetry when none is named). */
export const myPayments = (competition?: string) => authedFetch<MyPayments>(`/api/payments/me${competition ? `?${new URLSearchParams({ competition })}` : ''}`);

export const quote = (input: CheckoutInput) => authedFetch<Quote>('/api/payments/quote', { method: 'POST', ...jsonBody(input) });
export const startCheckout = (input: CheckoutInput) => authedFetch<CheckoutStarted>('/api/payments/checkout', { method: 'POST', ...jsonBody(input) });
export const order = (code: string) => authedFetch<OrderSummary>(`/api/payments/orders/${encodeURIComponent(code)}`);

// Test-payments mode's stand-in for Stripe's hosted checkout.
const testCheckoutPath = (session: string) => `/api/payments/test-checkout/${encodeURIComponent(session)}`;
export const testCheckout = (session: string) => authedFetch<TestCheckoutSession>(testCheckoutPath(session));
/** Pays or declines: the cms sends itself Stripe's signed event; then the poet goes to `redirectUrl`. */
export const finishTestCheckout = (session: string, outcome: 'paid' | 'failed') =>
  authedFetch<{ order: OrderSummary; redirectUrl: string }>(testCheckoutPath(session), { method: 'POST', ...jsonBody({ outcome }) });

// --- Admins ---

export const adminTiers = () => authedFetch<AdminTier[]>('/api/admin/payments/tiers');
/** Creates a tier, or changes the one with `id`. */
export const saveTier = (id: number | null, input: TierInput) =>
  authedFetch<AdminTier>(id === null ? '/api/admin/payments/tiers' : `/api/admin/payments/tiers/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    ...jsonBody(input),
  });

export const adminCoupons = () => authedFetch<AdminCoupon[]>('/api/admin/payments/coupons');
/** Creates a coupon, or changes the one with `id`. */
export const saveCoupon = (id: number | null, input: CouponInput) =>
  authedFetch<AdminCoupon>(id === null ? '/api/admin/payments/coupons' : `/api/admin/payments/coupons/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    ...jsonBody(input),
  });
export const setCouponDisabled = (id: number, disabled: boolean) =>
  authedFetch<AdminCoupon>(`/api/admin/payments/coupons/${id}`, { method: 'PATCH', ...jsonBody({ disabled }) });

/** Revenue between two days (YYYY-MM-DD); without them, the server's default range. */
export const revenueReport = (range: { from?: string; to?: string } = {}) => authedFetch<RevenueReport>(`/api/admin/payments/revenue${queryOf(range)}`);
/** Refunds the order; its unused entry credits are withdrawn. */
export const refundOrder = (code: string) => authedFetch<void>(`/api/admin/payments/orders/${encodeURIComponent(code)}/refund`, { method: 'POST' });

export const paymentSettings = () => authedFetch<PaymentSettings>('/api/admin/payments/settings');
export const savePaymentSettings = (settings: PaymentSettings) =>
  authedFetch<PaymentSettings>('/api/admin/payments/settings', { method: 'PUT', ...jsonBody(settings) });
