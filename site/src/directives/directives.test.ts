import { beforeEach, describe, expect, it, vi } from 'vitest';
import signedIn from './signed-in';
import onEvent from './on-event';
import { SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from '../lib/signed-in-hint';

/** A directive's `load`: counts hydrations. */
function island() {
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  const el = document.createElement('astro-island');
  return { load, hydrate, el };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('client:signed-in', () => {
  it('hydrates when the browser is idle if the last page saw someone signed in', async () => {
    vi.useFakeTimers();
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const { load, hydrate, el } = island();
    signedIn(load, { name: 'signed-in', value: '' }, el);
    expect(load).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('loads nothing for a visitor until someone signs in on the page, then hydrates once', async () => {
    const { load, hydrate, el } = island();
    signedIn(load, { name: 'signed-in', value: '' }, el);
    await flush();
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(SIGNED_IN_EVENT));
    window.dispatchEvent(new Event(SIGNED_IN_EVENT));
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hydrates when another tab signs in (the hint appears), not when it signs out', async () => {
    const { load, hydrate, el } = island();
    signedIn(load, { name: 'signed-in', value: '' }, el);
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_HINT_KEY, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '1' }));
    await flush();
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_HINT_KEY, newValue: '1' }));
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });
});

describe('client:on', () => {
  it('hydrates on the first event it names, and only then', async () => {
    const { load, hydrate, el } = island();
    onEvent(load, { name: 'on', value: 'writory:toast' }, el);
    window.dispatchEvent(new Event('writory:other'));
    await flush();
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('writory:toast'));
    window.dispatchEvent(new Event('writory:toast'));
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });
});
