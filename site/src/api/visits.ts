// Visits: the page-view beacon every page may send (/api/track-visit-realtime) and the admin's dashboard
// (/api/admin/visits/*). The beacon is imported by every page's small tracking script: keep it light.
import type { TrackVisitBody, VisitSummary } from '@writory/shared';
import { authedFetch, downloadCsv, queryOf } from '../lib/api';

/**
 * Sends one visit; `keepalive` lets it finish when the visitor leaves the page at once. Throws on a non-ok
 * answer or `success: false`, with the server's error or "Failed to track visit" (spec error catalogue).
 */
export async function sendVisit(visit: TrackVisitBody, token: string | null, fetchImpl: typeof fetch = fetch): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetchImpl('/api/track-visit-realtime', { method: 'POST', headers, body: JSON.stringify(visit), keepalive: true, credentials: 'include' });
  const body = (await res.json().catch(() => null)) as { success?: boolean; error?: unknown } | null;
  if (res.ok && body?.success === true) return;
  const error = body?.error;
  const message = typeof error === 'string' ? error : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : null;
  throw new Error(message || 'Failed to track visit');
}

/** Without a range: the last 30 days up to today in the contest time zone. */
export const fetchVisitSummary = (range?: { from: string; to: string }) => authedFetch<VisitSummary>(`/api/admin/visits/summary${queryOf(range ?? {})}`);

/** Every visit of the range, as a CSV download. */
export const downloadVisitsCsv = (range: { from: string; to: string }) =>
  downloadCsv(`/api/admin/visits/export${queryOf({ from: range.from, to: range.to })}`, `writory-visits-${range.from}-to-${range.to}.csv`);
