// The admin's visit dashboard (/admin-visit-tracking): the figures of the range shown, and whether new ones are on their way.
import { atom } from 'nanostores';
import type { VisitSummary } from '@writory/shared';
import { fetchVisitSummary } from '../api/visits';

export const $visitSummary = atom<VisitSummary | null>(null);
export const $visitSummaryLoading = atom(false);

/** Null: the cms's default range (the last 30 days in the contest time zone). Throws what the cms answered when it cannot. */
export async function loadVisitSummary(range: { from: string; to: string } | null): Promise<VisitSummary> {
  $visitSummaryLoading.set(true);
  try {
    const summary = await fetchVisitSummary(range ?? undefined);
    $visitSummary.set(summary);
    return summary;
  } finally {
    $visitSummaryLoading.set(false);
  }
}
