import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * A moderation queue's state (wall posts or comments): the filter and page shown, read again from the store's loader
 * when either changes and after each decision, and the notice of the last decision.
 */
export function useModerationQueue<F extends string, P>({
  ready,
  first,
  $page,
  $problem,
  load,
}: {
  ready: boolean;
  first: F;
  $page: ReadableAtom<P | null>;
  $problem: ReadableAtom<string | null>;
  load: (filter: F, page: number) => Promise<void>;
}) {
  const [filter, setFilter] = useState<F>(first);
  const [page, setPage] = useState(1);
  const data = useStore($page);
  const problem = useStore($problem);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (ready) void load(filter, page);
  }, [ready, filter, page, reload]);

  return {
    filter,
    page,
    setPage,
    data,
    problem,
    notice,
    /** Shows another filter from its first page. */
    choose(next: F) {
      setFilter(next);
      setPage(1);
      setNotice(null);
    },
    /** A decision was made: says so, and reads the queue again. */
    decided(said: string) {
      setNotice(said);
      setReload((n) => n + 1);
    },
  };
}
