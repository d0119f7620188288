import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ROLE_TYPES, type AdminUser, type AdminUserPage, type RoleType } from '@writory/shared';
import JudgeLanguagesEditor from '../components/competitions/JudgeLanguagesEditor';
import ScrollRegion from '../components/react/ScrollRegion';
import { FormAlert } from '../components/react/Message';
import Pager from '../components/react/Pager';
import UserFilters from '../components/react/UserFilters';
import { useAdminReady } from '../components/react/useAdminReady';
import { usePagedList } from '../components/react/usePagedList';
import { fetchAdminUsers, restoreUser, setUserRole, suspendUser } from '../api/users';
import { problemOf } from '../lib/api';
import { t } from '../i18n/t';
import { $productUser } from '../stores/product-user';
import { showToast } from '../stores/toasts';
import { formatDate, formatMonth, formatNumber } from '../lib/format';
import { roleLabel } from '../lib/admin-words';

const when = (iso: string | null) => (iso ? formatDate(iso) : '–');

/** A cell: a table cell from sm up, a line of the row's card on a phone. */
const CELL = 'p-3 max-sm:block max-sm:px-3 max-sm:py-1';

/** The column's name before a cell's value on a phone, where the header row is not shown (screen readers hear the header). */
function ColumnName({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="me-2 font-semibold text-ink-soft sm:hidden">
      {children}:
    </span>
  );
}
/** The languages a judge reads, as the users list gives them (none when the list does not say). */
const judgeLanguagesOf = (user: AdminUser): string[] => {
  const languages = (user as { judgeLanguages?: unknown }).judgeLanguages;
  return Array.isArray(languages) ? languages.filter((code): code is string => typeof code === 'string') : [];
};

const labelOf = (user: AdminUser) => user.name || user.email || user.uid;

/** /admin-users: find users, change their role, suspend and restore them. */
export default function AdminUsers() {
  const ready = useAdminReady();
  const list = usePagedList<AdminUserPage>(ready, fetchAdminUsers);
  const me = useStore($productUser);

  const replace = (user: AdminUser) => {
    if (list.data) list.update({ ...list.data, users: list.data.users.map((u) => (u.uid === user.uid ? user : u)) });
  };

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  return (
    <div className="space-y-4" data-testid="admin-users">
      <UserFilters onApply={(values) => list.search({ q: values.q, role: values.role, status: values.status })} />
      <FormAlert>{list.error}</FormAlert>
      <p role="status" className="text-sm text-ink-soft">
        {list.loading
          ? t('common.loading')
          : list.data
            ? t('adminUsers.summary', { total: formatNumber(list.data.pagination.total), month: formatMonth(list.data.month) })
            : ''}
      </p>
      {list.data && (
        <>
          {/* On a phone each row reflows into a card (its cells stacked, each with its column's name), so the role and
              suspend controls are on screen; from sm up it is a table that scrolls inside its region when it must. */}
          <ScrollRegion label={t('adminUsers.tableLabel')}>
            <table className="w-full text-sm max-sm:block sm:min-w-[44rem]">
              <caption className="sr-only">{t('adminUsers.caption')}</caption>
              <thead className="bg-parchment text-start max-sm:sr-only">
                <tr>
                  <th scope="col" className="p-3 text-start">
                    {t('adminUsers.colUser')}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t('adminUsers.colRole')}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t('adminUsers.colStatus')}
                  </th>
                  <th scope="col" className="p-3 text-end">
                    {t('adminUsers.colEntries')}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t('adminUsers.colLastSeen')}
                  </th>
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {list.data.users.map((user) => (
                  <UserRow key={user.uid} user={user} self={me?.uid === user.uid} onChange={replace} onError={list.setError} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager pagination={list.data.pagination} onPage={list.goTo} label={t('adminUsers.pages')} />
        </>
      )}
    </div>
  );
}

