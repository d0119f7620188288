import { useId, useState, type FormEvent } from 'react';
import { ENTRY_FILTERS, ROLE_TYPES, type EntryFilter } from '@writory/shared';
import { t } from '../../i18n/t';
import { roleLabel } from '../../lib/admin-words';

export interface UserFilterValues {
  q: string;
  role: string;
  status: string;
  verified: string;
  entries: string;
}
export const NO_USER_FILTERS: UserFilterValues = { q: '', role: '', status: '', verified: '', entries: '' };

const ENTRY_LABELS: Record<EntryFilter, () => string> = {
  'entered-this-month': () => t('userFilters.entered'),
  'not-entered-this-month': () => t('userFilters.notEntered'),
};

const select = 'min-h-11 rounded-md border border-stone-400 bg-white px-2';

/** The user lists' search and filters; `more` adds verification and this month's entries. */
export default function UserFilters({ onApply, more = false }: { onApply: (values: UserFilterValues) => void; more?: boolean }) {
  const [values, setValues] = useState(NO_USER_FILTERS);
  const id = useId();
  const set = (key: keyof UserFilterValues) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...values, q: values.q.trim() });
  };
  return (
    <form
      role="search"
      aria-label={t('userFilters.find')}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold">
          {t('userFilters.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={values.q}
          onChange={set('q')}
          maxLength={100}
          className="min-h-11 rounded-md border border-stone-400 bg-white px-3"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-role`} className="text-sm font-semibold">
          {t('userFilters.role')}
        </label>
        <select id={`${id}-role`} value={values.role} onChange={set('role')} className={select}>
          <option value="">{t('userFilters.anyRole')}</option>
          {ROLE_TYPES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="text-sm font-semibold">
          {t('userFilters.status')}
        </label>
        <select id={`${id}-status`} value={values.status} onChange={set('status')} className={select}>
          <option value="">{t('userFilters.anyStatus')}</option>
          <option value="active">{t('userFilters.active')}</option>
          <option value="suspended">{t('userFilters.suspended')}</option>
        </select>
      </div>
      {more && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-verified`} className="text-sm font-semibold">
              {t('userFilters.email')}
            </label>
            <select id={`${id}-verified`} value={values.verified} onChange={set('verified')} className={select}>
              <option value="">{t('userFilters.verifiedOrNot')}</option>
              <option value="true">{t('userFilters.verified')}</option>
              <option value="false">{t('userFilters.notVerified')}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-entries`} className="text-sm font-semibold">
              {t('userFilters.entries')}
            </label>
            <select id={`${id}-entries`} value={values.entries} onChange={set('entries')} className={select}>
              <option value="">{t('userFilters.withOrWithout')}</option>
              {ENTRY_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {ENTRY_LABELS[filter]()}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <button type="submit" className="btn btn-default min-h-11">
        {t('userFilters.submit')}
      </button>
    </form>
  );
}
