import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import type { PublicCacheEndpoint } from '../../config/public-cache';
import { LOCALES } from '@writory/shared';
import { runInBackground } from './background';
import { databaseListener, isPostgres } from './database-listener';

/**
 * The fast path for hot public reads (declared in config/public-cache.ts). Registered first in `register()`, it
 * answers a declared GET from memory without running Strapi's middleware stack (logger, security, CORS, session,
 * body parser, router, policies, controller). The first request of each period runs all of it; its status 200
 * answer is kept with every header those middlewares set, per `Origin` (CORS answers differ by origin), and
 * replayed until `ttlSeconds` pass or a write to a model in `invalidatedBy` drops it. Answers that set a cookie,
 * requests with a query string (but `?locale=` on an endpoint declared `byLocale`, kept per locale) and anything
 * not declared pass through untouched.
 */

interface Cached {
  expires: number;
  headers: [string, string | string[]][];
  body: Buffer;
}

interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  status: number;
  body: unknown;
  respond?: boolean;
  state: Record<string, unknown>;
  response: { headers: Record<string, string | string[] | number | undefined> };
}

const splitUrl = (url: string): [string, string | undefined] => {
  const at = url.indexOf('?');
  return at === -1 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
};

/** The locale a query string of exactly `locale=<one of LOCALES>` names; null for any other query (not cached). */
function localeOfQuery(query: string): string | null {
  const match = /^locale=([a-z]{2,3})$/.exec(query);
  return match && (LOCALES as readonly string[]).includes(match[1]!) ? match[1]! : null;
}

/** Headers that describe one connection or one response's bytes, never replayed. */
const NOT_REPLAYED = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);
/** More distinct origins than a site has: beyond this many cached answers, new ones pass through uncached. */
const MAX_ENTRIES = 64;

function bodyBytes(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body === null || body === undefined || typeof (body as { pipe?: unknown }).pipe === 'function') return null;
  return Buffer.from(JSON.stringify(body));
}

export interface PublicCache {
  middleware: (ctx: Ctx, next: () => Promise<unknown>) => Promise<unknown>;
  /** Drops the cached answers of every endpoint that `model` (a uid such as api::faq.faq) feeds. */
  invalidate(model: string): void;
  /** Drops every cached answer. */
  clear(): void;
  /** Models named in some endpoint's `invalidatedBy`. */
  models: string[];
  size(): number;
}

export function createPublicCache(endpoints: PublicCacheEndpoint[], now: () => number = Date.now): PublicCache {
  const byPath = new Map(endpoints.map((endpoint) => [endpoint.path, endpoint]));
  const entries = new Map<string, Cached>();
  const pending = new Map<string, Promise<void>>();
  /** Bumped by every invalidation: an answer computed across one is not kept. */
  let generation = 0;

  const keyOf = (path: string, locale: string, origin: string | undefined) => `${path}\n${locale}\n${origin ?? ''}`;

  function fresh(key: string): Cached | undefined {
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  }

  function send(ctx: Ctx, entry: Cached) {
    ctx.respond = false;
    const { res } = ctx;
    res.statusCode = 200;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Content-Length', entry.body.length);
    res.end(ctx.method === 'HEAD' ? undefined : entry.body);
  }

  function store(key: string, endpoint: PublicCacheEndpoint, ctx: Ctx) {
    if (ctx.method !== 'GET' || ctx.status !== 200) return;
    const headers = ctx.response.headers;
    if (headers['set-cookie'] !== undefined) return;
    const body = bodyBytes(ctx.body);
    if (!body) return;
    if (entries.size >= MAX_ENTRIES) for (const [k, e] of entries) if (e.expires <= now()) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) return;
    entries.set(key, {
      expires: now() + endpoint.ttlSeconds * 1000,
      headers: Object.entries(headers)
        .filter(([name, value]) => value !== undefined && !NOT_REPLAYED.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]),
      body,
    });
  }

  return {
    async middleware(ctx, next) {
      const { method, url = '' } = ctx.req;
      if (method !== 'GET' && method !== 'HEAD') return next();
      const [path, query] = splitUrl(url);
      const endpoint = byPath.get(path);
      if (!endpoint) return next();
      // A query string passes through, but for an endpoint answered per locale: `?locale=hi` is its own answer.
      const locale = query === undefined ? '' : endpoint.byLocale ? localeOfQuery(query) : null;
      if (locale === null) return next();
      ctx.state.cachedRoute = endpoint.path;
      const origin = ctx.req.headers.origin;
      const key = keyOf(path, locale, origin);
      let entry = fresh(key);
      if (!entry && pending.has(key)) {
        await pending.get(key);
        entry = fresh(key);
      }
      if (entry) return send(ctx, entry);
      if (method !== 'GET') return next();
      // One request per key runs the stack; the others arriving meanwhile wait for its answer.
      let done!: () => void;
      pending.set(key, new Promise<void>((resolve) => (done = resolve)));
      const started = generation;
      try {
        await next();
        if (started === generation) store(key, endpoint, ctx);
      } finally {
        pending.delete(key);
        done();
      }
    },

    invalidate(model) {
      generation++;
      const paths = endpoints.filter((e) => e.invalidatedBy?.includes(model)).map((e) => `${e.path}\n`);
      for (const key of entries.keys()) if (paths.some((p) => key.startsWith(p))) entries.delete(key);
    },

    clear() {
      generation++;
      entries.clear();
    },

    models: [...new Set(endpoints.flatMap((e) => e.invalidatedBy ?? []))],
    size: () => entries.size,
  };
}

