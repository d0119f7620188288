import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { AdminTier, TierInput } from '@writory/shared';
import FormActions from '../components/react/FormActions';
import Field from '../components/react/Field';
import { FormAlert } from '../components/react/Message';
import AdminListEditor from '../components/react/AdminListEditor';
import AdminMoneyHeader from '../components/payments/AdminMoneyHeader';
import MoneyInputs, { draftOf, moneyFromDraft, type MoneyDraft } from '../components/payments/MoneyInputs';
import { saveTier } from '../api/payments';
import { apiErrorBody } from '../lib/api';
import { entriesLabel } from '../lib/payments';
import { $adminTiers, loadAdminTiers } from '../stores/payments-admin';
import { t } from '../i18n/t';
import { formatMoney, formatNumber } from '../lib/format';

/** /admin-tier-prices: entry tiers, their price in each currency, on sale or not. */
export default function AdminTierPrices() {
  const loaded = useStore($adminTiers);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => void loadAdminTiers(), []);

  const saved = (tier: AdminTier) => {
    setEditing(null);
    setNotice(t('adminTiers.saved', { name: tier.name }));
    void loadAdminTiers();
  };

  return (
    <AdminListEditor
      loaded={loaded}
      failedMessage={t('adminTiers.loadFailed')}
      testId="admin-tiers"
      label={t('adminTiers.label')}
      above={<AdminMoneyHeader />}
      notice={notice}
      columns={[t('adminTiers.colTier'), t('adminTiers.colEntries'), t('adminTiers.colPrices'), t('adminTiers.colOnSale')]}
      rowKey={(tier) => tier.id}
      nameOf={(tier) => tier.name}
      cells={(tier) => (
        <>
          <td className="p-2 font-semibold">{tier.name}</td>
          <td className="p-2">{formatNumber(tier.entries)}</td>
          <td className="p-2">{tier.prices.map((p) => formatMoney(p.amount, p.currency)).join(' · ')}</td>
          <td className="p-2">{tier.active ? t('adminMoney.yes') : t('adminMoney.no')}</td>
        </>
      )}
      onEdit={(tier) => setEditing(tier.id)}
      addLabel={t('adminTiers.add')}
      onAdd={() => setEditing('new')}
      editor={(tiers) =>
        editing === null ? null : (
          <TierForm key={String(editing)} tier={tiers.find((item) => item.id === editing) ?? null} onSaved={saved} onCancel={() => setEditing(null)} />
        )
      }
    />
  );
}

function TierForm({ tier, onSaved, onCancel }: { tier: AdminTier | null; onSaved: (tier: AdminTier) => void; onCancel: () => void }) {
  const [name, setName] = useState(tier?.name ?? '');
  const [entries, setEntries] = useState(String(tier?.entries ?? 1));
  const [active, setActive] = useState(tier?.active ?? true);
  const [sortOrder, setSortOrder] = useState(String(tier?.sortOrder ?? 0));
  const [prices, setPrices] = useState<MoneyDraft>(draftOf(tier?.prices ?? []));
  const [error, setError] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPriceError(null);
    const { money, invalid } = moneyFromDraft(prices);
    if (invalid) {
      setPriceError(t('adminTiers.badPrice', { currency: invalid }));
      return;
    }
    const body: TierInput = { name: name.trim(), entries: Number(entries), active, sortOrder: Number(sortOrder) || 0, prices: money };
    setBusy(true);
    try {
      const saved = await saveTier(tier?.id ?? null, body);
      onSaved(saved);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminTiers.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4"
      aria-label={tier ? t('adminList.editNamed', { name: tier.name }) : t('adminTiers.new')}
    >
      <h2 className="text-xl font-bold">{tier ? t('adminList.editNamed', { name: tier.name }) : t('adminTiers.new')}</h2>
      <FormAlert>{error}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('adminTiers.name')} name="name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        <Field
          label={t('adminTiers.colEntries')}
          name="entries"
          type="number"
          min={1}
          max={50}
          value={entries}
          onChange={(e) => setEntries(e.target.value)}
          hint={entriesLabel(Number(entries) || 0)}
        />
        <Field label={t('adminTiers.sortOrder')} name="sortOrder" type="number" min={0} value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
      </div>
      <MoneyInputs legend={t('adminTiers.prices')} idPrefix={`tier-${tier?.id ?? 'new'}`} draft={prices} onChange={setPrices} error={priceError} />
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="h-4 w-4 accent-quill" />
        {t('adminTiers.colOnSale')}
      </label>
      <FormActions saveLabel={t('adminTiers.save')} busy={busy} onCancel={onCancel} />
    </form>
  );
}
