// The admin's visit dashboard (/api/admin/visits/*). The page-view beacon itself is api/track-visit.ts.
import type { VisitSummary } from '@writory/shared';
import { authedFetch, downloadFile, queryOf } from '../lib/api';

/** Without a range: the last 30 days up to today in the contest time zone. */
export const fetchVisitSummary = (range?: { from: string; to: string }) => authedFetch<VisitSummary>(`/api/admin/visits/summary${queryOf(range ?? {})}`);

/** Every visit of the range, as a CSV download. */
export const downloadVisitsCsv = (range: { from: string; to: string }) =>
  downloadFile(`/api/admin/visits/export${queryOf({ from: range.from, to: range.to })}`, `writory-visits-${range.from}-to-${range.to}.csv`);
