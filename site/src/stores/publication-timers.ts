// The admin's view of the two publication timers (results, winners) and the contest months of the competition being
// published (each competition's months publish on timers of their own). The timers fire on the server; this only
// polls them (the spec's intervals) so the page can count down and show what happened.
import { atom, type WritableAtom } from 'nanostores';
import { DEFAULT_COMPETITION, type ResultsMonth, type ResultsTimer, type WinnerTimer } from '@writory/shared';
import { deletePublicationTimer, publicationTimer, resultsMonths, retryPublicationTimer, type TimerKind, type TimerOf } from '../api/results';
import { nextTimerPoll } from '../lib/results';

export type { TimerKind };

interface Tracked<T> {
  timer: T | null;
  /** Local clock time at which the timer is due (server's timeRemaining added to the fetch time). */
  dueAtLocal: number | null;
  loaded: boolean;
}

const empty = { timer: null, dueAtLocal: null, loaded: false };
export const $resultsTimer = atom<Tracked<ResultsTimer>>(empty);
export const $winnerTimer = atom<Tracked<WinnerTimer>>(empty);
export const $months = atom<ResultsMonth[] | null>(null);
/** The competition whose months, timers and winners the admin page shows and publishes. */
export const $publishingCompetition = atom<string>(DEFAULT_COMPETITION);

const stores = { results: $resultsTimer, winners: $winnerTimer } as { [K in TimerKind]: WritableAtom<Tracked<TimerOf<K>>> };

export function setTimer<K extends TimerKind>(kind: K, timer: TimerOf<K> | null) {
  stores[kind].set({ timer, dueAtLocal: timer?.isActive ? Date.now() + timer.timeRemaining : null, loaded: true } as Tracked<TimerOf<K>>);
}

export async function refreshTimer(kind: TimerKind): Promise<void> {
  const competition = $publishingCompetition.get();
  const answer = await publicationTimer(kind, competition);
  // An answer for a competition the admin has since left is dropped.
  if (competition === $publishingCompetition.get()) setTimer(kind, answer.timer);
}

export async function deleteTimer(kind: TimerKind): Promise<void> {
  await deletePublicationTimer(kind, $publishingCompetition.get());
  await refreshTimer(kind);
}

export async function retryTimer(kind: TimerKind): Promise<void> {
  try {
    await retryPublicationTimer(kind, $publishingCompetition.get());
  } finally {
    await refreshTimer(kind);
    await loadMonths();
  }
}

export async function loadMonths(): Promise<void> {
  const competition = $publishingCompetition.get();
  const { months } = await resultsMonths(competition);
  if (competition === $publishingCompetition.get()) $months.set(months);
}

/** Switches the page to another competition: its months and both its timers load. */
export async function choosePublishingCompetition(slug: string): Promise<void> {
  if (slug === $publishingCompetition.get()) return;
  $publishingCompetition.set(slug);
  $months.set(null);
  $resultsTimer.set(empty);
  $winnerTimer.set(empty);
  await Promise.all([loadMonths(), refreshTimer('results'), refreshTimer('winners')]);
}

/** Polls a timer until stopped: 15 s with none active, 5 s while counting down, 2 s once due. */
export function pollTimer(kind: TimerKind): () => void {
  let stopped = false;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    const wasActive = stores[kind].get().timer?.isActive;
    try {
      await refreshTimer(kind);
      if (wasActive && !stores[kind].get().timer?.isActive) await loadMonths();
    } catch {
      // Logged only, as the spec's timer service does; the next poll tries again.
    }
    if (stopped) return;
    const { timer } = stores[kind].get();
    handle = setTimeout(tick, nextTimerPoll(timer));
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(handle);
  };
}
