/**
 * `global::local-network`: the caller connected to the cms itself from this machine or a private network (10/8,
 * 172.16/12, 192.168/16, fc00::/7, link-local), where a metrics scraper runs. A request a trusted proxy relayed
 * (nginx, the site server) is a visitor's, whatever address it carries: behind a private load balancer or Docker's
 * gateway every visitor would otherwise look local. Anyone else gets 403, signed in or not.
 */
import { errors } from '@strapi/utils';
import proxyaddr from 'proxy-addr';
import { clientRelayed } from '../lib/client-address';

const isLocal = proxyaddr.compile(['loopback', 'linklocal', 'uniquelocal']);

export default (ctx: { request: { ip: string }; state?: { clientRelayed?: boolean } }) => {
  if (clientRelayed(ctx) || !isLocal(ctx.request.ip, 0)) throw new errors.PolicyError('Only the local network may read this.');
  return true;
};
