import { useCallback, useEffect, useState } from 'react';
import { problemOf } from '../../lib/api';

type Query = Record<string, string | number>;

/**
 * A paged admin list: loads `fetchPage(filters + page)` once `ready`, again when the filters or the page change,
 * and on reload(). `update` replaces the loaded data (e.g. one row after an action).
 */
export function usePagedList<T>(ready: boolean, fetchPage: (query: Query) => Promise<T>, initialFilters: Query = {}) {
  const [request, setRequest] = useState({ filters: initialFilters, page: 1, tick: 0 });
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!ready) return;
    let live = true;
    setLoading(true);
    setError(null);
    fetchPage({ ...request.filters, page: request.page }).then(
      (result) => {
        if (!live) return;
        setData(result);
        setLoading(false);
      },
      (caught: unknown) => {
        if (!live) return;
        setError(problemOf(caught, 'We couldn’t load this list. Try again.'));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // fetchPage is a module-level function of each island.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, request]);

  return {
    data,
    error,
    loading,
    filters: request.filters,
    search: useCallback((filters: Query) => setRequest((r) => ({ filters, page: 1, tick: r.tick + 1 })), []),
    goTo: useCallback((page: number) => setRequest((r) => ({ ...r, page })), []),
    reload: useCallback(() => setRequest((r) => ({ ...r, tick: r.tick + 1 })), []),
    update: setData,
    setError,
  };
}
