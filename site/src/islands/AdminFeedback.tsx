import { useId, useState, type FormEvent } from 'react';
import type { AdminFeedbackPage } from '@writory/shared';
import { FormAlert } from '../components/react/Message';
import Pager from '../components/react/Pager';
import { useAdminReady } from '../components/react/useAdminReady';
import { usePagedList } from '../components/react/usePagedList';
import { fetchAdminFeedback } from '../api/feedback';
import { dayText, rangeProblem, todayIn } from '../lib/date-range';
import DayField from '../components/react/DayField';
import { t } from '../i18n/t';
import { formatDate, formatNumber, pageIntlLocale } from '../lib/format';

/** What a date box holds when its text is not a day. */
const UNREADABLE = 'unreadable';
const RATINGS = ['5', '4', '3', '2', '1'] as const;
const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);
const field = 'min-h-11 rounded-md border border-stone-400 bg-white px-2';

/** /admin-feedback: what poets say about Writory, with the average and spread of ratings, filtered. */
export default function AdminFeedback() {
  const ready = useAdminReady();
  const list = usePagedList<AdminFeedbackPage>(ready, fetchAdminFeedback);
  const [filters, setFilters] = useState({ rating: '', from: '', to: '', q: '' });
  const id = useId();
  const today = todayIn('UTC');
  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => setFilters({ ...filters, [key]: event.target.value });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (filters.from === UNREADABLE || filters.to === UNREADABLE) return list.setError(t('adminFeedback.writeDays', { example: dayText(today) }));
    if (filters.from && filters.to) {
      const problem = rangeProblem(filters);
      if (problem) return list.setError(problem);
    }
    list.search({ ...filters, q: filters.q.trim() });
  };

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  const stats = list.data?.stats;
  return (
    <div className="space-y-4" data-testid="admin-feedback">
      <form
        role="search"
        aria-label={t('adminFeedback.filter')}
        onSubmit={apply}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-rating`} className="text-sm font-semibold">
            {t('adminFeedback.rating')}
          </label>
          <select id={`${id}-rating`} value={filters.rating} onChange={set('rating')} className={field}>
            <option value="">{t('adminFeedback.anyRating')}</option>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {t('adminFeedback.outOfFive', { rating: formatNumber(Number(r)) })}
              </option>
            ))}
          </select>
        </div>
        <DayField
          label={t('adminFeedback.from')}
          value={filters.from}
          example={filters.from || today}
          onChange={(from) => setFilters({ ...filters, from: from ?? UNREADABLE })}
        />
        <DayField
          label={t('adminFeedback.to')}
          value={filters.to}
          example={filters.to || today}
          onChange={(to) => setFilters({ ...filters, to: to ?? UNREADABLE })}
        />
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-q`} className="text-sm font-semibold">
            {t('adminFeedback.search')}
          </label>
          <input id={`${id}-q`} type="search" value={filters.q} onChange={set('q')} maxLength={100} className={field} />
        </div>
        <button type="submit" className="btn btn-default min-h-11">
          {t('adminFeedback.apply')}
        </button>
      </form>
      <FormAlert>{list.error}</FormAlert>
      <p role="status" className="text-sm text-ink-soft">
        {list.loading ? t('common.loading') : ''}
      </p>
      {stats && (
        <section aria-labelledby={`${id}-stats`} className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 id={`${id}-stats`} className="text-xl font-bold">
            {t('adminFeedback.ratings')}
          </h2>
          <p className="mt-1" data-testid="feedback-average">
            {stats.average === null
              ? t('adminFeedback.noRatings')
              : t('adminFeedback.average', {
                  average: new Intl.NumberFormat(pageIntlLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(stats.average),
                  count: formatNumber(stats.count),
                })}
          </p>
          <dl className="mt-3 space-y-1">
            {RATINGS.map((r) => {
              const n = stats.byRating[r];
              const share = stats.count ? Math.round((n / stats.count) * 100) : 0;
              return (
                <div key={r} className="grid grid-cols-[4rem_1fr_4rem] items-center gap-2 text-sm">
                  <dt>{formatNumber(Number(r))} ★</dt>
                  <dd className="h-3 rounded bg-parchment" aria-hidden="true">
                    <div className="h-3 rounded bg-gold" style={{ width: `${share}%` }} />
                  </dd>
                  <dd className="text-end tabular-nums">{formatNumber(n)}</dd>
                </div>
              );
            })}
          </dl>
        </section>
      )}
      {list.data && list.data.feedback.length === 0 && <p>{t('adminFeedback.none')}</p>}
      {list.data && (
        <>
          <ul className="space-y-3">
            {list.data.feedback.map((item) => (
              <li key={item.id} className="rounded-lg border border-stone-200 bg-white p-4" data-testid="feedback-item">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="text-lg text-gold" role="img" aria-label={t('adminFeedback.outOfFive', { rating: formatNumber(item.rating) })}>
                    {stars(item.rating)}
                  </span>
                  <time dateTime={item.createdAt} className="text-sm text-ink-soft">
                    {formatDate(item.createdAt)}
                  </time>
                </p>
                {item.comment ? (
                  <p className="mt-2 whitespace-pre-line" dir="auto">
                    {item.comment}
                  </p>
                ) : (
                  <p className="mt-2 text-sm text-ink-soft">{t('adminFeedback.noComment')}</p>
                )}
                <p className="mt-2 text-sm text-ink-soft">
                  {item.poet ? <span dir="auto">{item.poet.name || item.poet.email}</span> : t('adminFeedback.deleted')}
                  {item.page && (
                    <>
                      {' '}
                      · {t('adminFeedback.sentFrom')} <span dir="ltr">{item.page}</span>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
          <Pager pagination={list.data.pagination} onPage={list.goTo} label={t('adminFeedback.pages')} />
        </>
      )}
    </div>
  );
}
