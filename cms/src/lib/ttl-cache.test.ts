import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('shares one load between readers within the ttl, and loads again after it', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, now: () => clock });
    const load = vi.fn(async () => clock);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([0, 0]);
    clock = 999;
    expect(await cache.get('a', load)).toBe(0);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(1000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed load', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'up')).toBe('up');
  });

  it('drops the oldest keys past maxEntries, and clear() drops everything', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    const load = vi.fn(async () => 'x');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
