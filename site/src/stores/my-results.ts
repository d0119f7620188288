// The signed-in poet's published score cards and certificates, refreshed while their profile is open.
import { atom } from 'nanostores';
import type { CertificateListItem, ScoreCard } from '@writory/shared';
import { myCertificates, myScoreCards } from '../api/results';

export type MyResultsState = 'idle' | 'loading' | 'ready' | 'failed';

export const $scoreCards = atom<ScoreCard[]>([]);
export const $myCertificates = atom<CertificateListItem[]>([]);
export const $myResultsState = atom<MyResultsState>('idle');

/** Loads both lists; a failed refresh keeps what was shown. */
export async function loadMyResults(): Promise<void> {
  if ($myResultsState.get() === 'idle') $myResultsState.set('loading');
  try {
    const [scores, certificates] = await Promise.all([myScoreCards(), myCertificates()]);
    $scoreCards.set(scores.scoreCards);
    $myCertificates.set(certificates.certificates);
    $myResultsState.set('ready');
  } catch {
    if ($myResultsState.get() !== 'ready') $myResultsState.set('failed');
  }
}

/** Refreshes every `intervalMs` while the page is visible (results are published by a server timer). */
export function watchMyResults(intervalMs = 10_000): () => void {
  void loadMyResults();
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void loadMyResults();
  }, intervalMs);
  const onVisible = () => document.visibilityState === 'visible' && void loadMyResults();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export function resetMyResults(): void {
  $scoreCards.set([]);
  $myCertificates.set([]);
  $myResultsState.set('idle');
}
