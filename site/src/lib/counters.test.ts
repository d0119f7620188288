import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import Counters, { COUNTER_REFRESH_MS, fetchCounts, pollWhileVisible } from './Counters';

let hidden = false;
beforeEach(() => {
  hidden = false;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const setHidden = (value: boolean) => {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('pollWhileVisible', () => {
  it('runs once at start, then every minute, never every second', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const stop = pollWhileVisible(task, COUNTER_REFRESH_MS);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59_000);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(120_000);
    expect(task).toHaveBeenCalledTimes(4);
    stop();
    vi.advanceTimersByTime(600_000);
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('stops while the tab is hidden and catches up when it is shown again', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const stop = pollWhileVisible(task, COUNTER_REFRESH_MS);
    setHidden(true);
    vi.advanceTimersByTime(10 * 60_000);
    expect(task).toHaveBeenCalledTimes(1);
    setHidden(false);
    expect(task).toHaveBeenCalledTimes(2);
    setHidden(true);
    setHidden(false); // back within the minute: no extra request
    expect(task).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(task).toHaveBeenCalledTimes(3);
    stop();
  });

  it('does not poll at all when the page opens in a hidden tab', () => {
    vi.useFakeTimers();
    hidden = true;
    const task = vi.fn();
    const stop = pollWhileVisible(task, COUNTER_REFRESH_MS);
    vi.advanceTimersByTime(5 * 60_000);
    expect(task).not.toHaveBeenCalled();
    stop();
  });
});

describe('fetchCounts', () => {
  it('reads both counts', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => json({ count: url.includes('users') ? 1234 : 56 })));
    expect(await fetchCounts()).toEqual({ poets: 1234, pieces: 56 });
  });

  it('falls back to 98 poets and 0 pieces when the API fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: 'down' }, 500)));
    expect(await fetchCounts()).toEqual({ poets: 98, pieces: 0 });
  });

  it('falls back per counter (submission-count missing, odd bodies)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url.includes('users') ? json({ count: 7 }) : json({}, 404))));
    expect(await fetchCounts()).toEqual({ poets: 7, pieces: 0 });
    vi.stubGlobal('fetch', vi.fn(async () => json({ count: 'many' })));
    expect(await fetchCounts()).toEqual({ poets: 98, pieces: 0 });
  });

  it('keeps the last good numbers when a later refresh fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({}, 503)));
    expect(await fetchCounts({ poets: 500, pieces: 40 })).toEqual({ poets: 500, pieces: 40 });
  });
});

describe('<Counters />', () => {
  it('shows the fallback first, then the live counts', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => json({ count: url.includes('users') ? 2500 : 310 })));
    render(<Counters />);
    expect(document.querySelector('[data-counter="poets"]')?.textContent).toBe('98');
    expect(document.querySelector('[data-counter="pieces"]')?.textContent).toBe('0');
    await act(async () => {});
    expect(await screen.findByText('2,500')).toBeTruthy();
    expect(document.querySelector('[data-counter="pieces"]')?.textContent).toBe('310');
  });
});
