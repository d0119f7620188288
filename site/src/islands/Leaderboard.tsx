import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { LeaderboardPage } from '@writory/shared';
import { t } from '../i18n/t';
import { formatScore } from '../lib/results';
import { formatMonth } from '../lib/format';
import { $leaderboard, loadLeaderboard } from '../stores/leaderboard';

const PAGE_SIZE = 25;

interface Query {
  view: string;
  page: number;
  q: string;
}

/** /leaderboard: the all-time and monthly rankings with paging and search; the first page arrives as static HTML. */
export default function Leaderboard({ initial, competition }: { initial: LeaderboardPage; competition?: string }) {
  const data = useStore($leaderboard) ?? initial;
  const [query, setQuery] = useState<Query>({ view: initial.view, page: initial.pagination.page, q: initial.q });
  const [draft, setDraft] = useState(initial.q);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef(true);
  const searchId = useId();
  const viewId = useId();

  // A shared link (?view=2025-06&q=asha) opens on that view.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromUrl = { view: params.get('view') || 'all', page: Number(params.get('page')) || 1, q: params.get('q') ?? '' };
    if (fromUrl.view !== query.view || fromUrl.page !== query.page || fromUrl.q !== query.q) {
      setQuery(fromUrl);
      setDraft(fromUrl.q);
    }
  }, []);

  useEffect(() => {
    if (first.current && query.view === initial.view && query.page === initial.pagination.page && query.q === initial.q) {
      first.current = false;
      return;
    }
    first.current = false;
    let cancelled = false;
    setBusy(true);
    setError(null);
    loadLeaderboard({ ...query, pageSize: PAGE_SIZE, competition })
      .then((page) => {
        if (cancelled || !page) return;
        const shown = new URLSearchParams({
          ...(query.view !== 'all' ? { view: query.view } : {}),
          ...(query.page > 1 ? { page: String(query.page) } : {}),
          ...(query.q ? { q: query.q } : {}),
        });
        window.history.replaceState(null, '', `${window.location.pathname}${shown.size ? `?${shown}` : ''}`);
      })
      .catch(() => !cancelled && setError(t('leaderboard.failed')))
      .finally(() => !cancelled && setBusy(false));
    return () => {
      cancelled = true;
    };
  }, [query]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...query, page: 1, q: draft.trim() });
  };
  const viewName = data.view === 'all' ? t('leaderboard.allTime') : formatMonth(data.view);
  const { page, pageCount, total } = data.pagination;

  return (
    <div className="space-y-4" data-testid="leaderboard">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={viewId} className="text-sm font-semibold">
            {t('leaderboard.view')}
          </label>
          <select
            id={viewId}
            value={query.view}
            onChange={(event) => setQuery({ view: event.target.value, page: 1, q: query.q })}
            className="rounded-md border border-stone-300 bg-white px-3 py-2"
          >
            <option value="all">{t('leaderboard.allTime')}</option>
            {data.months.map((month) => (
              <option key={month} value={month}>
                {formatMonth(month)}
              </option>
            ))}
          </select>
        </div>
        <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-semibold">
              {t('leaderboard.search')}
            </label>
            <input
              id={searchId}
              type="search"
              value={draft}
              maxLength={80}
              onChange={(event) => setDraft(event.target.value)}
              className="w-56 rounded-md border border-stone-300 bg-white px-3 py-2"
            />
          </div>
          <button type="submit" className="btn btn-default">
            {t('leaderboard.searchButton')}
          </button>
          {query.q && (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setDraft('');
                setQuery({ ...query, page: 1, q: '' });
              }}
            >
              {t('leaderboard.clear')}
            </button>
          )}
        </form>
      </div>

      {error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}

      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white" aria-busy={busy}>
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('leaderboard.caption', { view: viewName, page, pages: pageCount })}</caption>
          <thead className="bg-parchment">
            <tr>
              <th scope="col" className="px-4 py-2 text-start">
                {t('leaderboard.rank')}
              </th>
              <th scope="col" className="px-4 py-2 text-start">
                {t('leaderboard.poet')}
              </th>
              <th scope="col" className="px-4 py-2 text-end">
                {t('leaderboard.points')}
              </th>
              <th scope="col" className="px-4 py-2 text-end">
                {data.view === 'all' ? t('leaderboard.months') : t('leaderboard.entries')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row, i) => (
              <tr key={`${row.rank}-${row.poetName}-${i}`} className="border-t border-stone-100">
                <td className="px-4 py-2 font-semibold">{row.rank}</td>
                <td className="px-4 py-2">
                  <span dir="auto">{row.poetName}</span>
                </td>
                <td className="px-4 py-2 text-end tabular-nums">{formatScore(row.points)}</td>
                <td className="px-4 py-2 text-end tabular-nums">{row.count || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.rows.length === 0 && <p className="p-4 text-ink-soft">{query.q ? t('leaderboard.empty') : t('leaderboard.none')}</p>}
      </div>

      {total > 0 && (
        <nav aria-label={t('leaderboard.pages')} className="flex flex-wrap items-center justify-between gap-3">
          <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1 || busy} onClick={() => setQuery({ ...query, page: page - 1 })}>
            {t('leaderboard.previous')}
          </button>
          <p className="text-sm" aria-live="polite">
            {t('leaderboard.page', { page, pages: pageCount, total })}
          </p>
          <button type="button" className="btn btn-outline btn-sm" disabled={page >= pageCount || busy} onClick={() => setQuery({ ...query, page: page + 1 })}>
            {t('leaderboard.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
