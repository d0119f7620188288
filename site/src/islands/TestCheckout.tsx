import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { sameOriginPath } from '@writory/shared';
import { formatMoney } from '../lib/format';
import { FormAlert } from '../components/react/Message';
import { TestModeNotice } from '../components/payments/TestMode';
import SignInPrompt from '../components/payments/SignInPrompt';
import { useSignedInPage } from '../components/payments/useSignedIn';
import { finishTestCheckout } from '../api/payments';
import { apiErrorBody } from '../lib/api';
import { entriesLabel, monthName, ORDER_STATE_LABEL } from '../lib/payments';
import { t } from '../i18n/t';
import { competitionTitle } from '../lib/competitions';
import { $testCheckout, loadTestCheckout } from '../stores/payments';
import { localHref } from '../i18n/paths';

/**
 * Test-payments mode's stand-in for Stripe's hosted checkout page. Paying (or declining) here makes the cms
 * send itself the event Stripe would send, signed, through the real webhook handler; then back to /submit.
 */
export default function TestCheckout() {
  const session = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('session');
  const { ready, signedOut } = useSignedInPage();
  const data = useStore($testCheckout);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ready) return;
    if (!session) {
      setError(t('money.checkout.noSession'));
      return;
    }
    loadTestCheckout(session).catch((caught) => setError(apiErrorBody(caught)?.message ?? t('money.checkout.loadFailed')));
  }, [ready, session]);

  async function finish(outcome: 'paid' | 'failed') {
    setBusy(true);
    setError(null);
    try {
      const done = await finishTestCheckout(session!, outcome);
      window.location.assign(sameOriginPath(done.redirectUrl, window.location.origin) ?? '/submit');
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('money.checkout.failed'));
      setBusy(false);
    }
  }

  if (signedOut) return <SignInPrompt next={`/checkout-test?session=${session ?? ''}`}>{t('money.checkout.signIn')}</SignInPrompt>;
  if (error) return <FormAlert>{error}</FormAlert>;
  if (!data)
    return (
      <p role="status" className="text-ink-soft">
        {t('money.checkout.loading')}
      </p>
    );
  const { order } = data;
  const open = order.state === 'pending';
  return (
    <div className="space-y-5" data-testid="test-checkout">
      <TestModeNotice>{t('money.checkout.notice')}</TestModeNotice>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <dt>{t('money.checkout.order')}</dt>
        <dd className="text-end font-mono">{order.code}</dd>
        <dt>{t('checkout.competition')}</dt>
        <dd className="text-end" data-testid="checkout-competition">
          {competitionTitle(order.competition.name)}
        </dd>
        <dt>{t('checkout.tierLine', { tier: order.tierName, entries: entriesLabel(order.entries), month: monthName(order.month) })}</dt>
        <dd className="text-end">{formatMoney(order.subtotal, order.currency)}</dd>
        {order.discount > 0 && (
          <>
            <dt>{t('money.checkout.coupon', { code: order.couponCode ?? '' })}</dt>
            <dd className="text-end">−{formatMoney(order.discount, order.currency)}</dd>
          </>
        )}
        <dt className="text-lg font-bold">{t('money.total')}</dt>
        <dd className="text-end text-lg font-bold" data-testid="checkout-total">
          {formatMoney(order.total, order.currency)}
        </dd>
      </dl>
      {open ? (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn btn-default btn-lg" onClick={() => finish('paid')} disabled={busy} aria-busy={busy}>
            {t('money.checkout.pay', { amount: formatMoney(order.total, order.currency) })}
          </button>
          <button type="button" className="btn btn-outline btn-lg" onClick={() => finish('failed')} disabled={busy}>
            {t('money.checkout.decline')}
          </button>
          <a className="btn btn-ghost btn-lg" href={localHref(`/submit?${new URLSearchParams({ order: order.code, checkout: 'cancelled' })}`)}>
            {t('money.checkout.back')}
          </a>
        </div>
      ) : (
        <p>
          {t('money.checkout.already', { state: ORDER_STATE_LABEL[order.state].toLocaleLowerCase() })}{' '}
          <a className="btn-link" href={localHref('/submit')}>
            {t('money.checkout.backToSubmit')}
          </a>
        </p>
      )}
    </div>
  );
}
