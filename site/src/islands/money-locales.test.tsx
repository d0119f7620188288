// The money pages poets use on Hindi and Arabic pages (issue 39): entry credits, the test checkout, earnings and
// referrals say everything in the page's language. Names, tiers and the cms's own words here are in Devanagari or
// Arabic script, so any Latin word left is interface English (codes and brand names aside).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { EntryAllowance, MyEarnings, MyPayments, MyReferrals, TestCheckoutSession, TierCatalogue } from '@writory/shared';
import { englishIn, showPageIn } from '../test/english-left';
import { $authStatus } from '../stores/auth';
import { $myEarnings, $myReferrals } from '../stores/earnings';
import { $catalogue, $myPayments, $testCheckout } from '../stores/payments';
import { $allowance } from '../stores/contest';
import { CURRENCY_STORAGE_KEY } from '../lib/payments';

// Nobody signs in or out on their own, and the cms never answers: the tests set the stores themselves.
vi.mock('../lib/firebase', () => ({
  loadFirebaseAuth: () => new Promise(() => undefined),
  loadedFirebaseAuth: () => null,
  currentIdToken: async () => null,
}));

const { default: BuyEntries } = await import('./BuyEntries');
const { default: TestCheckout } = await import('./TestCheckout');
const { default: EarningsPage } = await import('./EarningsPage');
const { default: ReferralsPage } = await import('./ReferralsPage');

const order = {
  code: 'WR-7K2',
  state: 'pending',
  competition: { slug: 'poetry', name: 'कविता' },
  month: '2026-12',
  tierName: 'तीन कविताएँ',
  entries: 3,
  currency: 'INR',
  subtotal: 9900,
  discount: 1000,
  total: 8900,
  couponCode: 'DIWALI',
  provider: 'stripe_test',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  refundedAt: null,
  testMode: true,
} as TestCheckoutSession['order'];

const catalogue: TierCatalogue = {
  mode: 'test',
  testMode: true,
  currencies: ['INR', 'USD'],
  tiers: [{ id: 1, name: 'तीन कविताएँ', entries: 3, prices: [{ currency: 'INR', amount: 9900 }] }],
  freeEntriesPerMonth: 1,
} as TierCatalogue;

const mine: MyPayments = {
  testMode: true,
  month: '2026-12',
  credits: { month: '2026-12', competition: 'poetry', available: 2, purchased: 3, used: 1 },
  orders: [
    { ...order, state: 'paid' },
    { ...order, code: 'WR-8M3', state: 'failed' },
  ],
} as MyPayments;

const earnings: MyEarnings = {
  testMode: true,
  balances: [{ currency: 'INR', available: 50_000, pending: 1_000 }],
  testBalances: [{ currency: 'USD', available: 500, pending: 0 }],
  ledger: [
    {
      id: 1,
      createdAt: '2026-11-01T10:00:00.000Z',
      description: 'इनाम',
      amount: 5_000,
      currency: 'INR',
      availableAt: '2026-11-15T10:00:00.000Z',
      testMode: false,
    },
  ],
  withdrawals: [
    {
      id: 1,
      amount: 10_000,
      currency: 'INR',
      status: 'rejected',
      destination: 'UPI ••••1234',
      reference: 'R-77',
      rejectReason: 'ग़लत खाता',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
  minimums: [{ currency: 'INR', amount: 10_000 }],
  methods: ['upi', 'bank', 'paypal'],
} as unknown as MyEarnings;

const referrals: MyReferrals = {
  testMode: true,
  code: 'ABCD2345',
  path: '/join?ref=ABCD2345',
  rewardRule: '10%',
  holdDays: 14,
  referrals: [
    {
      name: 'मीरा',
      joinedAt: '2026-11-01T10:00:00.000Z',
      status: 'rewarded',
      reward: { currency: 'INR', amount: 1000 },
      rewardAvailableAt: '2099-01-01T00:00:00.000Z',
    },
    { name: 'सलमा', joinedAt: '2026-11-03T10:00:00.000Z', status: 'signed_up', reward: null, rewardAvailableAt: null },
  ],
};

beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  $authStatus.set('loading');
  await showPageIn('en');
});

describe.each(['hi', 'ar'] as const)('the money pages on a %s page', (lang) => {
  it('sell entry credits in the page’s language', async () => {
    await showPageIn(lang);
    $authStatus.set('signed-in');
    $catalogue.set(catalogue);
    $myPayments.set(mine);
    $allowance.set({ state: 'ready', data: { used: 1, blocker: null, competition: { slug: 'poetry', name: 'कविता' } } as unknown as EntryAllowance });
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'INR');
    render(<BuyEntries />);
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('radio'));
    expect(screen.getByTestId('credits-available')).toBeTruthy();
    expect(englishIn()).toEqual([]);
  });

  it('shows the test checkout in the page’s language', async () => {
    await showPageIn(lang);
    window.history.replaceState(null, '', '/checkout-test?session=cs_1');
    $authStatus.set('signed-in');
    $testCheckout.set({ sessionId: 'cs_1', order });
    render(<TestCheckout />);
    await act(async () => undefined);
    expect(screen.getByTestId('test-checkout')).toBeTruthy();
    expect(englishIn()).toEqual([]);
  });

  it('shows earnings and the withdrawal form in the page’s language', async () => {
    await showPageIn(lang);
    $authStatus.set('signed-in');
    $myEarnings.set({ state: 'ready', data: earnings });
    render(<EarningsPage />);
    await act(async () => undefined);
    expect(screen.getByTestId('withdrawal-form')).toBeTruthy();
    fireEvent.submit(screen.getByTestId('withdrawal-form'));
    await act(async () => undefined);
    expect(englishIn()).toEqual([]);
  });

  it('shows the referral link and who joined in the page’s language', async () => {
    await showPageIn(lang);
    $authStatus.set('signed-in');
    $myReferrals.set({ state: 'ready', data: referrals });
    render(<ReferralsPage />);
    await act(async () => undefined);
    expect(screen.getByTestId('referral-list')).toBeTruthy();
    expect(englishIn()).toEqual([]);
  });

  it('asks a visitor to sign in in the page’s language', async () => {
    await showPageIn(lang);
    $authStatus.set('signed-out');
    render(
      <>
        <EarningsPage />
        <ReferralsPage />
      </>,
    );
    await act(async () => undefined);
    expect(englishIn()).toEqual([]);
  });

  it('shows the cms’s refusal of an amount under the amount field, as before', async () => {
    await showPageIn(lang);
    const refusal = { error: { name: 'ConflictError', message: 'ज़्यादा', details: { errors: [{ path: ['amount'], message: 'ज़्यादा राशि' }] } } };
    // Only the withdrawal answers (refused); reading the earnings again never does, so the page keeps the data set here.
    vi.stubGlobal('fetch', (_path: string, init?: RequestInit) =>
      init?.method === 'POST' ? Promise.resolve(Response.json(refusal, { status: 409 })) : new Promise(() => undefined),
    );
    $authStatus.set('signed-in');
    $myEarnings.set({ state: 'ready', data: earnings });
    render(<EarningsPage />);
    await act(async () => undefined);
    const form = screen.getByTestId('withdrawal-form');
    fireEvent.change(form.querySelector('input[name="amount"]')!, { target: { value: '20' } });
    await act(async () => fireEvent.submit(form));
    await act(async () => undefined);
    expect(form.querySelector('input[name="amount"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('ज़्यादा राशि');
  });
});
