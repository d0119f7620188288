import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { CurrencyCode, OrderSummary, Quote } from '@writory/shared';
import Field from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { TestModeBadge, TestModeNotice } from '../components/payments/TestMode';
import { ApiError, apiErrorBody, fieldErrorsFrom } from '../lib/api';
import { CURRENCY_STORAGE_KEY, defaultCurrency, entriesLabel, freeEntriesText, monthName, ORDER_STATE_LABEL, tiersIn } from '../lib/payments';
import { $authStatus } from '../stores/auth';
import { $allowance, $competition, loadAllowance } from '../stores/contest';
import { t } from '../i18n/t';
import { around } from '../i18n/around';
import { countOf, formatMoney, nounForms } from '../lib/format';
import { competitionTitle } from '../lib/competitions';
import { quote, startCheckout } from '../api/payments';
import { $catalogue, $myPayments, loadCatalogue, loadMyPayments, settledOrder } from '../stores/payments';
import { localHref } from '../i18n/paths';

function savedCurrency(): string | null {
  try {
    return localStorage.getItem(CURRENCY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Buy entry credits for the month on sale (mounted on /submit): tiers priced in the chosen currency, a
 * coupon, and Stripe Checkout (our test page in test-payments mode). Stripe sends the poet back here with
 * ?order=…&checkout=success|cancelled|failed; the island waits for the webhook to confirm the payment.
 */
export default function BuyEntries() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const catalogue = useStore($catalogue);
  const mine = useStore($myPayments);
  const allowance = useStore($allowance);
  // Credits are bought for the competition chosen on /submit (unless the admin shares them across competitions).
  const competition = useStore($competition);
  const id = useId();
  const [currency, setCurrency] = useState<CurrencyCode | null>(null);
  const [tierId, setTierId] = useState<number | null>(null);
  const [coupon, setCoupon] = useState('');
  const [priced, setPriced] = useState<Quote | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const signedIn = hydrated && status === 'signed-in';

  useEffect(() => {
    loadCatalogue().catch(() => setLoadError(true));
  }, []);
  // Credits change when the poet enters a poem (the entry form reloads the allowance) or buys a tier.
  const entriesUsed = allowance.data?.used;
  useEffect(() => {
    if (signedIn) loadMyPayments(competition).catch(() => undefined);
  }, [signedIn, entriesUsed, competition]);
  useEffect(() => {
    if (!catalogue || currency) return;
    const chosen = defaultCurrency(catalogue.currencies, {
      saved: savedCurrency(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      languages: navigator.languages,
    });
    setCurrency(chosen);
  }, [catalogue, currency]);

  const tiers = tiersIn(catalogue?.tiers ?? [], currency);
  const tier = tiers.find((offer) => offer.id === tierId) ?? null;

  // Coming back from checkout: say what happened once the order has settled.
  useEffect(() => {
    if (!signedIn) return;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('order');
    const outcome = params.get('checkout');
    if (!code || !outcome) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.hash);
    if (outcome === 'cancelled') {
      setNotice(t('money.buy.cancelled', { code }));
      return;
    }
    setNotice(t('money.buy.confirming', { code }));
    settledOrder(code)
      .then((order) => {
        setNotice(null);
        if (order.state === 'paid') {
          setNotice(paidMessage(order));
          void loadAllowance();
        } else if (order.state === 'pending') setNotice(t('money.buy.stillPending', { code }));
        else setFormError(t('money.buy.notPaid', { code, state: ORDER_STATE_LABEL[order.state].toLocaleLowerCase() }));
        return loadMyPayments($competition.get());
      })
      .catch(() => setFormError(t('money.buy.checkFailed', { code })));
  }, [signedIn]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // A changed tier, currency or coupon text makes the last quote stale.
  useEffect(() => setPriced(null), [tierId, currency, coupon]);

  const chooseCurrency = (next: CurrencyCode) => {
    setCurrency(next);
    try {
      localStorage.setItem(CURRENCY_STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
  };

  const explain = useCallback((caught: unknown) => {
    const problems = fieldErrorsFrom(caught, ['couponCode', 'tierId', 'currency']);
    if (problems.fields.couponCode) setCouponError(problems.fields.couponCode);
    else if (caught instanceof ApiError && caught.status < 500) setFormError(apiErrorBody(caught)?.message ?? problems.form ?? t('money.buy.didNotWork'));
    else setFormError(t('money.buy.serviceDown'));
  }, []);

  async function applyCoupon() {
    if (!tier || !currency) return;
    setCouponError(null);
    setFormError(null);
    setBusy(true);
    try {
      setPriced(await quote({ tierId: tier.id, currency, couponCode: coupon || null, competition }));
    } catch (caught) {
      explain(caught);
    } finally {
      setBusy(false);
    }
  }

  async function buy(event: FormEvent) {
    event.preventDefault();
    if (!tier || !currency) {
      setFormError(t('money.buy.chooseFirst'));
      return;
    }
    setCouponError(null);
    setFormError(null);
    setNotice(null);
    setBusy(true);
    try {
      const started = await startCheckout({ tierId: tier.id, currency, couponCode: coupon || null, competition });
      if (started.checkoutUrl) {
        window.location.assign(started.checkoutUrl);
        return;
      }
      setNotice(paidMessage(started.order));
      setCoupon('');
      setTierId(null);
      await Promise.all([loadMyPayments($competition.get()), loadAllowance()]);
      setBusy(false);
    } catch (caught) {
      explain(caught);
      setBusy(false);
    }
  }

  // Judges, moderators and admins cannot enter (the entry form says so above): no credits to sell them.
  if (signedIn && allowance.data?.blocker?.code === 'role') return null;
  if (loadError) return <FormAlert>{t('money.buy.loadFailed')}</FormAlert>;
  // Signed in, the shop waits for the allowance too, so it never flashes up for someone who may not enter.
  if (!catalogue || !hydrated || status === 'loading' || (signedIn && !allowance.data && allowance.state !== 'failed')) {
    // About as tall as the tiers it waits for, so the page does not jump when they arrive.
    return (
      <p role="status" className="min-h-[45.5rem] text-ink-soft sm:min-h-[27.5rem]">
        {t('money.buy.loading')}
      </p>
    );
  }
  if (catalogue.tiers.length === 0) return <p className="text-ink-soft">{t('money.buy.noneOnSale')}</p>;

  const month = mine?.month;
  const total = priced?.total ?? tier?.price ?? null;
  return (
    <section
      id="buy-entries"
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
      data-testid="buy-entries"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="my-0 text-2xl font-bold">
          {month ? t('money.buy.titleFor', { month: monthName(month) }) : t('money.buy.title')}
        </h2>
        {catalogue.testMode && <TestModeBadge />}
      </div>
      {catalogue.testMode && <TestModeNotice />}
      {catalogue.mode === 'off' && <p className="text-sm text-ink-soft">{t('money.buy.cardsOff')}</p>}
      {signedIn && mine && (
        <p className="text-lg" data-testid="credits-available">
          {around(
            mine.credits.competition === null
              ? t('money.buy.creditsLeftShared', { month: monthName(mine.credits.month) })
              : allowance.data?.competition
                ? t('money.buy.creditsLeftIn', { month: monthName(mine.credits.month), competition: allowance.data.competition.name })
                : t('money.buy.creditsLeft', { month: monthName(mine.credits.month) }),
            { credits: <strong>{countOf(mine.credits.available, nounForms('credit'))}</strong> },
          )}{' '}
          {freeEntriesText(catalogue.freeEntriesPerMonth)}
        </p>
      )}
      <Notice innerRef={noticeRef}>{notice}</Notice>
      <FormAlert>{formError}</FormAlert>

      <form noValidate onSubmit={buy} className="space-y-4">
        {catalogue.currencies.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-currency`} className="text-sm font-semibold">
              {t('money.currency')}
            </label>
            <select
              id={`${id}-currency`}
              className="min-h-11 w-full max-w-xs rounded-md border border-stone-400 bg-white px-3 py-2"
              value={currency ?? ''}
              onChange={(e) => chooseCurrency(e.target.value as CurrencyCode)}
            >
              {catalogue.currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        )}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{t('money.buy.chooseTier')}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {tiers.map((offer) => (
              <label
                key={offer.id}
                className="flex cursor-pointer flex-col gap-1 rounded-lg border-2 border-stone-300 p-4 has-[:checked]:border-quill has-[:checked]:bg-parchment has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold"
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="tier"
                    value={offer.id}
                    checked={tierId === offer.id}
                    onChange={() => setTierId(offer.id)}
                    className="h-4 w-4 accent-quill"
                  />
                  <span className="font-semibold">{offer.name}</span>
                </span>
                <span className="text-sm text-ink-soft">{entriesLabel(offer.entries)}</span>
                <span className="text-lg font-bold">{formatMoney(offer.price, currency!)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {signedIn ? (
          <>
            <div className="flex flex-wrap items-end gap-2">
              <Field
                label={t('money.buy.coupon')}
                name="couponCode"
                autoComplete="off"
                maxLength={32}
                value={coupon}
                onChange={(e) => {
                  setCoupon(e.target.value.toUpperCase());
                  setCouponError(null);
                }}
                error={couponError}
                className="min-w-0 flex-1"
              />
              <button type="button" className="btn btn-outline min-h-11" onClick={applyCoupon} disabled={busy || !tier || !coupon}>
                {t('money.buy.apply')}
              </button>
            </div>
            {priced && tier && (
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md bg-parchment p-3 text-sm" data-testid="quote">
                <dt>
                  {priced.tierName} ({entriesLabel(priced.entries)})
                </dt>
                <dd className="text-end">{formatMoney(priced.subtotal, priced.currency)}</dd>
                {priced.coupon && (
                  <>
                    <dt>{t('money.buy.couponLine', { code: priced.coupon.code, description: priced.coupon.description })}</dt>
                    <dd className="text-end">−{formatMoney(priced.discount, priced.currency)}</dd>
                  </>
                )}
                <dt className="font-bold">{t('money.total')}</dt>
                <dd className="text-end font-bold">{formatMoney(priced.total, priced.currency)}</dd>
              </dl>
            )}
            <button type="submit" className="btn btn-default btn-lg w-full sm:w-auto" disabled={busy || !tier} aria-busy={busy}>
              {!tier || total === null || !currency
                ? t('money.buy.chooseTier')
                : total === 0
                  ? t('money.buy.getFree', { entries: entriesLabel(tier.entries) })
                  : t('money.buy.buyFor', { entries: entriesLabel(tier.entries), amount: formatMoney(total, currency) })}
            </button>
          </>
        ) : (
          <a className="btn btn-default" href={localHref(`/auth?${new URLSearchParams({ next: '/submit' })}`)}>
            {t('money.buy.signIn')}
          </a>
        )}
      </form>

      {signedIn && mine && mine.orders.length > 0 && <RecentOrders orders={mine.orders.slice(0, 5)} />}
      {signedIn && (
        <p className="text-sm">
          {around(t('money.buy.invite'), {
            link: (
              <a className="btn-link" href={localHref('/referrals')}>
                {t('money.buy.referralLink')}
              </a>
            ),
            earnings: (
              <a className="btn-link" href={localHref('/earnings')}>
                {t('money.earnings')}
              </a>
            ),
          })}
        </p>
      )}
    </section>
  );
}

function paidMessage(order: OrderSummary): string {
  return t('orders.paid', {
    code: order.code,
    entries: entriesLabel(order.entries),
    competition: competitionTitle(order.competition.name),
    month: monthName(order.month),
  });
}

function RecentOrders({ orders }: { orders: OrderSummary[] }) {
  return (
    <details className="text-sm">
      <summary className="font-semibold text-quill underline underline-offset-4">{t('orders.recent')}</summary>
      <ul className="mt-2 space-y-1" data-testid="recent-orders">
        {orders.map((o) => (
          <li key={o.code} className="flex flex-wrap justify-between gap-2 border-b border-stone-200 py-1">
            <span>{t('orders.row', { code: o.code, competition: competitionTitle(o.competition.name), tier: o.tierName, month: monthName(o.month) })}</span>
            <span>
              {formatMoney(o.total, o.currency)} · {ORDER_STATE_LABEL[o.state]}
              {o.testMode ? ` · ${t('money.buy.test')}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
