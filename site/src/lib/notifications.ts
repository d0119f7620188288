// Pure notification helpers: time-ago, the badge, the swipe rule, and how a list follows the server's events.
import type { NotificationEvent, NotificationItem, NotificationList } from '@writory/shared';
import { t } from '../i18n/t';
import { formatDate } from './format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Just now" under a minute, then Nm, Nh, Nd under 7 days, then the date in the reader's locale. */
export function timeAgo(iso: string, now: number = Date.now(), locale?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const age = now - at;
  if (age < MINUTE) return t('notifications.justNow');
  if (age < HOUR) return t('notifications.minutesAgo', { n: Math.floor(age / MINUTE) });
  if (age < DAY) return t('notifications.hoursAgo', { n: Math.floor(age / HOUR) });
  if (age < 7 * DAY) return t('notifications.daysAgo', { n: Math.floor(age / DAY) });
  return formatDate(iso, { locale });
}

/** The unread badge: nothing at 0, the number up to 99, then "99+". */
export function badgeText(unreadCount: number): string {
  if (!Number.isFinite(unreadCount) || unreadCount <= 0) return '';
  return unreadCount > 99 ? '99+' : String(Math.floor(unreadCount));
}

/** A swipe to the right of more than this many pixels deletes a notification, after the slide-out animation. */
export const SWIPE_DELETE_PX = 50;
export const SWIPE_ANIMATION_MS = 300;

/** True when a touch that moved (dx, dy) is a deliberate swipe right past the threshold (not a vertical scroll). */
export function isSwipeDelete(dx: number, dy = 0): boolean {
  return dx > SWIPE_DELETE_PX && Math.abs(dx) > Math.abs(dy);
}

export interface NotificationsView {
  items: NotificationItem[];
  unreadCount: number;
  /** The next page's cursor, null when every notification is loaded. */
  nextBefore: number | null;
  /** Ids that arrived since the previous load (flagged "New"). */
  newIds: number[];
}

export const emptyView: NotificationsView = { items: [], unreadCount: 0, nextBefore: null, newIds: [] };

/**
 * A freshly loaded first page. Ids that were not there before are new: compared with the list this tab had,
 * or on a first load with the newest id this browser had seen (`seenUpTo`), so the page after a reload still
 * flags what came in meanwhile.
 */
export function fromLoad(previous: NotificationsView | null, list: NotificationList, seenUpTo: number | null): NotificationsView {
  const known = previous ? new Set(previous.items.map((n) => n.id)) : null;
  const isNew = (n: NotificationItem) => (known ? !known.has(n.id) || previous!.newIds.includes(n.id) : seenUpTo !== null && n.id > seenUpTo);
  return { items: list.notifications, unreadCount: list.unreadCount, nextBefore: list.nextBefore, newIds: list.notifications.filter(isNew).map((n) => n.id) };
}

/** The next page appended below what is shown (ids already there are not repeated). */
export function withPage(view: NotificationsView, page: NotificationList): NotificationsView {
  const have = new Set(view.items.map((n) => n.id));
  return { ...view, items: [...view.items, ...page.notifications.filter((n) => !have.has(n.id))], nextBefore: page.nextBefore };
}

/** A server event applied to what this tab shows. Events are idempotent: the acting tab gets its own back. */
export function applyEvent(view: NotificationsView, event: NotificationEvent): NotificationsView {
  const unreadCount = event.unreadCount;
  switch (event.kind) {
    case 'created': {
      if (view.items.some((n) => n.id === event.notification.id)) return { ...view, unreadCount };
      const items = [event.notification, ...view.items].sort((a, b) => b.id - a.id);
      return { ...view, items, unreadCount, newIds: [...view.newIds, event.notification.id] };
    }
    case 'read':
      return { ...view, unreadCount, items: view.items.map((n) => (event.ids.includes(n.id) ? { ...n, is_read: true } : n)) };
    case 'deleted':
      return { ...view, unreadCount, items: view.items.filter((n) => !event.ids.includes(n.id)) };
    case 'read-all':
      return { ...view, unreadCount, items: view.items.map((n) => (n.is_read ? n : { ...n, is_read: true })) };
    case 'cleared':
      return { ...view, unreadCount, items: [], nextBefore: null, newIds: [] };
    default:
      return { ...view, unreadCount };
  }
}

/** Follows a notification's link only when it is a path on this site. */
export { isSameSitePath } from '@writory/shared';
