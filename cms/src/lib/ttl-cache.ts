/**
 * A small in-memory cache of promises: readers within `ttlMs` share one load (also while it is still running,
 * so a burst of readers makes one database query), a failed load is forgotten, and the oldest keys go first
 * past `maxEntries`. Per process: other instances see a change after at most `ttlMs`.
 */
export function createTtlCache<V>({ ttlMs, maxEntries = 500, now = Date.now }: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      const entry = { at: now(), value: load() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry.value;
    },
    clear(): void {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
