/**
 * `global::local-network`: the client (as TRUSTED_PROXIES settles it, see src/lib/client-address.ts) is on this
 * machine or a private network (10/8, 172.16/12, 192.168/16, fc00::/7, link-local), where a metrics scraper
 * runs. Anyone else gets 403, signed in or not.
 */
import { errors } from '@strapi/utils';
import proxyaddr from 'proxy-addr';

const isLocal = proxyaddr.compile(['loopback', 'linklocal', 'uniquelocal']);

export default (ctx: { request: { ip: string } }) => {
  if (!isLocal(ctx.request.ip, 0)) throw new errors.PolicyError('Only the local network may read this.');
  return true;
};
