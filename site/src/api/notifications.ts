// The header bell's notifications (/api/notifications*) and the admin's sending (/api/admin/notifications).
import type { AdminNotificationBody, AdminNotificationResult, NotificationChangeResult, NotificationList } from '@writory/shared';
import { apiErrorFrom, authedFetch, jsonBody } from '../lib/api';
import { currentIdToken } from '../lib/firebase';

export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';

/** The newest page, or the page older than the notification id `before`. */
export const fetchNotifications = (before?: number) => authedFetch<NotificationList>(`/api/notifications${before ? `?before=${before}` : ''}`);

/** The fallback poll's read of the first page: 'not-modified' (a 304) when it still has the ETag `etag`. */
export async function pollNotifications(etag: string | null): Promise<{ list: NotificationList; etag: string | null } | 'not-modified'> {
  const token = await currentIdToken();
  const headers = new Headers(token ? { authorization: `Bearer ${token}` } : {});
  if (etag) headers.set('if-none-match', etag);
  const res = await fetch('/api/notifications', { headers, cache: 'no-store', credentials: 'include' });
  if (res.status === 304) return 'not-modified';
  if (!res.ok) throw await apiErrorFrom(res);
  return { etag: res.headers.get('etag'), list: (await res.json()) as NotificationList };
}

/** Opens the live stream of server-sent events (fetch, so it can send the bearer token); the caller reads the body. */
export const openNotificationStream = (token: string, signal: AbortSignal) =>
  fetch(NOTIFICATION_STREAM_PATH, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    cache: 'no-store',
    credentials: 'include',
    signal,
  });

export const sendNotificationRead = (id: number) => authedFetch<NotificationChangeResult>(`/api/notifications/${id}/read`, { method: 'POST' });

export const sendNotificationDelete = (id: number) => authedFetch<NotificationChangeResult>(`/api/notifications/${id}/delete`, { method: 'DELETE' });

export const sendAllNotificationsRead = () => authedFetch<NotificationChangeResult>('/api/notifications/read-all', { method: 'POST' });

export const sendNotificationsCleared = () => authedFetch<NotificationChangeResult>('/api/notifications/clear-all', { method: 'POST' });

export const sendAdminNotification = (body: AdminNotificationBody) =>
  authedFetch<AdminNotificationResult>('/api/admin/notifications', { method: 'POST', ...jsonBody(body) });
