// The header bell's notifications (spec section 4): the list, the unread count, what is new, and the actions.
// Loaded once the poet is signed in and the bell is on screen; kept live by lib/notification-channel.ts.
// Failures are logged, never shown (the spec's error catalogue), and a failed change reloads the list so
// what the poet sees stays what the server has.
import { atom, onMount } from 'nanostores';
import type { NotificationChangeResult, NotificationEvent, NotificationList } from '@writory/shared';
import {
  fetchNotifications,
  pollNotifications,
  sendAllNotificationsRead,
  sendNotificationDelete,
  sendNotificationRead,
  sendNotificationsCleared,
} from '../api/notifications';
import { currentIdToken } from '../lib/firebase';
import { applyEvent, emptyView, fromLoad, withPage, type NotificationsView } from '../lib/notifications';
import { startNotificationChannel } from '../lib/notification-channel';
import { $identity } from './auth';

export type NotificationsStatus = 'idle' | 'loading' | 'ready';

export const $notifications = atom<NotificationsView>(emptyView);
/** 'loading' until the first answer (or failure) after sign-in. */
export const $notificationsStatus = atom<NotificationsStatus>('idle');

const SEEN_KEY = (uid: string) => `writory-notifications-seen:${uid}`;

let uid: string | null = null;
let stopChannel: (() => void) | null = null;
let loadTicket = 0;
/** Events that arrive while a load is on its way are applied again on top of its answer. */
let duringLoad: NotificationEvent[] | null = null;
let etag: string | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function seenUpTo(owner: string): number | null {
  const value = Number(storage()?.getItem(SEEN_KEY(owner)));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function accept(list: NotificationList, owner: string, replayed: NotificationEvent[] = []) {
  const hadList = $notificationsStatus.get() === 'ready';
  let view = fromLoad(hadList ? $notifications.get() : null, list, seenUpTo(owner));
  for (const event of replayed) view = applyEvent(view, event);
  $notifications.set(view);
  $notificationsStatus.set('ready');
  const newest = Math.max(seenUpTo(owner) ?? 0, ...list.notifications.map((n) => n.id));
  if (newest > 0) storage()?.setItem(SEEN_KEY(owner), String(newest));
}

/** Loads the first page again (at sign-in, when the stream (re)opens, after a failed change). */
export async function loadNotifications(): Promise<void> {
  const owner = uid;
  if (!owner) return;
  const mine = ++loadTicket;
  if ($notificationsStatus.get() === 'idle') $notificationsStatus.set('loading');
  duringLoad = [];
  try {
    const list = await fetchNotifications();
    if (mine !== loadTicket || owner !== uid) return;
    accept(list, owner, duringLoad);
  } catch (error) {
    console.error('Notifications: could not load', error);
    if (mine === loadTicket && owner === uid) $notificationsStatus.set('ready');
  } finally {
    if (mine === loadTicket) duringLoad = null;
  }
}

/** The fallback poll: 304 when nothing changed since the last answer it saw. */
async function pollFirstPage(): Promise<NotificationList | 'not-modified'> {
  const answer = await pollNotifications(etag);
  if (answer === 'not-modified') return answer;
  etag = answer.etag;
  return answer.list;
}

function onEvent(event: NotificationEvent) {
  duringLoad?.push(event);
  $notifications.set(applyEvent($notifications.get(), event));
}

function start(owner: string) {
  uid = owner;
  void loadNotifications();
  stopChannel = startNotificationChannel(owner, {
    token: (forceRefresh) => currentIdToken(forceRefresh),
    onEvent,
    reload: () => void loadNotifications(),
    poll: pollFirstPage,
    onSnapshot: (list) => {
      if (uid === owner) accept(list, owner);
    },
  });
}

function stop() {
  stopChannel?.();
  stopChannel = null;
  uid = null;
  etag = null;
  loadTicket++;
  duringLoad = null;
  $notifications.set(emptyView);
  $notificationsStatus.set('idle');
}

/** Sends a change; on failure logs it and reloads, so the list matches the server again. */
async function change(send: () => Promise<NotificationChangeResult>, optimistic: (view: NotificationsView) => NotificationsView, what: string) {
  $notifications.set(optimistic($notifications.get()));
  try {
    const result = await send();
    $notifications.set({ ...$notifications.get(), unreadCount: result.unreadCount });
  } catch (error) {
    console.error(`Notifications: could not ${what}`, error);
    await loadNotifications();
  }
}

const unreadAfter = (view: NotificationsView, ids: number[]) =>
  Math.max(0, view.unreadCount - view.items.filter((n) => ids.includes(n.id) && !n.is_read).length);

export function markNotificationRead(id: number): Promise<void> {
  const view = $notifications.get();
  if (view.items.find((n) => n.id === id)?.is_read) return Promise.resolve();
  return change(
    () => sendNotificationRead(id),
    (v) => applyEvent(v, { kind: 'read', ids: [id], unreadCount: unreadAfter(v, [id]) }),
    'mark as read',
  );
}

export function deleteNotification(id: number): Promise<void> {
  return change(
    () => sendNotificationDelete(id),
    (v) => applyEvent(v, { kind: 'deleted', ids: [id], unreadCount: unreadAfter(v, [id]) }),
    'delete',
  );
}

export function markAllNotificationsRead(): Promise<void> {
  return change(sendAllNotificationsRead, (v) => applyEvent(v, { kind: 'read-all', unreadCount: 0 }), 'mark all as read');
}

export function clearAllNotifications(): Promise<void> {
  return change(sendNotificationsCleared, (v) => applyEvent(v, { kind: 'cleared', unreadCount: 0 }), 'clear all');
}

/** Appends the next older page. */
export async function loadOlderNotifications(): Promise<void> {
  const { nextBefore } = $notifications.get();
  if (!nextBefore || !uid) return;
  try {
    const page = await fetchNotifications(nextBefore);
    $notifications.set(withPage($notifications.get(), page));
  } catch (error) {
    console.error('Notifications: could not load older ones', error);
  }
}

onMount($notifications, () => {
  if (typeof window === 'undefined') return;
  const unsubscribe = $identity.subscribe((identity) => {
    if (identity?.uid === uid) return;
    stop();
    if (identity) start(identity.uid);
  });
  return () => {
    unsubscribe();
    stop();
  };
});
