import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { databaseListener, isPostgres } from '../lib/database-listener';

/**
 * One read of the signed-in user (with role and picture) per token, shared by that token's requests: a signed-in
 * read then costs no database query to know who asks. Any write to that user (suspension, role, profile, email)
 * drops it at once on this instance, again when the write's transaction commits, and on every other instance through
 * PostgreSQL NOTIFY (USER_CACHE_CHANNEL, sent in the write's transaction, so sent as it commits; auth/strategy.ts
 * waits for the listening connection to catch up before trusting a remembered user); a write to a role drops every
 * user. So a suspension or a role change applies to the very next request, wherever it lands. Entries live
 * USER_CACHE_TTL_MS at most, so the user's last-seen time and the token's claims (email, verified) are copied at least
 * that often.
 */
export const USER_CACHE_TTL_MS = 60_000;
/** Tokens remembered at most (the oldest go first): about 1 KB each. */
export const USER_CACHE_ENTRIES = 10_000;
/** PostgreSQL channel on which an instance tells every instance which user was written ('*': all of them). */
export const USER_CACHE_CHANNEL = 'writory_users';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const WRITES = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'] as const;

interface Entry<U> {
  at: number;
  user: Promise<U>;
  id: number | null;
}

/** The cache itself, with no Strapi in it (unit-tested beside it). */
export function createUserCache<U extends { id: number }>({ ttlMs = USER_CACHE_TTL_MS, maxEntries = USER_CACHE_ENTRIES, now = Date.now } = {}) {
  const entries = new Map<string, Entry<U>>();
  /** Bumped by every drop: a load that started before a drop is not kept (it may have read the old row). */
  let generation = 0;

  return {
    /** The user for this token: remembered, or loaded (one load for requests arriving together). A failed load is not kept. */
    get(token: string, load: () => Promise<U>): Promise<U> {
      const hit = entries.get(token);
      if (hit && now() - hit.at < ttlMs) return hit.user;
      entries.delete(token);
      const started = generation;
      const entry: Entry<U> = { at: now(), user: load(), id: null };
      entries.set(token, entry);
      entry.user.then(
        (user) => {
          if (started !== generation && entries.get(token) === entry) entries.delete(token);
          else entry.id = user.id;
        },
        () => {
          if (entries.get(token) === entry) entries.delete(token);
        },
      );
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry.user;
    },

    /** Forgets every token of this user (and any load still running). */
    dropUser(id: number): void {
      generation++;
      for (const [token, entry] of entries) if (entry.id === id || entry.id === null) entries.delete(token);
    },

    clear(): void {
      generation++;
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type UserCache<U extends { id: number }> = ReturnType<typeof createUserCache<U>>;

const caches = new WeakMap<Core.Strapi, UserCache<{ id: number }>>();

/** This Strapi instance's cache of signed-in users (made, and wired to writes, while Strapi registers). */
export function userCacheOf<U extends { id: number }>(strapi: Core.Strapi): UserCache<U> {
  let cache = caches.get(strapi);
  if (!cache) {
    caches.set(strapi, (cache = createUserCache()));
    watchUserWrites(strapi, cache);
  }
  return cache as unknown as UserCache<U>;
}

/** '*' or the written user's id (a write to many rows, or to a role, drops everyone). */
function writtenUser(event: { model: { uid: string }; result?: unknown }): string {
  if (event.model.uid !== USER) return '*';
  const id = (event.result as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? String(id) : '*';
}

function watchUserWrites(strapi: Core.Strapi, cache: UserCache<{ id: number }>) {
  const drop = (who: string) => (who === '*' ? cache.clear() : cache.dropUser(Number(who)));
  strapi.hook('strapi::content-types.afterSync').register(async () => {
    const shared = isPostgres(strapi);
    const notify = (db: Knex | Knex.Transaction, who: string) => db.raw('select pg_notify(?, ?)', [USER_CACHE_CHANNEL, who]);
    const written = async (event: { model: { uid: string }; result?: unknown }) => {
      const who = writtenUser(event);
      drop(who);
      if (!strapi.db.inTransaction()) {
        if (shared) await notify(strapi.db.connection, who);
        return;
      }
      await strapi.db.transaction(async ({ trx, onCommit }) => {
        // Sent in the write's own transaction, so PostgreSQL delivers it to every instance as the write commits:
        // before the writer answers, and before anyone could read the new row and still find the old one cached.
        if (shared) await notify(trx, who);
        // Requests between the write and its commit may have read the old row again here: drop once more.
        onCommit(() => drop(who));
      });
    };
    strapi.db.lifecycles.subscribe({ models: [USER, ROLE], ...Object.fromEntries(WRITES.map((action) => [action, written])) });
    if (shared) {
      await databaseListener(strapi).listen(USER_CACHE_CHANNEL, {
        message: (who) => drop(who),
        // Drops published while this instance was not listening were missed.
        resync: () => cache.clear(),
      });
    }
  });
}

/** Stops hearing other instances' drops (src/index.ts destroy). */
export async function stopUserCache(strapi: Core.Strapi) {
  if (isPostgres(strapi) && caches.has(strapi)) await databaseListener(strapi).unlisten(USER_CACHE_CHANNEL);
}
