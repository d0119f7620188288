import { useId, useState, type FormEvent } from 'react';
import { ENTRY_FILTERS, ROLE_LABELS, ROLE_TYPES, type EntryFilter } from '@writory/shared';

export interface UserFilterValues {
  q: string;
  role: string;
  status: string;
  verified: string;
  entries: string;
}
export const NO_USER_FILTERS: UserFilterValues = { q: '', role: '', status: '', verified: '', entries: '' };

const ENTRY_LABELS: Record<EntryFilter, string> = {
  'entered-this-month': 'Entered this month',
  'not-entered-this-month': 'No entry this month',
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
    <form role="search" aria-label="Find users" onSubmit={submit} className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold">
          Search name, email or phone
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
          Role
        </label>
        <select id={`${id}-role`} value={values.role} onChange={set('role')} className={select}>
          <option value="">Any role</option>
          {ROLE_TYPES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="text-sm font-semibold">
          Status
        </label>
        <select id={`${id}-status`} value={values.status} onChange={set('status')} className={select}>
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </select>
      </div>
      {more && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-verified`} className="text-sm font-semibold">
              Email
            </label>
            <select id={`${id}-verified`} value={values.verified} onChange={set('verified')} className={select}>
              <option value="">Verified or not</option>
              <option value="true">Verified</option>
              <option value="false">Not verified</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-entries`} className="text-sm font-semibold">
              Entries
            </label>
            <select id={`${id}-entries`} value={values.entries} onChange={set('entries')} className={select}>
              <option value="">With or without</option>
              {ENTRY_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {ENTRY_LABELS[filter]}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <button type="submit" className="btn btn-default min-h-11">
        Search
      </button>
    </form>
  );
}
