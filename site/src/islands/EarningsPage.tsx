import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { parseMajor, toMajorString, type CurrencyCode, type MyEarnings, type PayoutMethod, type Withdrawal } from '@writory/shared';
import Field, { focusFirstProblem } from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import { TestModeBadge } from '../components/payments/TestMode';
import SignInPrompt from '../components/payments/SignInPrompt';
import { useSignedInPage } from '../components/payments/useSignedIn';
import { requestWithdrawal } from '../api/earnings';
import { ApiError, fieldErrorsFrom } from '../lib/api';
import { noEarningsText, PAYOUT_METHOD_LABEL as METHOD_LABEL, WITHDRAWAL_STATUS_LABEL } from '../lib/payments';
import ScrollRegion from '../components/react/ScrollRegion';
import { formatDate, formatMoney } from '../lib/format';
import { $myEarnings, loadMyEarnings } from '../stores/earnings';
import { localHref } from '../i18n/paths';
import { around } from '../i18n/around';
import { t } from '../i18n/t';

const DETAIL_FIELDS: Record<
  PayoutMethod,
  { name: string; label: (inr: boolean) => string; hint?: (inr: boolean) => string; autoComplete?: string; type?: string }[]
> = {
  upi: [{ name: 'upiId', label: () => t('money.earn.upiId'), hint: () => t('money.earn.upiHint') }],
  bank: [
    { name: 'accountName', label: () => t('money.earn.accountName'), autoComplete: 'name' },
    {
      name: 'accountNumber',
      label: (inr) => t(inr ? 'money.earn.accountNumber' : 'money.earn.accountOrIban'),
      hint: (inr) => t(inr ? 'money.earn.accountHintInr' : 'money.earn.accountHint'),
    },
    {
      // The codes' names are the banks' own, the same in every language.
      name: 'bankCode',
      label: (inr) => (inr ? 'IFSC' : 'SWIFT/BIC'),
      hint: (inr) => t(inr ? 'money.earn.ifscHint' : 'money.earn.swiftHint'),
    },
  ],
  paypal: [{ name: 'paypalEmail', label: () => t('money.earn.paypalEmail'), type: 'email', autoComplete: 'email' }],
};

