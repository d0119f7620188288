// The page-view beacon (/api/track-visit-realtime). Every page's small tracking script imports it, on its own so
// that script stays one small file: keep it light.
import type { TrackVisitBody } from '@writory/shared';

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
  const message =
    typeof error === 'string' ? error : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : null;
  throw new Error(message || 'Failed to track visit');
}
