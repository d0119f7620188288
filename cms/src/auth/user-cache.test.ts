import { describe, expect, it } from 'vitest';
import { createUserCache } from './user-cache';

const user = (id: number, name = `poet ${id}`) => ({ id, name });

describe('createUserCache', () => {
  it('reads a token’s user once, then answers from memory until the TTL passes', async () => {
    let now = 0;
    let reads = 0;
    const cache = createUserCache<{ id: number; name: string }>({ ttlMs: 1000, now: () => now });
    const load = async () => {
      reads++;
      return user(1);
    };
    await Promise.all([cache.get('t', load), cache.get('t', load)]);
    await cache.get('t', load);
    expect(reads).toBe(1);
    now = 1000;
    await cache.get('t', load);
    expect(reads).toBe(2);
  });

  it('forgets every token of a user written, and only theirs', async () => {
    let reads = 0;
    const cache = createUserCache<{ id: number; name: string }>();
    const load = (id: number) => async () => {
      reads++;
      return user(id);
    };
    await cache.get('a1', load(1));
    await cache.get('a2', load(1));
    await cache.get('b', load(2));
    cache.dropUser(1);
    await cache.get('a1', load(1));
    await cache.get('a2', load(1));
    await cache.get('b', load(2));
    expect(reads).toBe(5);
  });

  it('does not keep a read that was running when its user was written (it may hold the old row)', async () => {
    const cache = createUserCache<{ id: number; name: string }>();
    let finish!: (value: { id: number; name: string }) => void;
    const first = cache.get('t', () => new Promise((resolve) => (finish = resolve)));
    cache.dropUser(1);
    finish(user(1, 'before the suspension'));
    expect((await first).name).toBe('before the suspension');
    expect((await cache.get('t', async () => user(1, 'suspended'))).name).toBe('suspended');
  });

  it('does not keep a failed read (a suspended user is refused at every request)', async () => {
    const cache = createUserCache<{ id: number; name: string }>();
    await expect(cache.get('t', async () => Promise.reject(new Error('suspended')))).rejects.toThrow('suspended');
    expect(await cache.get('t', async () => user(1))).toEqual(user(1));
  });

  it('clear() forgets everyone (a role was written), and the oldest tokens go past maxEntries', async () => {
    let reads = 0;
    const cache = createUserCache<{ id: number; name: string }>({ maxEntries: 2 });
    const load = (id: number) => async () => {
      reads++;
      return user(id);
    };
    await cache.get('a', load(1));
    await cache.get('b', load(2));
    await cache.get('c', load(3));
    expect(cache.size).toBe(2);
    await cache.get('a', load(1));
    expect(reads).toBe(4);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
