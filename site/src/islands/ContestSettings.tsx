import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import ContestMonthForm from '../components/entries/ContestMonthForm';
import { Failure, Loading } from '../components/react/States';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';

import { $authStatus } from '../stores/auth';
import { $contestMonths, loadContestMonths, saveContestMonth } from '../stores/contest-admin';
import { $productUser } from '../stores/product-user';
import { showToast } from '../stores/toasts';
import { formatMonth } from '../lib/format';

/** The contest section of /admin-settings: each month's theme, date overrides and normalisation. */
export default function ContestSettings() {
  const hydrated = useHydrated();
  const id = useId();
  const status = useStore($authStatus);
  const user = useStore($productUser);
  const months = useStore($contestMonths);
  const [newMonth, setNewMonth] = useState('');

  useEffect(() => {
    if (status === 'signed-in' && user?.isAdmin) void loadContestMonths();
  }, [status, user?.isAdmin]);

  const save = (month: string) => async (update: Parameters<typeof saveContestMonth>[1]) => {
    await saveContestMonth(month, update);
    showToast({ title: t('settings.saved', { month: formatMonth(month) }) });
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{4}-\d{2}$/.test(newMonth))
      void save(newMonth)({}).then(
        () => setNewMonth(''),
        () => showToast({ title: t('settings.failed'), variant: 'destructive' }),
      );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 space-y-4" data-testid="contest-settings">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold">
        {t('settings.contests')}
      </h2>
      {!hydrated || months.state === 'loading' ? (
        <Loading>{t('common.loading')}</Loading>
      ) : !months.data ? (
        <Failure>{t('adminSettings.monthsFailed')}</Failure>
      ) : (
        <>
          <p className="text-sm text-ink-soft">{t('settings.contestsHelp', { zone: months.data.timeZone })}</p>
          {months.data.contests.map((contest) => (
            <ContestMonthForm
              key={`${contest.month}-${contest.opensAt}-${contest.closesAt}-${contest.resultsAt}`}
              contest={contest}
              zone={months.data!.timeZone}
              normaliseDefault={months.data!.normaliseScoresDefault}
              onSave={save(contest.month)}
            />
          ))}
          <form onSubmit={add} className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-new`} className="text-sm font-semibold">
                {t('settings.addMonth')}
              </label>
              <input
                id={`${id}-new`}
                type="month"
                value={newMonth}
                onChange={(event) => setNewMonth(event.target.value)}
                className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
              />
            </div>
            <button type="submit" className="btn btn-outline">
              {t('settings.add')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