const WRITES = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'] as const;
/** PostgreSQL channel on which an instance tells every instance (itself included) which model was written. */
export const CACHE_CHANNEL = 'writory_public_cache';

/**
 * Serves config/public-cache.ts's endpoints from memory, first in the middleware chain. Writes to a model named in
 * `invalidatedBy` drop its answers: database lifecycles see every write, through the document service (panel,
 * publish) or the query engine (e.g. a new contest entry). On PostgreSQL, where several instances may serve one
 * database, the write's model is also published (after its commit) on CACHE_CHANNEL, so every instance drops its
 * answers within moments; on SQLite (one instance) the drop stays local.
 */
export function installPublicCache(strapi: Core.Strapi): PublicCache {
  const cache = createPublicCache(strapi.config.get<PublicCacheEndpoint[]>('public-cache.endpoints', []));
  strapi.server.use(cache.middleware);
  if (cache.models.length) {
    // The database exists once Strapi has registered; subscribe before it serves anything.
    strapi.hook('strapi::content-types.afterSync').register(async () => {
      const shared = isPostgres(strapi);
      const drop = async (event: { model: { uid: string } }) => {
        cache.invalidate(event.model.uid);
        if (shared) await tellEveryInstance(strapi, event.model.uid);
      };
      strapi.db.lifecycles.subscribe({ models: cache.models, ...Object.fromEntries(WRITES.map((action) => [action, drop])) });
      if (shared) {
        await databaseListener(strapi).listen(CACHE_CHANNEL, {
          message: (model) => cache.models.includes(model) && cache.invalidate(model),
          // Drops published while this instance was not listening were missed.
          resync: () => cache.clear(),
        });
      }
    });
  }
  return cache;
}

/** Stops hearing other instances' drops (src/index.ts destroy). */
export async function stopPublicCache(strapi: Core.Strapi) {
  if (isPostgres(strapi)) await databaseListener(strapi).unlisten(CACHE_CHANNEL);
}

/** After the write's transaction commits (others would otherwise cache the old answer again), or now outside one. */
async function tellEveryInstance(strapi: Core.Strapi, model: string) {
  const publish = () => runInBackground(strapi, 'public cache drop', () => databaseListener(strapi).publish(CACHE_CHANNEL, model));
  if (strapi.db.inTransaction()) {
    await strapi.db.transaction(async ({ onCommit }) => onCommit(() => void publish()));
    return;
  }
  await publish();
}
