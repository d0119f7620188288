import { useEffect, useState } from 'react';
import { COUNTER_FALLBACK, type Count } from '@writory/shared';
import { apiFetch } from '../lib/api';

// "Poets Joined" and "Pieces" in the hero. The static HTML carries the fallback numbers (so the
// hero never shifts); the live counts come once on load, then every minute while the tab is visible.
const text = { poets: 'Poets Joined', pieces: 'Pieces' } as const;

export const COUNTER_REFRESH_MS = 60_000;

export interface Counts {
  poets: number;
  pieces: number;
}

const format = new Intl.NumberFormat('en');

async function readCount(path: string): Promise<number> {
  const body = await apiFetch<Partial<Count>>(path);
  const count = Number(body?.count);
  if (!Number.isFinite(count) || count < 0) throw new Error(`${path}: no count`);
  return Math.floor(count);
}

/**
 * Both counts. A failed one keeps the previous value, which before any success is the spec's
 * fallback (98 poets, 0 pieces), so a brief outage never makes the numbers drop.
 */
export async function fetchCounts(previous: Counts = COUNTER_FALLBACK): Promise<Counts> {
  const [poets, pieces] = await Promise.allSettled([readCount('/api/users/count'), readCount('/api/submission-count')]);
  return {
    poets: poets.status === 'fulfilled' ? poets.value : previous.poets,
    pieces: pieces.status === 'fulfilled' ? pieces.value : previous.pieces,
  };
}

/**
 * Runs `task` now and then every `intervalMs` while the document is visible. A hidden tab polls
 * nothing; when it becomes visible again it refreshes at once if an interval has passed.
 */
export function pollWhileVisible(task: () => void, intervalMs: number, doc: Document = document, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let last = -Infinity;
  const run = () => {
    last = now();
    task();
  };
  const start = () => {
    if (timer === null) timer = setInterval(run, intervalMs);
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') return stop();
    if (now() - last >= intervalMs) run();
    start();
  };
  if (doc.visibilityState !== 'hidden') {
    run();
    start();
  }
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    stop();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

/** `fallback`: the numbers admins set on /admin-settings (read at build time), else the spec's 98 and 0. */
export default function Counters({ fallback = COUNTER_FALLBACK }: { fallback?: Counts }) {
  const [counts, setCounts] = useState<Counts>(fallback);

  useEffect(() => {
    let live = true;
    let latest: Counts = fallback;
    const stop = pollWhileVisible(() => {
      void fetchCounts(latest).then((next) => {
        latest = next;
        if (live) setCounts(next);
      });
    }, COUNTER_REFRESH_MS);
    return () => {
      live = false;
      stop();
    };
  }, [fallback]);

  return (
    <dl className="mx-auto mt-10 grid max-w-md grid-cols-2 gap-4">
      <div>
        <dt className="text-sm text-stone-200">{text.poets}</dt>
        <dd className="font-serif text-4xl font-bold tabular-nums" data-counter="poets">{format.format(counts.poets)}</dd>
      </div>
      <div>
        <dt className="text-sm text-stone-200">{text.pieces}</dt>
        <dd className="font-serif text-4xl font-bold tabular-nums" data-counter="pieces">{format.format(counts.pieces)}</dd>
      </div>
    </dl>
  );
}
