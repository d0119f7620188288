import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { AdminWithdrawal, PaymentSettings, PayoutMethod, WithdrawalStatus } from '@writory/shared';
import Field from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import AdminMoneyHeader from '../components/payments/AdminMoneyHeader';
import MoneyInputs, { draftOf, moneyFromDraft, type MoneyDraft } from '../components/payments/MoneyInputs';
import { actOnWithdrawal, type WithdrawalAction, type WithdrawalActionBody } from '../api/earnings';
import { paymentSettings, savePaymentSettings } from '../api/payments';
import { apiErrorBody } from '../lib/api';
import { PAYOUT_METHOD_LABEL as METHOD_LABEL, WITHDRAWAL_STATUS_LABEL } from '../lib/payments';
import { formatDate, formatMoney } from '../lib/format';
import { t } from '../i18n/t';
import { $adminWithdrawals, $withdrawalFilter, filterWithdrawals, loadAdminWithdrawals } from '../stores/payments-admin';

const FILTERS: (WithdrawalStatus | 'all')[] = ['requested', 'approved', 'paid', 'rejected', 'all'];

function detailsText(w: AdminWithdrawal): string {
  const d = w.details;
  if (w.method === 'upi') return `UPI ${d.upiId}`;
  if (w.method === 'paypal') return `PayPal ${d.paypalEmail}`;
  return t('adminWithdrawals.account', { name: d.accountName ?? '', number: d.accountNumber ?? '', bank: d.bankCode ?? '' });
}

/** /admin-withdrawal-management: approve, mark paid with a reference, or reject with a reason; money settings. */
export default function AdminWithdrawals() {
  const filter = useStore($withdrawalFilter);
  const withdrawals = useStore($adminWithdrawals);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => void loadAdminWithdrawals(), []);
  const list = withdrawals.data;

  async function act(w: AdminWithdrawal, action: WithdrawalAction, body: WithdrawalActionBody = {}) {
    setError(null);
    try {
      const done = await actOnWithdrawal(w.id, action, body);
      setNotice(
        t('adminWithdrawals.done', {
          amount: formatMoney(done.amount, done.currency),
          who: done.poet.name ?? done.poet.email ?? '',
          status: WITHDRAWAL_STATUS_LABEL[done.status],
        }),
      );
      void loadAdminWithdrawals();
      return true;
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminWithdrawals.failed'));
      return false;
    }
  }

  return (
    <div className="space-y-8" data-testid="admin-withdrawals">
      <AdminMoneyHeader />
      <section aria-labelledby="w-requests" className="space-y-4">
        <h2 id="w-requests" className="text-xl font-bold">
          {t('adminWithdrawals.requests')}
        </h2>
        <div role="group" aria-label={t('adminWithdrawals.show')} className="flex flex-wrap gap-1">
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={`btn btn-sm ${f === filter ? 'btn-default' : 'btn-outline'}`}
              aria-pressed={f === filter}
              onClick={() => void filterWithdrawals(f)}
            >
              {f === 'all' ? t('adminWithdrawals.all') : WITHDRAWAL_STATUS_LABEL[f]}
            </button>
          ))}
        </div>
        <Notice>{notice}</Notice>
        <FormAlert>{error ?? (withdrawals.state === 'failed' ? t('adminWithdrawals.loadFailed') : null)}</FormAlert>
        {!list ? (
          withdrawals.state !== 'failed' && <p role="status">{t('common.loading')}</p>
        ) : list.length === 0 ? (
          <p className="text-ink-soft">{t('adminWithdrawals.none')}</p>
        ) : (
          <ul className="space-y-3" data-testid="withdrawal-requests">
            {list.map((w) => (
              <WithdrawalCard key={w.id} withdrawal={w} onAct={act} />
            ))}
          </ul>
        )}
      </section>
      <SettingsForm />
    </div>
  );
}

