import type { Core } from '@strapi/strapi';

/**
 * The signed-in reads every open page makes (the profile, the bell, the poet's entries) and the wall's reads (its
 * pages, searches and the Following tab, issue 40) go straight to their route from here, past the global
 * middlewares after this one and past matching the path against every route of the cms.
 * Placed after strapi::query, so what every answer needs still runs first: the client address, Retry-After, logger,
 * errors, security headers, CORS, the query string. What is skipped, and why a GET of these paths never needs it:
 * strapi::session (the content API authenticates by Bearer token; the session cookie is the admin panel's),
 * strapi::body (it builds a new koa-body parser for each request, and a GET's body is never read),
 * strapi::favicon and global::bucket-media (they answer other paths only). The router's work is done once per
 * path: the layers it matches for that path (the route, and the same deferred static-file and allowed-methods
 * layers in the same order) are kept and run as the router runs them, so the route behaves exactly as before: the
 * auth strategy (a suspension or role change applies at once), policies, route middlewares and the controller.
 */
export default (config: { paths: string[] }, { strapi }: { strapi: Core.Strapi }) => {
  const hot = new Set(config.paths);
  /** Per hot path, a router holding just the layers the cms's router matches for it (built at the first request). */
  type Dispatch = ReturnType<Core.Strapi['server']['router']['routes']>;
  const routers = new Map<string, Dispatch>();

  function routerFor(path: string) {
    let dispatch = routers.get(path);
    if (!dispatch) {
      const all = strapi.server.router;
      // The same @koa/router the cms's router is (no second copy to keep in step).
      const router = new (all.constructor as new () => typeof all)();
      router.stack = all.match(path, 'GET').path;
      dispatch = router.routes();
      routers.set(path, dispatch);
    }
    return dispatch;
  }

  return (ctx: { method: string; path: string }, next: () => Promise<unknown>) => {
    if (ctx.method !== 'GET' || !hot.has(ctx.path)) return next();
    return routerFor(ctx.path)(ctx as never, next);
  };
};