function UserRow({
  user,
  self,
  onChange,
  onError,
}: {
  user: AdminUser;
  self: boolean;
  onChange: (user: AdminUser) => void;
  onError: (message: string | null) => void;
}) {
  const [role, setRole] = useState<RoleType>(user.role);
  const [busy, setBusy] = useState(false);
  useEffect(() => setRole(user.role), [user.role]);
  const name = labelOf(user);

  const act = async (action: () => Promise<AdminUser>, done: (user: AdminUser) => string) => {
    setBusy(true);
    onError(null);
    try {
      const updated = await action();
      onChange(updated);
      setRole(updated.role);
      showToast({ title: done(updated) });
    } catch (caught) {
      setRole(user.role);
      onError(problemOf(caught, t('adminUsers.tryAgain')));
    } finally {
      setBusy(false);
    }
  };
  const saveRole = () =>
    act(
      () => setUserRole(user.uid, role),
      (u) => t(`adminUsers.roleSaved.${u.role}`, { name: labelOf(u) }),
    );
  const suspend = () => {
    if (!window.confirm(t('adminUsers.suspendConfirm', { name }))) return;
    void act(
      () => suspendUser(user.uid),
      (u) => t('adminUsers.suspended', { name: labelOf(u) }),
    );
  };
  const restore = () =>
    act(
      () => restoreUser(user.uid),
      (u) => t('adminUsers.restored', { name: labelOf(u) }),
    );
  const locked = self || user.adminByEmail;

  return (
    <tr className="border-t border-stone-200 align-top max-sm:block max-sm:py-2" data-testid="user-row" data-uid={user.uid}>
      <th scope="row" className={`${CELL} text-start font-normal`}>
        <span className="block font-semibold" dir="auto">
          {user.name || '–'}
        </span>
        <span className="block break-all text-ink-soft">{user.email || t('adminUsers.noEmail')}</span>
        {!user.emailVerified && <span className="text-xs text-amber-900">{t('adminUsers.unverified')}</span>}
      </th>
      <td className={CELL}>
        <ColumnName>{t('adminUsers.colRole')}</ColumnName>
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label={t('adminUsers.roleOf', { name })}
            value={role}
            disabled={busy || locked}
            onChange={(event) => setRole(event.target.value as RoleType)}
            className="min-h-10 rounded-md border border-stone-400 bg-white px-2"
          >
            {ROLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {roleLabel(type)}
              </option>
            ))}
          </select>
          {role !== user.role && (
            <button type="button" className="btn btn-default btn-sm" disabled={busy} onClick={() => void saveRole()}>
              {t('adminUsers.saveRole')}
            </button>
          )}
        </div>
        {self && <p className="mt-1 text-xs text-ink-soft">{t('adminUsers.thisIsYou')}</p>}
        {!self && user.adminByEmail && <p className="mt-1 text-xs text-ink-soft">{t('adminUsers.adminByEmail')}</p>}
        {user.role === 'judge' && <JudgeLanguagesEditor uid={user.uid} name={name} initial={judgeLanguagesOf(user)} />}
      </td>
      <td className={CELL}>
        <ColumnName>{t('adminUsers.colStatus')}</ColumnName>
        <span className={user.status === 'suspended' ? 'font-semibold text-red-800' : 'text-emerald-900'}>
          {user.status === 'suspended' ? t('adminUsers.statusSuspended') : t('adminUsers.statusActive')}
        </span>
        {!self && (
          <div className="mt-1">
            {user.status === 'suspended' ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                onClick={() => void restore()}
                aria-label={t('adminUsers.restoreNamed', { name })}
              >
                {t('adminUsers.restore')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-destructive btn-sm"
                disabled={busy}
                onClick={suspend}
                aria-label={t('adminUsers.suspendNamed', { name })}
              >
                {t('adminUsers.suspend')}
              </button>
            )}
          </div>
        )}
      </td>
      <td className={`${CELL} tabular-nums sm:text-end`}>
        <ColumnName>{t('adminUsers.colEntries')}</ColumnName>
        {formatNumber(user.entriesThisMonth)} / {formatNumber(user.entries)}
      </td>
      <td className={CELL}>
        <ColumnName>{t('adminUsers.colLastSeen')}</ColumnName>
        {when(user.lastSeenAt)}
      </td>
    </tr>
  );
}