/** /earnings: available and pending balance, the withdrawal form, and every credit and debit. */
export default function EarningsPage() {
  const { ready, signedOut } = useSignedInPage();
  const earnings = useStore($myEarnings);
  useEffect(() => {
    if (ready) void loadMyEarnings();
  }, [ready]);

  if (signedOut) return <SignInPrompt next="/earnings">{t('money.earn.signIn')}</SignInPrompt>;
  if (earnings.state === 'failed') return <FormAlert>{t('money.earn.failed')}</FormAlert>;
  const data = earnings.data;
  if (!data)
    return (
      <p role="status" className="text-ink-soft">
        {t('common.loading')}
      </p>
    );
  return (
    <div className="space-y-8" data-testid="earnings">
      {data.testMode && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
          <TestModeBadge /> {t('money.earn.testMode')}
        </p>
      )}
      <section aria-labelledby="earn-balance">
        <h2 id="earn-balance" className="mb-3 text-xl font-bold">
          {t('money.earn.balance')}
        </h2>
        {data.balances.length === 0 ? (
          <p className="text-ink-soft" data-testid="no-earnings">
            {noEarningsText(data.testBalances.length > 0)}{' '}
            {around(t('money.earn.invite'), {
              referrals: (
                <a className="btn-link" href={localHref('/referrals')}>
                  {t('money.earn.referrals')}
                </a>
              ),
            })}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.balances.map((b) => (
              <li key={b.currency} className="rounded-lg border border-stone-200 bg-white p-4" data-testid={`balance-${b.currency}`}>
                <p className="text-sm text-ink-soft">{b.currency}</p>
                <p className="text-2xl font-bold">
                  {formatMoney(b.available, b.currency)} <span className="text-base font-normal text-ink-soft">{t('money.earn.available')}</span>
                </p>
                <p className="text-sm text-ink-soft">{t('money.earn.pending', { amount: formatMoney(b.pending, b.currency) })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.testBalances.length > 0 && <TestBalances data={data} />}
      {data.balances.some((b) => b.available > 0) && <WithdrawalForm data={data} onDone={() => void loadMyEarnings()} />}
      <Withdrawals withdrawals={data.withdrawals} />
      <Ledger data={data} />
    </div>
  );
}

function WithdrawalForm({ data, onDone }: { data: MyEarnings; onDone: () => void }) {
  const currencies = data.balances.filter((b) => b.available > 0).map((b) => b.currency);
  const [currency, setCurrency] = useState<CurrencyCode>(currencies[0]);
  const methods = data.methods.filter((m) => m !== 'upi' || currency === 'INR');
  const [method, setMethod] = useState<PayoutMethod>(methods[0] ?? 'paypal');
  const [amount, setAmount] = useState('');
  const [details, setDetails] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const available = data.balances.find((b) => b.currency === currency)?.available ?? 0;
  const minimum = data.minimums.find((m) => m.currency === currency)?.amount ?? 0;
  const inr = currency === 'INR';
  const activeMethod = methods.includes(method) ? method : methods[0];

  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    setNotice(null);
    const minor = parseMajor(amount, currency);
    if (minor === null || minor === 0) {
      setErrors({ amount: t('money.earn.enterAmount', { example: toMajorString(minimum || 100, currency) }) });
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const done = await requestWithdrawal({ currency, amount: minor, method: activeMethod, details });
      setNotice(t('money.earn.requested', { amount: formatMoney(done.amount, done.currency) }));
      setAmount('');
      onDone();
    } catch (caught) {
      const names = ['amount', 'method', 'currency', ...DETAIL_FIELDS[activeMethod].map((f) => `details.${f.name}`)];
      const problems = fieldErrorsFrom(caught, names);
      setErrors(problems.fields);
      if (!Object.keys(problems.fields).length)
        setFormError(caught instanceof ApiError && caught.status < 500 && problems.form ? problems.form : t('money.earn.requestFailed'));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const select = 'min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2';
  return (
    <section aria-labelledby="earn-withdraw" className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="earn-withdraw" className="mb-1 text-xl font-bold">
        {t('money.earn.withdraw')}
      </h2>
      <p className="mb-4 text-sm text-ink-soft">
        {minimum
          ? t('money.earn.availableMin', { amount: formatMoney(available, currency), minimum: formatMoney(minimum, currency) })
          : t('money.earn.availableOnly', { amount: formatMoney(available, currency) })}
      </p>
      <form ref={form} noValidate onSubmit={submit} className="max-w-lg space-y-4" data-testid="withdrawal-form">
        <Notice>{notice}</Notice>
        <FormAlert>{formError}</FormAlert>
        {currencies.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor="w-currency" className="text-sm font-semibold">
              {t('money.currency')}
            </label>
            <select id="w-currency" className={select} value={currency} onChange={(e) => setCurrency(e.target.value as CurrencyCode)}>
              {currencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
        )}
        <Field
          label={t('money.earn.amount', { currency })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          hint={t('money.earn.upTo', { amount: toMajorString(available, currency) })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="w-method" className="text-sm font-semibold">
            {t('money.earn.method')}
          </label>
          <select
            id="w-method"
            className={select}
            value={activeMethod}
            onChange={(e) => setMethod(e.target.value as PayoutMethod)}
            aria-invalid={errors.method ? true : undefined}
          >
            {methods.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABEL[m]}
              </option>
            ))}
          </select>
          {errors.method && <p className="text-sm font-medium text-red-800">{errors.method}</p>}
        </div>
        {DETAIL_FIELDS[activeMethod].map((f) => (
          <Field
            key={`${activeMethod}-${f.name}`}
            label={f.label(inr)}
            hint={f.hint?.(inr)}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete ?? 'off'}
            value={details[f.name] ?? ''}
            onChange={(e) => setDetails({ ...details, [f.name]: e.target.value })}
            error={errors[`details.${f.name}`]}
          />
        ))}
        <button type="submit" className="btn btn-default" disabled={busy} aria-busy={busy}>
          {t('money.earn.request')}
        </button>
      </form>
    </section>
  );
}

function Withdrawals({ withdrawals }: { withdrawals: Withdrawal[] }) {
  if (!withdrawals.length) return null;
  return (
    <section aria-labelledby="earn-withdrawals">
      <h2 id="earn-withdrawals" className="mb-3 text-xl font-bold">
        {t('money.earn.withdrawals')}
      </h2>
      <ul className="space-y-2" data-testid="withdrawal-list">
        {withdrawals.map((w) => (
          <li key={w.id} className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <strong>{formatMoney(w.amount, w.currency)}</strong>
              <span>{WITHDRAWAL_STATUS_LABEL[w.status]}</span>
            </p>
            <p className="text-ink-soft">
              {w.destination} · {t('money.earn.requestedOn', { date: formatDate(w.createdAt) })}
              {w.reference ? ` · ${t('money.earn.reference', { reference: w.reference })}` : ''}
            </p>
            {w.rejectReason && <p className="text-red-800">{t('money.earn.reason', { reason: w.rejectReason })}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TestBalances({ data }: { data: MyEarnings }) {
  return (
    <section aria-labelledby="earn-test-balance" data-testid="test-balances">
      <h2 id="earn-test-balance" className="mb-3 flex flex-wrap items-center gap-2 text-xl font-bold">
        {t('money.earn.fromTest')} <TestModeBadge />
      </h2>
      <p className="mb-3 text-sm text-ink-soft">{t('money.earn.testExplained')}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {data.testBalances.map((b) => (
          <li key={b.currency} className="rounded-lg border border-dashed border-amber-400 bg-white p-4" data-testid={`test-balance-${b.currency}`}>
            <p className="text-sm text-ink-soft">{b.currency}</p>
            <p className="text-lg font-bold">{t('money.earn.testRewards', { amount: formatMoney(b.available + b.pending, b.currency) })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Ledger({ data }: { data: MyEarnings }) {
  return (
    <section aria-labelledby="earn-ledger">
      <h2 id="earn-ledger" className="mb-3 text-xl font-bold">
        {t('money.earn.ledger')}
      </h2>
      {data.ledger.length === 0 ? (
        <p className="text-ink-soft">{t('money.earn.nothing')}</p>
      ) : (
        <ScrollRegion label={t('money.earn.ledgerTable')} framed={false}>
          <table className="w-full text-sm" data-testid="ledger">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pe-3 text-start">
                  {t('money.earn.date')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start">
                  {t('money.earn.what')}
                </th>
                <th scope="col" className="py-2 pe-3 text-end">
                  {t('money.earn.amountHeader')}
                </th>
                <th scope="col" className="py-2 text-start">
                  {t('money.earn.availableFrom')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.ledger.map((row) => (
                <tr key={row.id} className="border-b border-stone-200">
                  <td className="py-2 pe-3 whitespace-nowrap">{formatDate(row.createdAt)}</td>
                  <td className="py-2 pe-3">
                    {row.description} {row.testMode && <TestModeBadge />}
                  </td>
                  <td className={`py-2 pe-3 text-end whitespace-nowrap ${row.amount < 0 ? 'text-red-800' : 'text-emerald-800'}`}>
                    {row.amount > 0 ? '+' : ''}
                    {formatMoney(row.amount, row.currency)}
                  </td>
                  <td className="py-2 whitespace-nowrap">{formatDate(row.availableAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
