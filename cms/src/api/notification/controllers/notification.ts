import type { Context } from 'koa';
import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { idParams, listQuery } from '../validation/notification';
import { getService } from '../../../services';

/** When the caller's Firebase token expires (ms): the strategy has verified it, so its payload can be read. */
function tokenExpiry(authorization: string | undefined): number {
  try {
    const payload = JSON.parse(Buffer.from(authorization!.split(' ')[1].split('.')[1], 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity;
  } catch {
    return Infinity;
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const notifications = () => getService(strapi, 'api::notification.notification');
  const owner = (ctx: Context) => ctx.state.user.id as number;
  const idOf = (ctx: Context) => parseInput(idParams, ctx.params).id;
  /** The bell's poll asks without a query string: its defaults are parsed once, not at every poll. */
  let plainList: ReturnType<typeof listQuery.parse> | undefined;
  const listOf = (ctx: Context) => (ctx.querystring ? parseInput(listQuery, ctx.query) : (plainList ??= parseInput(listQuery, {})));

  return {
    /** The spec's list, newest first and paged; an ETag lets a slow fallback poll get 304 when nothing changed. */
    async list(ctx: Context) {
      // Serialised once: the ETag is the hash of the very bytes sent.
      const json = JSON.stringify(await notifications().list(owner(ctx), listOf(ctx)));
      const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.set('ETag', etag);
      ctx.set('Vary', 'Authorization');
      if (ctx.get('If-None-Match') === etag) {
        ctx.status = 304;
        return;
      }
      ctx.type = 'application/json';
      ctx.body = json;
    },

    async read(ctx: Context) {
      ctx.body = await notifications().markRead(owner(ctx), idOf(ctx));
    },

    async readAll(ctx: Context) {
      ctx.body = await notifications().markAllRead(owner(ctx));
    },

    async remove(ctx: Context) {
      ctx.body = await notifications().remove(owner(ctx), idOf(ctx));
    },

    async clearAll(ctx: Context) {
      ctx.body = await notifications().clearAll(owner(ctx));
    },

    /** text/event-stream of this poet's changes (see NotificationEvent); ends when the token expires. */
    async stream(ctx: Context) {
      const socket = ctx.req.socket;
      socket.setTimeout(0);
      socket.setNoDelay(true);
      socket.setKeepAlive(true, 30_000);
      ctx.set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        // nginx and similar proxies: pass each event on at once.
        'X-Accel-Buffering': 'no',
      });
      ctx.status = 200;
      ctx.body = getService(strapi, 'api::notification.live').open(owner(ctx), { expiresAt: tokenExpiry(ctx.get('Authorization')) });
    },
  };
};
