import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  CURRENCY_CODES,
  parseMajor,
  toMajorString,
  type AdminCoupon,
  type AdminTier,
  type CouponInput,
  type CurrencyCode,
  type DiscountType,
} from '@writory/shared';
import FormActions from '../components/react/FormActions';
import Field from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import AdminMoneyHeader from '../components/payments/AdminMoneyHeader';
import { saveCoupon, setCouponDisabled } from '../api/payments';
import { fieldErrorsFrom } from '../lib/api';
import ScrollRegion from '../components/react/ScrollRegion';
import { formatDate, formatMoney, formatNumber, pageIntlLocale } from '../lib/format';
import { t } from '../i18n/t';
import { $adminCoupons, $adminTiers, loadAdminCoupons, loadAdminTiers } from '../stores/payments-admin';

const FIELDS = ['code', 'description', 'percentOff', 'amountOff', 'currency', 'validFrom', 'validUntil', 'maxUses', 'maxUsesPerPoet', 'tierIds'] as const;

/** "2025-06-01T00:00" (a datetime-local value, in the admin's time zone) ↔ ISO. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const discountText = (c: AdminCoupon) =>
  c.discountType === 'percent'
    ? new Intl.NumberFormat(pageIntlLocale(), { style: 'percent' }).format((c.percentOff ?? 0) / 100)
    : formatMoney(c.amountOff ?? 0, c.currency ?? 'USD');

/** /admin-coupon-codes: discount codes, their window, limits and tiers, how often they were used; disable. */
export default function AdminCoupons() {
  const loadedCoupons = useStore($adminCoupons);
  const loadedTiers = useStore($adminTiers);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);

  const load = () => Promise.all([loadAdminCoupons(), loadAdminTiers()]);
  useEffect(() => void load(), []);

  async function toggle(coupon: AdminCoupon) {
    const updated = await setCouponDisabled(coupon.id, !coupon.disabled);
    setNotice(t(updated.disabled ? 'adminCoupons.toggledOff' : 'adminCoupons.toggledOn', { code: updated.code }));
    void load();
  }

  if (loadedCoupons.state === 'failed' || loadedTiers.state === 'failed') return <FormAlert>{t('adminCoupons.loadFailed')}</FormAlert>;
  const coupons = loadedCoupons.data;
  const tiers = loadedTiers.data;
  if (!coupons || !tiers) return <p role="status">{t('common.loading')}</p>;
  const tierName = (id: number) => tiers.find((tier) => tier.id === id)?.name ?? `#${id}`;
  return (
    <div className="space-y-6" data-testid="admin-coupons">
      <AdminMoneyHeader />
      <Notice>{notice}</Notice>
      {editing === null ? (
        <button type="button" className="btn btn-default" onClick={() => setEditing('new')}>
          {t('adminCoupons.new')}
        </button>
      ) : (
        <CouponForm
          key={editing === 'new' ? 'new' : editing.id}
          coupon={editing === 'new' ? null : editing}
          tiers={tiers}
          onSaved={(c) => {
            setEditing(null);
            setNotice(t('adminCoupons.saved', { code: c.code }));
            void load();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <ScrollRegion label={t('adminCoupons.label')}>
        <table className="w-full text-sm" data-testid="coupon-table">
          <thead>
            <tr className="border-b border-stone-300 bg-parchment">
              <th scope="col" className="p-2 text-start">
                {t('adminCoupons.colCode')}
              </th>
              <th scope="col" className="p-2 text-start">
                {t('adminCoupons.colDiscount')}
              </th>
              <th scope="col" className="p-2 text-start">
                {t('adminCoupons.colValid')}
              </th>
              <th scope="col" className="p-2 text-start">
                {t('adminCoupons.colLimits')}
              </th>
              <th scope="col" className="p-2 text-start">
                {t('adminCoupons.colTiers')}
              </th>
              <th scope="col" className="p-2 text-start">
                {t('adminCoupons.colUsed')}
              </th>
              <th scope="col" className="p-2 text-start">
                {t('adminCoupons.colStatus')}
              </th>
              <th scope="col" className="p-2 text-start">
                <span className="sr-only">{t('adminList.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.map((c) => (
              <tr key={c.id} className="border-b border-stone-200 align-top" data-testid={`coupon-${c.code}`}>
                <td className="p-2 font-mono font-semibold">{c.code}</td>
                <td className="p-2">{discountText(c)}</td>
                <td className="p-2 whitespace-nowrap">
                  {c.validFrom ? formatDate(c.validFrom) : t('adminCoupons.anyTime')} – {c.validUntil ? formatDate(c.validUntil) : t('adminCoupons.noEnd')}
                </td>
                <td className="p-2">
                  {t('adminCoupons.limits', {
                    total: c.maxUses === null ? '∞' : formatNumber(c.maxUses),
                    perPoet: c.maxUsesPerPoet === null ? '∞' : formatNumber(c.maxUsesPerPoet),
                  })}
                </td>
                <td className="p-2">{c.tierIds.length ? c.tierIds.map(tierName).join(', ') : t('adminCoupons.allTiers')}</td>
                <td className="p-2">
                  {t('adminCoupons.paid', { count: formatNumber(c.paidUses) })}
                  {c.uses > c.paidUses ? ` ${t('adminCoupons.pending', { count: formatNumber(c.uses - c.paidUses) })}` : ''}
                </td>
                <td className="p-2">{t(`adminCoupons.status.${c.status}`)}</td>
                <td className="p-2">
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      onClick={() => setEditing(c)}
                      aria-label={t('adminList.editNamed', { name: c.code })}
                    >
                      {t('adminList.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      onClick={() => toggle(c)}
                      aria-label={t(c.disabled ? 'adminCoupons.enableNamed' : 'adminCoupons.disableNamed', { code: c.code })}
                    >
                      {c.disabled ? t('adminCoupons.enable') : t('adminCoupons.disable')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

function CouponForm({
  coupon,
  tiers,
  onSaved,
  onCancel,
}: {
  coupon: AdminCoupon | null;
  tiers: AdminTier[];
  onSaved: (c: AdminCoupon) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    discountType: (coupon?.discountType ?? 'percent') as DiscountType,
    percentOff: coupon?.percentOff ? String(coupon.percentOff) : '',
    amountOff: coupon?.amountOff && coupon.currency ? toMajorString(coupon.amountOff, coupon.currency) : '',
    currency: (coupon?.currency ?? 'INR') as CurrencyCode,
    validFrom: toLocalInput(coupon?.validFrom ?? null),
    validUntil: toLocalInput(coupon?.validUntil ?? null),
    maxUses: coupon?.maxUses ? String(coupon.maxUses) : '',
    maxUsesPerPoet: coupon?.maxUsesPerPoet ? String(coupon.maxUsesPerPoet) : '',
    tierIds: coupon?.tierIds ?? ([] as number[]),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });
  const optionalInt = (text: string) => (text.trim() === '' ? null : Number(text));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const fixed = values.discountType === 'fixed';
    const amountOff = fixed ? parseMajor(values.amountOff, values.currency) : null;
    if (fixed && !amountOff) {
      setErrors({ amountOff: t('adminCoupons.amountMissing') });
      return;
    }
    const body: CouponInput = {
      code: values.code.trim(),
      description: values.description.trim() || null,
      discountType: values.discountType,
      percentOff: fixed ? null : optionalInt(values.percentOff),
      amountOff,
      currency: fixed ? values.currency : null,
      validFrom: fromLocalInput(values.validFrom),
      validUntil: fromLocalInput(values.validUntil),
      maxUses: optionalInt(values.maxUses),
      maxUsesPerPoet: optionalInt(values.maxUsesPerPoet),
      tierIds: values.tierIds,
    };
    setBusy(true);
    try {
      onSaved(await saveCoupon(coupon?.id ?? null, body));
    } catch (caught) {
      const problems = fieldErrorsFrom(caught, FIELDS);
      setErrors(problems.fields);
      if (!Object.keys(problems.fields).length) setFormError(problems.form ?? t('adminCoupons.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  const select = 'min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2';
  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4"
      aria-label={coupon ? t('adminCoupons.editNamed', { code: coupon.code }) : t('adminCoupons.new')}
    >
      <h2 className="text-xl font-bold">{coupon ? t('adminCoupons.editNamed', { code: coupon.code }) : t('adminCoupons.new')}</h2>
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('adminCoupons.code')}
          name="code"
          value={values.code}
          maxLength={32}
          onChange={(e) => setValues({ ...values, code: e.target.value.toUpperCase() })}
          error={errors.code}
          hint={t('adminCoupons.codeHint')}
        />
        <Field
          label={t('adminCoupons.description')}
          name="description"
          value={values.description}
          maxLength={120}
          onChange={set('description')}
          error={errors.description}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t('adminCoupons.discount')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['percent', 'fixed'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                type="radio"
                name="discountType"
                checked={values.discountType === type}
                onChange={() => setValues({ ...values, discountType: type })}
                className="h-4 w-4 accent-quill"
              />
              {type === 'percent' ? t('adminCoupons.percent') : t('adminCoupons.fixed')}
            </label>
          ))}
        </div>
        {values.discountType === 'percent' ? (
          <Field
            label={t('adminCoupons.percentOff')}
            name="percentOff"
            type="number"
            min={1}
            max={100}
            value={values.percentOff}
            onChange={set('percentOff')}
            error={errors.percentOff}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('adminCoupons.amountOff', { currency: values.currency })}
              name="amountOff"
              inputMode="decimal"
              value={values.amountOff}
              onChange={set('amountOff')}
              error={errors.amountOff}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="coupon-currency" className="text-sm font-semibold">
                {t('adminCoupons.currency')}
              </label>
              <select id="coupon-currency" className={select} value={values.currency} onChange={set('currency')}>
                {CURRENCY_CODES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </div>
          </div>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('adminCoupons.validFrom')}
          name="validFrom"
          type="datetime-local"
          value={values.validFrom}
          onChange={set('validFrom')}
          error={errors.validFrom}
        />
        <Field
          label={t('adminCoupons.validUntil')}
          name="validUntil"
          type="datetime-local"
          value={values.validUntil}
          onChange={set('validUntil')}
          error={errors.validUntil}
        />
        <Field label={t('adminCoupons.maxUses')} name="maxUses" type="number" min={1} value={values.maxUses} onChange={set('maxUses')} error={errors.maxUses} />
        <Field
          label={t('adminCoupons.maxUsesPerPoet')}
          name="maxUsesPerPoet"
          type="number"
          min={1}
          value={values.maxUsesPerPoet}
          onChange={set('maxUsesPerPoet')}
          error={errors.maxUsesPerPoet}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold">{t('adminCoupons.tiers')}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {tiers.map((tier) => (
            <label key={tier.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-quill"
                checked={values.tierIds.includes(tier.id)}
                onChange={(e) =>
                  setValues({ ...values, tierIds: e.target.checked ? [...values.tierIds, tier.id] : values.tierIds.filter((x) => x !== tier.id) })
                }
              />
              {tier.name}
            </label>
          ))}
        </div>
        {errors.tierIds && <p className="text-sm font-medium text-red-800">{errors.tierIds}</p>}
      </fieldset>
      <FormActions saveLabel={t('adminCoupons.save')} busy={busy} onCancel={onCancel} />
    </form>
  );
}
