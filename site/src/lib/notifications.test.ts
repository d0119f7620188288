// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationList } from '@writory/shared';
import { applyEvent, badgeText, emptyView, fromLoad, isSameSitePath, isSwipeDelete, SWIPE_DELETE_PX, timeAgo, withPage } from './notifications';
import { backoffDelay } from './notification-channel';

const NOW = Date.parse('2026-03-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeAgo', () => {
  it.each([
    [0, 'Just now'],
    [59 * S, 'Just now'],
    [59 * S + 999, 'Just now'],
    [M, '1m'],
    [59 * M + 59 * S, '59m'],
    [H, '1h'],
    [23 * H + 59 * M, '23h'],
    [D, '1d'],
    [6 * D + 23 * H, '6d'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(timeAgo(ago(ms), NOW)).toBe(text);
  });

  it('shows a locale date from 7 days on', () => {
    expect(timeAgo(ago(7 * D), NOW, 'en-GB')).toBe('8 Mar 2026');
    expect(timeAgo(ago(400 * D), NOW, 'en-US')).toBe('Feb 8, 2025');
  });

  it('says "Just now" for a time slightly in the future (clock skew) and nothing for a bad date', () => {
    expect(timeAgo(new Date(NOW + 5 * S).toISOString(), NOW)).toBe('Just now');
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});

describe('badgeText', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%d → %j', (count, text) => expect(badgeText(count)).toBe(text));
});

describe('isSwipeDelete', () => {
  it('deletes on a swipe right of more than 50 px only', () => {
    expect(SWIPE_DELETE_PX).toBe(50);
    expect(isSwipeDelete(50)).toBe(false);
    expect(isSwipeDelete(50.5)).toBe(true);
    expect(isSwipeDelete(120)).toBe(true);
    expect(isSwipeDelete(-120)).toBe(false);
  });

  it('ignores a mostly vertical move (scrolling the list)', () => {
    expect(isSwipeDelete(60, 80)).toBe(false);
    expect(isSwipeDelete(60, -30)).toBe(true);
  });
});

describe('isSameSitePath', () => {
  it.each([
    ['/profile', true],
    ['/profile#entries', true],
    ['/winning-poem/12?x=1', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['javascript:alert(1)', false],
    ['profile', false],
    ['/\t/evil.example', false],
    ['/\n/evil.example', false],
    ['/.//evil.example', false],
    [null, false],
  ])('%j → %s', (link, ok) => expect(isSameSitePath(link)).toBe(ok));
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 60 s, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => backoffDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 60000, 60000, 60000]);
    expect(backoffDelay(3, () => 0)).toBe(2000);
  });
});

const note = (id: number, is_read = false): NotificationItem => ({ id, title: `t${id}`, message: 'm', link: null, created_at: ago(0), is_read });
const list = (items: NotificationItem[], unreadCount = items.filter((n) => !n.is_read).length, nextBefore: number | null = null): NotificationList => ({
  notifications: items,
  unreadCount,
  nextBefore,
});

describe('the list a tab shows', () => {
  it('flags as new the ids above the newest one seen at the previous visit, on a first load', () => {
    expect(fromLoad(null, list([note(5), note(4), note(3)]), 3).newIds).toEqual([5, 4]);
    expect(fromLoad(null, list([note(5)]), null).newIds).toEqual([]);
  });

  it('flags as new the ids a reload finds that the tab did not have, and keeps earlier flags', () => {
    const first = { ...fromLoad(null, list([note(3), note(2)]), null), newIds: [3] };
    expect(fromLoad(first, list([note(6), note(3), note(2)]), null).newIds).toEqual([6, 3]);
  });

  it('applies live events idempotently, with the server’s unread count', () => {
    let view = fromLoad(null, list([note(2), note(1)]), null);
    const created = { kind: 'created' as const, notification: note(3), unreadCount: 3 };
    view = applyEvent(applyEvent(view, created), created);
    expect(view.items.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(view).toMatchObject({ unreadCount: 3, newIds: [3] });
    view = applyEvent(view, { kind: 'read', ids: [2], unreadCount: 2 });
    expect(view.items.map((n) => n.is_read)).toEqual([false, true, false]);
    view = applyEvent(view, { kind: 'deleted', ids: [3], unreadCount: 1 });
    view = applyEvent(view, { kind: 'deleted', ids: [3], unreadCount: 1 });
    expect(view.items.map((n) => n.id)).toEqual([2, 1]);
    view = applyEvent(view, { kind: 'read-all', unreadCount: 0 });
    expect(view.items.every((n) => n.is_read)).toBe(true);
    view = applyEvent(view, { kind: 'cleared', unreadCount: 0 });
    expect(view).toEqual({ ...emptyView });
  });

  it('keeps a live notification that arrived out of order in id order', () => {
    const view = applyEvent(fromLoad(null, list([note(9), note(5)]), null), { kind: 'created', notification: note(7), unreadCount: 3 });
    expect(view.items.map((n) => n.id)).toEqual([9, 7, 5]);
  });

  it('appends an older page without repeating what is shown', () => {
    const view = fromLoad(null, list([note(9), note(8)], 2, 8), null);
    const more = withPage(view, list([note(8), note(7), note(6)], 2, null));
    expect(more.items.map((n) => n.id)).toEqual([9, 8, 7, 6]);
    expect(more.nextBefore).toBeNull();
  });
});
