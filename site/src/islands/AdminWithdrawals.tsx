import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatMoney, type AdminWithdrawal, type PaymentSettings, type PayoutMethod, type WithdrawalStatus } from '@writory/shared';
import Field from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import AdminMoneyHeader from '../components/payments/AdminMoneyHeader';
import MoneyInputs, { draftOf, moneyFromDraft, type MoneyDraft } from '../components/payments/MoneyInputs';
import { actOnWithdrawal, type WithdrawalAction, type WithdrawalActionBody } from '../api/earnings';
import { paymentSettings, savePaymentSettings } from '../api/payments';
import { apiErrorBody } from '../lib/api';
import { PAYOUT_METHOD_LABEL as METHOD_LABEL, WITHDRAWAL_STATUS_LABEL } from '../lib/payments';
import { formatDate } from '../lib/format';
import { $adminWithdrawals, $withdrawalFilter, filterWithdrawals, loadAdminWithdrawals } from '../stores/payments-admin';

const FILTERS: (WithdrawalStatus | 'all')[] = ['requested', 'approved', 'paid', 'rejected', 'all'];

function detailsText(w: AdminWithdrawal): string {
  const d = w.details;
  if (w.method === 'upi') return `UPI ${d.upiId}`;
  if (w.method === 'paypal') return `PayPal ${d.paypalEmail}`;
  return `${d.accountName}, account ${d.accountNumber}, ${d.bankCode}`;
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
        `Withdrawal of ${formatMoney(done.amount, done.currency)} for ${done.poet.name ?? done.poet.email}: ${WITHDRAWAL_STATUS_LABEL[done.status].toLowerCase()}.`,
      );
      void loadAdminWithdrawals();
      return true;
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? 'That did not work.');
      return false;
    }
  }

  return (
    <div className="space-y-8" data-testid="admin-withdrawals">
      <AdminMoneyHeader />
      <section aria-labelledby="w-requests" className="space-y-4">
        <h2 id="w-requests" className="text-xl font-bold">
          Payout requests
        </h2>
        <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={`btn btn-sm ${f === filter ? 'btn-default' : 'btn-outline'}`}
              aria-pressed={f === filter}
              onClick={() => void filterWithdrawals(f)}
            >
              {f === 'all' ? 'All' : WITHDRAWAL_STATUS_LABEL[f]}
            </button>
          ))}
        </div>
        <Notice>{notice}</Notice>
        <FormAlert>{error ?? (withdrawals.state === 'failed' ? 'The withdrawals could not be loaded.' : null)}</FormAlert>
        {!list ? (
          withdrawals.state !== 'failed' && <p role="status">Loading...</p>
        ) : list.length === 0 ? (
          <p className="text-ink-soft">No withdrawals here.</p>
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
  const who = w.poet.name ?? w.poet.email ?? `poet ${w.poet.id}`;
  return (
    <li
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
      data-testid={`withdrawal-${w.id}`}
      aria-label={`${formatMoney(w.amount, w.currency)} for ${who}`}
    >
      <div className="flex flex-wrap justify-between gap-2">
        <p>
          <strong className="text-lg">{formatMoney(w.amount, w.currency)}</strong> for {who}{' '}
          {w.poet.email && w.poet.name ? <span className="text-ink-soft">({w.poet.email})</span> : null}
        </p>
        <p className="font-semibold">{WITHDRAWAL_STATUS_LABEL[w.status]}</p>
      </div>
      <p className="text-sm">
        {METHOD_LABEL[w.method]}: <span className="font-mono break-all">{detailsText(w)}</span>
      </p>
      <p className="text-sm text-ink-soft">
        Requested {formatDate(w.createdAt)}
        {w.decidedAt ? ` · decided ${formatDate(w.decidedAt)}` : ''}
        {w.reference ? ` · reference ${w.reference}` : ''}
        {w.rejectReason ? ` · reason: ${w.rejectReason}` : ''}
      </p>
      {(w.status === 'requested' || w.status === 'approved') && (
        <div className="flex flex-wrap items-end gap-3">
          {w.status === 'requested' && (
            <button type="button" className="btn btn-default min-h-11" disabled={busy} onClick={() => run('approve')}>
              Approve
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
                label="Payment reference"
                name="reference"
                value={reference}
                maxLength={120}
                onChange={(e) => setReference(e.target.value)}
              />
              <button type="submit" className="btn btn-default min-h-11" disabled={busy || !reference.trim()}>
                Mark paid
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
              label="Reason for rejecting"
              name="reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
            <button type="submit" className="btn btn-destructive min-h-11" disabled={busy || !reason.trim()}>
              Reject
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
      .catch(() => setError('The settings could not be loaded.'));
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
      setError(`${invalid}: enter an amount such as 100.00.`);
      return;
    }
    setBusy(true);
    try {
      const saved = await savePaymentSettings({ ...settings!, referralRewardFixed: reward.money, withdrawalMinimums: minimum.money });
      setSettings(saved);
      setNotice('Settings saved.');
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? 'The settings could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  const s = settings;
  return (
    <section aria-labelledby="w-settings" className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="w-settings" className="mb-4 text-xl font-bold">
        Referral reward and payout rules
      </h2>
      <form noValidate onSubmit={save} className="space-y-5" data-testid="payment-settings">
        <Notice>{notice}</Notice>
        <FormAlert>{error}</FormAlert>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Reward for an invited poet’s first paid order</legend>
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
                {type === 'percent' ? 'A percentage of the order' : 'A fixed amount'}
              </label>
            ))}
          </div>
        </fieldset>
        {s.referralRewardType === 'percent' ? (
          <Field
            label="Reward percent"
            name="rewardPercent"
            type="number"
            min={0}
            max={100}
            value={String(s.referralRewardPercent)}
            onChange={(e) => setSettings({ ...s, referralRewardPercent: Number(e.target.value) })}
          />
        ) : (
          <MoneyInputs legend="Fixed reward in each currency" idPrefix="reward" draft={fixed} onChange={setFixed} />
        )}
        <Field
          label="Holding period (days)"
          name="holdDays"
          type="number"
          min={0}
          max={365}
          hint="A reward stays pending this long after the payment (the refund period) before it can be withdrawn."
          value={String(s.referralHoldDays)}
          onChange={(e) => setSettings({ ...s, referralHoldDays: Number(e.target.value) })}
        />
        <MoneyInputs legend="Minimum withdrawal in each currency" idPrefix="minimum" draft={minimums} onChange={setMinimums} />
        <fieldset>
          <legend className="text-sm font-semibold">Payout methods offered</legend>
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
          Save settings
        </button>
      </form>
    </section>
  );
}
