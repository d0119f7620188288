import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Forwarding headers only a trusted proxy may set; from anyone else they are dropped before Koa reads them. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-real-ip'];

/** Who the client is, and whether a trusted proxy relayed the request (then the client is not the peer itself). */
export interface ResolvedClient {
  address: string;
  relayed: boolean;
}

/**
 * Resolves a request's client address from TRUSTED_PROXIES (addresses, CIDR ranges, or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`): X-Forwarded-For is read from the right, skipping proxies we trust,
 * and the first address we do not trust is the client. A peer outside the list is the client itself, whatever
 * it wrote in its headers. Throws on a malformed list, so a typo stops the cms at boot.
 */
export function createClientAddressResolver(trustedProxies: string[]) {
  const trust = proxyaddr.compile(trustedProxies.map((entry) => entry.trim()).filter(Boolean));
  return (req: IncomingMessage): ResolvedClient => {
    const peer = req.socket.remoteAddress ?? '';
    if (!trust(peer, 0)) {
      for (const name of FORWARDING_HEADERS) delete req.headers[name];
    }
    const address = normalize(proxyaddr(req, trust));
    return { address, relayed: address !== normalize(peer) };
  };
}

/** "::ffff:203.0.113.7" and "203.0.113.7" are one client. */
const normalize = (address: string) => (address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address);

/**
 * The client's address: the one place the cms reads it (rate limits, logs). The client-address middleware
 * resolves it first thing on every request and stores it as `ctx.request.ip`, so Strapi's own code
 * (the panel's login limit) agrees.
 */
export const clientAddress = (ctx: { request: { ip: string } }): string => ctx.request.ip;

/** True when a trusted proxy relayed the request (the middleware sets it beside ctx.request.ip): a visitor from outside. */
export const clientRelayed = (ctx: { state?: { clientRelayed?: boolean } }): boolean => ctx.state?.clientRelayed === true;
