// The header bell (rendered by HeaderAccount once someone is signed in): the unread badge, and a panel under the
// bell on wider screens or a modal dialog on phones with the poet's notifications.
import { useEffect, useId, useRef, useState, type FocusEvent, type TouchEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { NotificationItem } from '@writory/shared';
import { t } from '../i18n/t';
import { badgeText, isSameSitePath, isSwipeDelete, SWIPE_ANIMATION_MS, timeAgo } from '../lib/notifications';
import {
  $notifications,
  $notificationsStatus,
  clearAllNotifications,
  deleteNotification,
  loadOlderNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../stores/notifications';
import { formatDateTime } from '../lib/format';
import { useFocusAfterAction } from '../components/react/useFocusAfterAction';

/** The spec's mobile breakpoint: at 768 px and below the panel is a modal dialog. */
const PHONE_QUERY = '(max-width: 768px)';

export default function NotificationBell() {
  const view = useStore($notifications);
  const status = useStore($notificationsStatus);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  /** What the last action did, for the status region (screen readers hear it; focus stays in the panel). */
  const [announcement, setAnnouncement] = useState('');
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const badge = badgeText(view.unreadCount);
  const latest = view.items.find((n) => view.newIds.includes(n.id));

  const close = (refocus: boolean) => {
    setOpen(false);
    setAnnouncement('');
    if (refocus) button.current?.focus();
  };

  const focusAfter = useFocusAfterAction(dialog);
  /** After an action, focus goes to this row's open button, or to the panel's heading (unless the person moved on). */
  const focusAfterAction = (id: number | undefined) =>
    focusAfter(() => {
      const row =
        id === undefined ? null : dialog.current?.querySelector<HTMLElement>(`[data-testid="notification-item"][data-id="${id}"] [data-notification-open]`);
      return row ?? dialog.current?.querySelector<HTMLElement>(`[id="${CSS.escape(headingId)}"]`);
    });

  const remove = (item: NotificationItem) => {
    const at = view.items.findIndex((n) => n.id === item.id);
    const neighbour = view.items[at + 1] ?? view.items[at - 1];
    setAnnouncement(t('notifications.deleted', { title: item.title }));
    void deleteNotification(item.id);
    focusAfterAction(neighbour?.id);
  };
  const markAllRead = () => {
    setAnnouncement(t('notifications.allMarkedRead'));
    void markAllNotificationsRead();
    focusAfterAction(view.items[0]?.id);
  };
  const clearAll = () => {
    setAnnouncement(t('notifications.cleared'));
    void clearAllNotifications();
    focusAfterAction(undefined);
  };
  // Focus leaving the panel and the bell (Tab past the last control) closes the panel.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !wrapper.current?.contains(next)) close(false);
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) {
      if (element.open) element.close();
      return;
    }
    setNow(Date.now());
    if (!element.open) {
      if (window.matchMedia(PHONE_QUERY).matches) element.showModal();
      else element.show();
    }
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      clearInterval(tick);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const follow = async (item: NotificationItem) => {
    if (!item.is_read) setAnnouncement(t('notifications.markedRead', { title: item.title }));
    focusAfterAction(item.id);
    await markNotificationRead(item.id);
    if (isSameSitePath(item.link)) window.location.assign(item.link);
  };

  const empty = view.items.length === 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: onBlur closes the panel when focus leaves it; it handles no input
    <div ref={wrapper} className="relative" onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-icon relative rounded-full"
        aria-label={badge ? `${t('account.notifications')}, ${t('notifications.unread', { n: badge })}` : t('account.notifications')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close(false) : setOpen(true))}
        data-testid="notification-bell"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        <span
          hidden={!badge}
          aria-hidden="true"
          className="absolute -end-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-[0.65rem] font-bold leading-5 text-white"
          data-testid="notification-badge"
        >
          {badge}
        </span>
      </button>
      <p role="status" className="sr-only">
        {latest ? `${t('notifications.new')}: ${latest.title}` : ''}
      </p>

      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; the dialog's Escape is the key for that */}
      <dialog
        ref={dialog}
        aria-labelledby={headingId}
        onCancel={(event) => {
          event.preventDefault();
          close(true);
        }}
        onClick={(event) => {
          if (event.target === dialog.current) close(true); // the modal's backdrop
        }}
        className="z-50 m-0 flex-col overflow-hidden border border-stone-200 bg-white p-0 text-ink shadow-lg open:flex backdrop:bg-black/40 max-md:fixed max-md:inset-0 max-md:h-dvh max-md:max-h-none max-md:w-full max-md:max-w-none md:absolute md:start-auto md:end-0 md:top-full md:bottom-auto md:mt-2 md:max-h-[32rem] md:w-96 md:rounded-md"
        data-testid="notification-panel"
      >
        <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
          <h2 id={headingId} tabIndex={-1} className="font-serif text-lg font-bold">
            {t('account.notifications')}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm md:hidden" onClick={() => close(true)}>
            {t('notifications.close')}
          </button>
        </div>
        {/* Inside the dialog, so it is heard while the phone's modal makes the rest of the page inert. */}
        <p role="status" className="sr-only" data-testid="notification-status">
          {announcement}
        </p>
        <div className="flex gap-2 border-b border-stone-200 px-4 py-2">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={view.unreadCount === 0 && view.items.every((n) => n.is_read)}
            onClick={markAllRead}
          >
            {t('notifications.markAllRead')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={empty} onClick={clearAll}>
            {t('notifications.clearAll')}
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {empty ? (
            <p className="px-4 py-6 text-center text-sm text-ink-soft" data-testid="notification-empty">
              {status === 'ready' ? t('account.noNotifications') : t('common.loading')}
            </p>
          ) : (
            <ul aria-labelledby={headingId}>
              {view.items.map((item) => (
                <NotificationRow key={item.id} item={item} isNew={view.newIds.includes(item.id)} now={now} onOpen={follow} onDelete={remove} />
              ))}
            </ul>
          )}
          {view.nextBefore && (
            <div className="px-4 py-3 text-center">
              <button type="button" className="btn btn-link btn-sm" onClick={() => void loadOlderNotifications()}>
                {t('notifications.loadMore')}
              </button>
            </div>
          )}
        </div>
      </dialog>
    </div>
  );
}

