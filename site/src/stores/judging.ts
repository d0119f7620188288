// The judging desk: a month's queue of blind entries, the entry open on the desk, and (for admins) progress.
import { atom } from 'nanostores';
import type { AdminJudgingReport, EntryJudging, JudgeScore, JudgingEntry, JudgingProgress, JudgingQueue, ScoreInput } from '@writory/shared';
import { judgingEntry, judgingProgress, judgingQueue, judgingReport, recuseFromEntry, scoreEntry, setEntryJudges } from '../api/judging';
import { DEFAULT_COMPETITION } from '../lib/competitions';
import { loadable, loadInto, type LoadState } from './loadable';

/** The competition whose entries the desk shows (each competition has its own months and queue). */
export const $judgingCompetition = atom<string>(DEFAULT_COMPETITION);

export const $queue = loadable<JudgingQueue>();
export const $openEntry = atom<{ state: LoadState | 'none'; data: JudgingEntry | null }>({ state: 'none', data: null });
export const $progress = atom<JudgingProgress | null>(null);
/** Admins: how the month was judged (agreement, judges far from the others, recusals). */
export const $report = atom<AdminJudgingReport | null>(null);

/** While the month's judges are being assigned (the cms does it in the background), the queue is read again this often. */
export const ASSIGNING_RELOAD_MS = 2_000;
let assigningReload: ReturnType<typeof setTimeout> | undefined;

export async function loadQueue(month?: string | null): Promise<void> {
  clearTimeout(assigningReload);
  await loadInto($queue, () => judgingQueue(month, $judgingCompetition.get()), 'the judging queue');
  const queue = $queue.get().data;
  if (queue?.assigning) assigningReload = setTimeout(() => void loadQueue(queue.month), ASSIGNING_RELOAD_MS);
}

export async function loadProgress(month?: string | null): Promise<void> {
  try {
    $progress.set(await judgingProgress(month, $judgingCompetition.get()));
  } catch (error) {
    console.warn('Could not load the judging progress', error);
  }
}

export async function loadReport(month?: string | null): Promise<void> {
  try {
    $report.set(await judgingReport(month, $judgingCompetition.get()));
  } catch (error) {
    console.warn('Could not load the judging report', error);
  }
}

export async function openEntry(code: string): Promise<void> {
  $openEntry.set({ state: 'loading', data: null });
  await loadInto($openEntry, () => judgingEntry(code), 'the entry');
}

export function closeEntry(): void {
  $openEntry.set({ state: 'none', data: null });
}

/** Submits this judge's final scores, then shows the entry again (now with the other judges' scores). */
export async function submitScores(code: string, scores: ScoreInput, isAdmin: boolean): Promise<JudgeScore> {
  const saved = await scoreEntry(code, scores);
  const month = $queue.get().data?.month;
  await Promise.all([openEntry(code), loadQueue(month), isAdmin ? loadProgress(month) : Promise.resolve()]);
  return saved;
}

/** The judge steps back from an entry (it goes to another judge); the note is for the admins only. */
export async function recuse(code: string, note: string, isAdmin: boolean): Promise<void> {
  await recuseFromEntry(code, note.trim() || null);
  closeEntry();
  const month = $queue.get().data?.month;
  await Promise.all([loadQueue(month), isAdmin ? loadProgress(month) : Promise.resolve()]);
}

/** Admins: the entry's judges become these (judges who already scored it stay). */
export async function setJudges(code: string, uids: string[]): Promise<EntryJudging> {
  const saved = await setEntryJudges(code, uids);
  await loadProgress($queue.get().data?.month);
  return saved;
}
