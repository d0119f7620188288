// Notifications on the wire: the spec's list shape, the live stream's events and the admin's send form.
import { sameOriginPath } from './paths.ts';

/** One notification as GET /api/notifications and the live stream send it (the spec's field names). */
export interface NotificationItem {
  /** Grows with every notification: newer ones have larger ids (the paging cursor). */
  id: number;
  title: string;
  message: string;
  /** A same-site path such as "/profile#entries", or null. */
  link: string | null;
  /** ISO 8601. */
  created_at: string;
  is_read: boolean;
}

/** GET /api/notifications?limit=&before= — newest first; nextBefore is the `before` of the next page, null at the end. */
export interface NotificationList {
  notifications: NotificationItem[];
  unreadCount: number;
  nextBefore: number | null;
}

/** What POST …/{id}/read, DELETE …/{id}/delete, POST …/read-all and POST …/clear-all answer. */
export interface NotificationChangeResult {
  /** How many notifications the call changed. */
  changed: number;
  unreadCount: number;
}

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_PAGE_SIZE = 50;
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 1000;
export const NOTIFICATION_LINK_MAX = 500;

/**
 * Events of GET /api/notifications/stream (text/event-stream). The event name is the `kind`;
 * data is this object as JSON. Every event carries the poet's unread count as the server has it now.
 *  - ready: the stream is open (sent first); load the list now, later changes arrive as events.
 *  - created: a new notification.
 *  - read / deleted: these ids changed (from another tab, browser or device).
 *  - read-all / cleared: every notification was marked read / deleted.
 *  - resync: the server may have missed changes (e.g. it lost its database listener); load the list again.
 */
export type NotificationEvent =
  | { kind: 'ready'; unreadCount: number }
  | { kind: 'created'; notification: NotificationItem; unreadCount: number }
  | { kind: 'read' | 'deleted'; ids: number[]; unreadCount: number }
  | { kind: 'read-all' | 'cleared'; unreadCount: number }
  | { kind: 'resync'; unreadCount: number };

export const NOTIFICATION_EVENT_KINDS = ['ready', 'created', 'read', 'deleted', 'read-all', 'cleared', 'resync'] as const;

export interface AdminNotificationResult {
  sent: true;
  recipient: { uid: string; email: string | null; name: string | null };
}

/** A link we follow from a notification: a path on this site ("/x"), never "//host" or a scheme (sameOriginPath's rule). */
export function isSameSitePath(link: string | null | undefined): link is string {
  return sameOriginPath(link) !== null;
}
