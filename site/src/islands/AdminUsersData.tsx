import { useState } from 'react';
import { countryName, type AdminUserPage } from '@writory/shared';
import ScrollRegion from '../components/react/ScrollRegion';
import { FormAlert } from '../components/react/Message';
import Pager from '../components/react/Pager';
import UserFilters, { NO_USER_FILTERS, type UserFilterValues } from '../components/react/UserFilters';
import { useAdminReady } from '../components/react/useAdminReady';
import { usePagedList } from '../components/react/usePagedList';
import { downloadUsersCsv, fetchAdminUsers } from '../api/users';
import { problemOf } from '../lib/api';
import { t } from '../i18n/t';
import { roleLabel } from '../lib/admin-words';
import { formatDay, formatMonth, formatNumber } from '../lib/format';

const day = (iso: string | null) => (iso ? formatDay(iso.slice(0, 10)) : '–');
const PAGE_SIZE = 50;

/** /admin-users-data: every user in one table, filtered, with the same filters exported as CSV. */
export default function AdminUsersData() {
  const ready = useAdminReady();
  const list = usePagedList<AdminUserPage>(ready, fetchAdminUsers, { pageSize: PAGE_SIZE });
  const [filters, setFilters] = useState<UserFilterValues>(NO_USER_FILTERS);
  const [exporting, setExporting] = useState(false);

  const apply = (values: UserFilterValues) => {
    setFilters(values);
    list.search({ ...values, pageSize: PAGE_SIZE });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadUsersCsv({ ...filters });
    } catch (caught) {
      list.setError(problemOf(caught, t('adminUsers.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  return (
    <div className="space-y-4" data-testid="admin-users-data">
      <UserFilters more onApply={apply} />
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-ink-soft">
          {list.loading ? t('common.loading') : list.data ? t('adminUsers.match', { total: formatNumber(list.data.pagination.total) }) : ''}
        </p>
        <button type="button" className="btn btn-secondary btn-sm ms-auto" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t('adminUsers.exporting') : t('adminUsers.export')}
        </button>
      </div>
      <FormAlert>{list.error}</FormAlert>
      {list.data && (
        <>
          <ScrollRegion label={t('adminUsers.tableLabel')}>
            <table className="w-full min-w-[64rem] text-sm" data-testid="users-table">
              <caption className="sr-only">{t('adminUsers.dataCaption', { month: formatMonth(list.data.month) })}</caption>
              <thead className="bg-parchment">
                <tr>
                  {[
                    t('adminUsers.colName'),
                    t('adminUsers.colEmail'),
                    t('adminUsers.colPhone'),
                    t('adminUsers.colCountry'),
                    t('adminUsers.colRole'),
                    t('adminUsers.colVerified'),
                    t('adminUsers.colStatus'),
                    t('adminUsers.colJoined'),
                    t('adminUsers.colLastSeen'),
                    t('adminUsers.colThisMonth'),
                    t('adminUsers.colAll'),
                    t('adminUsers.colReminders'),
                  ].map((heading) => (
                    <th key={heading} scope="col" className="p-2 text-start">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.users.map((user) => (
                  <tr key={user.uid} className="border-t border-stone-200">
                    <th scope="row" className="p-2 text-start font-semibold">
                      <span dir="auto">{user.name || '–'}</span>
                    </th>
                    <td className="p-2 break-all">{user.email || '–'}</td>
                    <td className="p-2" dir="ltr">
                      {user.phone || '–'}
                    </td>
                    <td className="p-2">{user.country ? countryName(user.country) : '–'}</td>
                    <td className="p-2">{roleLabel(user.role)}</td>
                    <td className="p-2">{user.emailVerified ? t('adminUsers.yes') : t('adminUsers.no')}</td>
                    <td className="p-2">{user.status === 'suspended' ? t('adminUsers.statusSuspended') : t('adminUsers.statusActive')}</td>
                    <td className="p-2">{day(user.createdAt)}</td>
                    <td className="p-2">{day(user.lastSeenAt)}</td>
                    <td className="p-2 text-end tabular-nums">{formatNumber(user.entriesThisMonth)}</td>
                    <td className="p-2 text-end tabular-nums">{formatNumber(user.entries)}</td>
                    <td className="p-2">{user.remindersOptOut ? t('adminUsers.off') : t('adminUsers.on')}</td>
                  </tr>
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