interface RowProps {
  item: NotificationItem;
  isNew: boolean;
  now: number;
  onOpen(item: NotificationItem): void;
  onDelete(item: NotificationItem): void;
}

/** Which way "towards the end of the line" is on screen: right in English and Hindi, left in Arabic. */
const inlineEndSign = () => (typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? -1 : 1);

/**
 * One notification; on touch screens a swipe towards the line's end (right, or left on an Arabic page) past the
 * threshold slides it out and deletes it.
 */
function NotificationRow({ item, isNew, now, onOpen, onDelete }: RowProps) {
  const [dx, setDx] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);
  const moved = useRef({ dx: 0, dy: 0 });

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = { x: touch.clientX, y: touch.clientY };
    moved.current = { dx: 0, dy: 0 };
  };
  const onTouchMove = (event: TouchEvent) => {
    if (!start.current || leaving) return;
    const touch = event.touches[0];
    moved.current = { dx: inlineEndSign() * (touch.clientX - start.current.x), dy: touch.clientY - start.current.y };
    if (Math.abs(moved.current.dx) > Math.abs(moved.current.dy)) setDx(Math.max(0, moved.current.dx));
  };
  const onTouchEnd = () => {
    if (!start.current || leaving) return;
    start.current = null;
    if (isSwipeDelete(moved.current.dx, moved.current.dy)) {
      setLeaving(true);
      setTimeout(() => void deleteNotification(item.id), SWIPE_ANIMATION_MS);
    } else {
      setDx(0);
    }
  };

  const time = timeAgo(item.created_at, now);
  return (
    <li
      className={`flex touch-pan-y items-start gap-2 border-b border-stone-100 px-4 py-3 transition-[transform,opacity] duration-300 ${item.is_read ? 'bg-white' : 'bg-parchment/60'} ${leaving ? 'opacity-0' : ''}`}
      style={{
        transform: leaving ? `translateX(${inlineEndSign() * 100}%)` : dx ? `translateX(${inlineEndSign() * dx}px)` : undefined,
        transitionDuration: dx && !leaving ? '0ms' : undefined,
      }}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => {
        start.current = null;
        setDx(0);
      }}
      data-testid="notification-item"
      data-id={item.id}
      data-read={item.is_read}
      data-new={isNew}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${item.is_read ? 'bg-transparent' : 'bg-quill'}`}
        data-testid="unread-dot"
        data-visible={!item.is_read}
      />
      <button type="button" className="min-w-0 flex-1 text-start" onClick={() => onOpen(item)} data-notification-open>
        <span className="flex items-center gap-2">
          <span className={`truncate text-sm ${item.is_read ? 'font-normal text-ink-soft' : 'font-semibold text-ink'}`}>{item.title}</span>
          {isNew && (
            <span className="shrink-0 rounded-full bg-quill px-1.5 text-[0.65rem] font-bold uppercase leading-4 text-white">{t('notifications.new')}</span>
          )}
          {!item.is_read && <span className="sr-only">({t('notifications.unreadLabel')})</span>}
        </span>
        <span className={`mt-0.5 block text-sm break-words ${item.is_read ? 'text-stone-600' : 'text-ink'}`}>{item.message}</span>
        <time dateTime={item.created_at} title={formatDateTime(item.created_at)} className="mt-1 block text-xs text-stone-600">
          {time}
        </time>
      </button>
      <button
        type="button"
        className="btn btn-ghost h-8 w-8 shrink-0 rounded-full p-0 text-lg leading-none text-stone-600"
        aria-label={t('notifications.delete', { title: item.title })}
        onClick={() => onDelete(item)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
