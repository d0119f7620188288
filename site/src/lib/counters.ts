// The hero's "Poets Joined" and "Pieces" counters (components/home/Counters.astro). The static HTML carries the
// fallback numbers (so the hero never shifts); the live counts come once the page is idle, then every minute while
// the tab is visible. No framework: the page writes two numbers.
import { COUNTER_FALLBACK, type Count } from '@writory/shared';
import { fetchPieceCount, fetchPoetCount } from '../api/counters';

export const COUNTER_REFRESH_MS = 60_000;

export interface Counts {
  poets: number;
  pieces: number;
}

export const formatCount = (value: number) => new Intl.NumberFormat('en').format(value);

async function readCount(fetchCount: () => Promise<Partial<Count>>, what: string): Promise<number> {
  const body = await fetchCount();
  const count = Number(body?.count);
  if (!Number.isFinite(count) || count < 0) throw new Error(`${what}: no count`);
  return Math.floor(count);
}

/**
 * Both counts. A failed one keeps the previous value, which before any success is the spec's
 * fallback (98 poets, 0 pieces), so a brief outage never makes the numbers drop.
 */
export async function fetchCounts(previous: Counts = COUNTER_FALLBACK): Promise<Counts> {
  const [poets, pieces] = await Promise.allSettled([readCount(fetchPoetCount, 'poets'), readCount(fetchPieceCount, 'pieces')]);
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

/** The numbers the HTML was built with (`data-poets`, `data-pieces` on the root: the fallback admins set). */
function builtCounts(root: Element): Counts {
  const read = (name: 'poets' | 'pieces') => {
    const value = Number(root.getAttribute(`data-${name}`));
    return Number.isFinite(value) && value >= 0 ? value : COUNTER_FALLBACK[name];
  };
  return { poets: read('poets'), pieces: read('pieces') };
}

/**
 * Keeps the `[data-counter="poets"|"pieces"]` elements under `root` current; returns a stop function. Until a count
 * is read, the fallback the page was built with stays.
 */
export function installCounters(root: Element, doc: Document = document): () => void {
  const poets = root.querySelector('[data-counter="poets"]');
  const pieces = root.querySelector('[data-counter="pieces"]');
  if (!poets || !pieces) return () => undefined;
  let latest = builtCounts(root);
  return pollWhileVisible(
    () => {
      void fetchCounts(latest).then((next) => {
        latest = next;
        poets.textContent = formatCount(next.poets);
        pieces.textContent = formatCount(next.pieces);
      });
    },
    COUNTER_REFRESH_MS,
    doc,
  );
}
