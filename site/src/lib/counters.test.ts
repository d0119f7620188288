import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTER_REFRESH_MS, fetchCounts, installCounters, pollWhileVisible } from './counters';

let hidden = false;
beforeEach(() => {
  hidden = false;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
});
afterEach(() => {
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json({ count: url.includes('users') ? 1234 : 56 })),
    );
    expect(await fetchCounts()).toEqual({ poets: 1234, pieces: 56 });
  });

  it('falls back to 98 poets and 0 pieces when the API fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'down' }, 500)),
    );
    expect(await fetchCounts()).toEqual({ poets: 98, pieces: 0 });
  });

  it('falls back per counter (submission-count missing, odd bodies)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('users') ? json({ count: 7 }) : json({}, 404))),
    );
    expect(await fetchCounts()).toEqual({ poets: 7, pieces: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ count: 'many' })),
    );
    expect(await fetchCounts()).toEqual({ poets: 98, pieces: 0 });
  });

  it('keeps the last good numbers when a later refresh fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({}, 503)),
    );
    expect(await fetchCounts({ poets: 500, pieces: 40 })).toEqual({ poets: 500, pieces: 40 });
  });
});

describe('installCounters', () => {
  it('replaces the fallback in the HTML with the live counts, and keeps them after a failed refresh', async () => {
    vi.useFakeTimers();
    let up = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (up ? json({ count: url.includes('users') ? 2500 : 310 }) : json({}, 500))),
    );
    document.body.innerHTML = '<dl data-counters><dd data-counter="poets">98</dd><dd data-counter="pieces">0</dd></dl>';
    const text = (name: string) => document.querySelector(`[data-counter="${name}"]`)?.textContent;
    const stop = installCounters(document.querySelector('[data-counters]')!);
    await vi.waitFor(() => expect(text('poets')).toBe('2,500'));
    expect(text('pieces')).toBe('310');
    up = false;
    await vi.advanceTimersByTimeAsync(COUNTER_REFRESH_MS);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(text('poets')).toBe('2,500');
    stop();
  });

  it('keeps the fallback admins set (built into the HTML) while the live counts cannot be read', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('users') ? json({}, 503) : json({ count: 46 }))),
    );
    document.body.innerHTML = '<dl data-counters data-poets="1200" data-pieces="45"><dd data-counter="poets">1,200</dd><dd data-counter="pieces">45</dd></dl>';
    const text = (name: string) => document.querySelector(`[data-counter="${name}"]`)?.textContent;
    const stop = installCounters(document.querySelector('[data-counters]')!);
    await vi.waitFor(() => expect(text('pieces')).toBe('46'));
    expect(text('poets')).toBe('1,200');
    stop();
  });
});
