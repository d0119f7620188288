import type { Context } from 'koa';
import { createClientAddressResolver } from '../lib/client-address';

/** First middleware of every request: settles who the client is before anything reads ctx.request.ip. */
export default (config: { trustedProxies: string[] }) => {
  const resolve = createClientAddressResolver(config.trustedProxies);
  return async (ctx: Context, next: () => Promise<void>) => {
    const client = resolve(ctx.req);
    ctx.request.ip = client.address;
    ctx.state.clientRelayed = client.relayed;
    await next();
  };
};
