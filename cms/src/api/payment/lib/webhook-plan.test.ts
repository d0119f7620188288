import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeOf, planEvent, sessionMatchesOrder } from './webhook-plan';

const event = (type: string, object: object = {}) => ({ type, data: { object } });

describe('planEvent', () => {
  it.each([
    ['checkout.session.completed', { payment_status: 'paid' }, { action: 'pay' }],
    ['checkout.session.completed', { payment_status: 'no_payment_required' }, { action: 'pay' }],
    ['checkout.session.completed', { payment_status: 'unpaid' }, { action: 'await_payment' }],
    ['checkout.session.completed', {}, { action: 'await_payment' }],
    ['checkout.session.async_payment_succeeded', { payment_status: 'paid' }, { action: 'pay' }],
    ['checkout.session.async_payment_succeeded', { payment_status: 'unpaid' }, { action: 'await_payment' }],
    ['checkout.session.async_payment_failed', { payment_status: 'paid' }, { action: 'fail', reason: 'The payment failed.' }],
    ['checkout.session.expired', {}, { action: 'fail', reason: 'The checkout expired.' }],
    ['charge.refunded', { refunded: true }, { action: 'refund' }],
    ['charge.refunded', { refunded: false }, { action: 'ignore_partial_refund' }],
    ['charge.refunded', {}, { action: 'ignore_partial_refund' }],
    ['payment_intent.succeeded', { payment_status: 'paid', refunded: true }, { action: 'ignore' }],
  ])('%s %o → %o', (type, object, plan) => {
    expect(planEvent(event(type, object))).toEqual(plan);
  });

  it('ignores every event type it does not handle, whatever the object says', () => {
    const handled = new Set([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'checkout.session.expired',
      'charge.refunded',
    ]);
    fc.assert(
      fc.property(
        fc.string().filter((type) => !handled.has(type)),
        fc.record({ payment_status: fc.constantFrom('paid', 'unpaid'), refunded: fc.boolean() }),
        (type, object) => {
          expect(planEvent(event(type, object))).toEqual({ action: 'ignore' });
        },
      ),
    );
  });

  it('pays only for a paid (or free) completed session', () => {
    fc.assert(
      fc.property(fc.constantFrom('checkout.session.completed', 'checkout.session.async_payment_succeeded'), fc.option(fc.string()), (type, status) => {
        const paid = status === 'paid' || status === 'no_payment_required';
        expect(planEvent(event(type, { payment_status: status })).action).toBe(paid ? 'pay' : 'await_payment');
      }),
    );
  });
});

describe('sessionMatchesOrder', () => {
  it('accepts exactly the order’s total in its currency, in any letter case', () => {
    expect(sessionMatchesOrder({ amount_total: 1999, currency: 'usd' }, { total: 1999, currency: 'USD' })).toBe(true);
    expect(sessionMatchesOrder({ amount_total: 1999, currency: 'USD' }, { total: 1999, currency: 'USD' })).toBe(true);
    expect(sessionMatchesOrder({ amount_total: 1998, currency: 'usd' }, { total: 1999, currency: 'USD' })).toBe(false);
    expect(sessionMatchesOrder({ amount_total: 1999, currency: 'inr' }, { total: 1999, currency: 'USD' })).toBe(false);
    expect(sessionMatchesOrder({ amount_total: null, currency: 'usd' }, { total: 0, currency: 'USD' })).toBe(false);
    expect(sessionMatchesOrder({ amount_total: 0, currency: null }, { total: 0, currency: 'USD' })).toBe(false);
  });

  it('refuses any other amount', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom('INR', 'USD', 'EUR', 'GBP'), (paid, total, currency) => {
        expect(sessionMatchesOrder({ amount_total: paid, currency: currency.toLowerCase() }, { total, currency })).toBe(paid === total);
      }),
    );
  });
});

describe('outcomeOf', () => {
  it('names the change, or the state the order already had', () => {
    expect(outcomeOf('paid', true, 'pending')).toBe('paid');
    expect(outcomeOf('paid', false, 'paid')).toBe('unchanged_paid');
    expect(outcomeOf('refunded', false, 'pending')).toBe('unchanged_pending');
    expect(outcomeOf('failed', true, 'pending')).toBe('failed');
  });
});