function WithdrawalCard({
  withdrawal: w,
  onAct,
}: {
  withdrawal: AdminWithdrawal;
  onAct: (w: AdminWithdrawal, action: WithdrawalAction, body?: WithdrawalActionBody) => Promise<boolean>;
}) {
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: 'approve' | 'pay' | 'reject', body?: object) => {
    setBusy(true);
    await onAct(w, action, body);
    setBusy(false);
  };
  const who = w.poet.name ?? w.poet.email ?? t('adminWithdrawals.poetNumber', { id: w.poet.id });
  // The amount in bold where the language puts it ("₹500 for Asha", "आशा के लिए ₹500").
  const [before, after = ''] = t('adminWithdrawals.amountFor', { amount: '\u0000', who }).split('\u0000');
  return (
    <li
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
      data-testid={`withdrawal-${w.id}`}
      aria-label={t('adminWithdrawals.amountFor', { amount: formatMoney(w.amount, w.currency), who })}
    >
      <div className="flex flex-wrap justify-between gap-2">
        <p>
          {before}
          <strong className="text-lg">{formatMoney(w.amount, w.currency)}</strong>
          {after} {w.poet.email && w.poet.name ? <span className="text-ink-soft">({w.poet.email})</span> : null}
        </p>
        <p className="font-semibold">{WITHDRAWAL_STATUS_LABEL[w.status]}</p>
      </div>
      <p className="text-sm">
        {METHOD_LABEL[w.method]}: <span className="font-mono break-all">{detailsText(w)}</span>
      </p>
      <p className="text-sm text-ink-soft">
        {t('adminWithdrawals.requested', { date: formatDate(w.createdAt) })}
        {w.decidedAt ? ` · ${t('adminWithdrawals.decided', { date: formatDate(w.decidedAt) })}` : ''}
        {w.reference ? ` · ${t('adminWithdrawals.reference', { reference: w.reference })}` : ''}
        {w.rejectReason ? ` · ${t('adminWithdrawals.reason', { reason: w.rejectReason })}` : ''}
      </p>
      {(w.status === 'requested' || w.status === 'approved') && (
        <div className="flex flex-wrap items-end gap-3">
          {w.status === 'requested' && (
            <button type="button" className="btn btn-default min-h-11" disabled={busy} onClick={() => run('approve')}>
              {t('adminWithdrawals.approve')}
            </button>
          )}
          {w.status === 'approved' && (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                void run('pay', { reference });
              }}
            >
              <Field
                id={`ref-${w.id}`}
                label={t('adminWithdrawals.paymentReference')}
                name="reference"
                value={reference}
                maxLength={120}
                onChange={(e) => setReference(e.target.value)}
              />
              <button type="submit" className="btn btn-default min-h-11" disabled={busy || !reference.trim()}>
                {t('adminWithdrawals.markPaid')}
              </button>
            </form>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void run('reject', { reason });
            }}
          >
            <Field
              id={`reason-${w.id}`}
              label={t('adminWithdrawals.rejectReason')}
              name="reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
            <button type="submit" className="btn btn-destructive min-h-11" disabled={busy || !reason.trim()}>
              {t('adminWithdrawals.reject')}
            </button>
          </form>
        </div>
      )}
    </li>
  );
}

function SettingsForm() {
  const [settings, setSettings] = useState<PaymentSettings | null>(null);
  const [fixed, setFixed] = useState<MoneyDraft>({});
  const [minimums, setMinimums] = useState<MoneyDraft>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    paymentSettings()
      .then((s) => {
        setSettings(s);
        setFixed(draftOf(s.referralRewardFixed));
        setMinimums(draftOf(s.withdrawalMinimums));
      })
      .catch(() => setError(t('adminWithdrawals.settingsLoadFailed')));
  }, []);

  if (!settings) return error ? <FormAlert>{error}</FormAlert> : null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const reward = moneyFromDraft(fixed);
    const minimum = moneyFromDraft(minimums);
    const invalid = reward.invalid ?? minimum.invalid;
    if (invalid) {
      setError(t('adminWithdrawals.badAmount', { currency: invalid }));
      return;
    }
    setBusy(true);
    try {
      const saved = await savePaymentSettings({ ...settings!, referralRewardFixed: reward.money, withdrawalMinimums: minimum.money });
      setSettings(saved);
      setNotice(t('adminWithdrawals.settingsSaved'));
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminWithdrawals.settingsSaveFailed'));
    } finally {
      setBusy(false);
    }
  }

  const s = settings;
  return (
    <section aria-labelledby="w-settings" className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="w-settings" className="mb-4 text-xl font-bold">
        {t('adminWithdrawals.settings')}
      </h2>
      <form noValidate onSubmit={save} className="space-y-5" data-testid="payment-settings">
        <Notice>{notice}</Notice>
        <FormAlert>{error}</FormAlert>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t('adminWithdrawals.reward')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['percent', 'fixed'] as const).map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="rewardType"
                  className="h-4 w-4 accent-quill"
                  checked={s.referralRewardType === type}
                  onChange={() => setSettings({ ...s, referralRewardType: type })}
                />
                {type === 'percent' ? t('adminWithdrawals.rewardPercentType') : t('adminWithdrawals.rewardFixedType')}
              </label>
            ))}
          </div>
        </fieldset>
        {s.referralRewardType === 'percent' ? (
          <Field
            label={t('adminWithdrawals.rewardPercent')}
            name="rewardPercent"
            type="number"
            min={0}
            max={100}
            value={String(s.referralRewardPercent)}
            onChange={(e) => setSettings({ ...s, referralRewardPercent: Number(e.target.value) })}
          />
        ) : (
          <MoneyInputs legend={t('adminWithdrawals.rewardFixed')} idPrefix="reward" draft={fixed} onChange={setFixed} />
        )}
        <Field
          label={t('adminWithdrawals.holdDays')}
          name="holdDays"
          type="number"
          min={0}
          max={365}
          hint={t('adminWithdrawals.holdDaysHint')}
          value={String(s.referralHoldDays)}
          onChange={(e) => setSettings({ ...s, referralHoldDays: Number(e.target.value) })}
        />
        <MoneyInputs legend={t('adminWithdrawals.minimums')} idPrefix="minimum" draft={minimums} onChange={setMinimums} />
        <fieldset>
          <legend className="text-sm font-semibold">{t('adminWithdrawals.methods')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(Object.keys(METHOD_LABEL) as PayoutMethod[]).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-quill"
                  checked={s.payoutMethods.includes(m)}
                  onChange={(e) => setSettings({ ...s, payoutMethods: e.target.checked ? [...s.payoutMethods, m] : s.payoutMethods.filter((x) => x !== m) })}
                />
                {METHOD_LABEL[m]}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-default" disabled={busy} aria-busy={busy}>
          {t('adminWithdrawals.saveSettings')}
        </button>
      </form>
    </section>
  );
}
