// What admins publish after the scores: the best scores suggested as winners, and a month's certificates.
import { atom } from 'nanostores';
import type { CertificateKind, CertificateListItem, CertificateView, SuggestedWinner } from '@writory/shared';
import { certificatePreview, issuedCertificates, winnerSuggestions } from '../api/results';

/** The best published scores of the month being chosen from (null while they load). */
export const $winnerSuggestions = atom<SuggestedWinner[] | null>(null);
/** A certificate of the month with real data, and the ones already issued (null until loaded, or after a failure). */
export const $certificatePreview = atom<CertificateView | null>(null);
export const $issuedCertificates = atom<CertificateListItem[] | null>(null);

let latestSuggestions = 0;
/** The month's best scores; an answer overtaken by a later request (another month or competition) is dropped. */
export async function loadWinnerSuggestions(month: string, competition?: string | null): Promise<SuggestedWinner[] | null> {
  const request = ++latestSuggestions;
  $winnerSuggestions.set(null);
  const { suggestions } = await winnerSuggestions(month, competition);
  if (request !== latestSuggestions) return null;
  $winnerSuggestions.set(suggestions);
  return suggestions;
}

/** Loads both; a failure empties both and is thrown for the page to say. */
export async function loadCertificates(kind: CertificateKind, month: string): Promise<void> {
  try {
    const [view, list] = await Promise.all([certificatePreview(kind, month), issuedCertificates(kind, month)]);
    $certificatePreview.set(view);
    $issuedCertificates.set(list.certificates);
  } catch (error) {
    $certificatePreview.set(null);
    $issuedCertificates.set(null);
    throw error;
  }
}
