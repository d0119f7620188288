// /api and /uploads proxied to the cms over kept-alive connections: a new TCP connection per
// /api request costs more than the request itself.
import { Agent } from 'node:http';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/** Requests that may be sent twice: the cms changes nothing for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Forwarding headers a visitor may send; this server is the edge, so it replaces them with what it saw. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-real-ip'];

/**
 * Tells the cms who the visitor is: the socket's peer, never a header the visitor wrote. Set on the incoming
 * request, which the proxy copies, because its 'proxyReq' event is skipped for requests with `Expect`.
 */
function setForwardingHeaders(req) {
  for (const name of FORWARDING_HEADERS) delete req.headers[name];
  const address = req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-for'] = address;
  req.headers['x-real-ip'] = address;
  req.headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
  if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
}

/** @param {string} cmsUrl */
export function createApiProxy(cmsUrl) {
  // With a timeout set, Node's agent drops an idle connection after 60 s or a second before the cms's announced
  // `Keep-Alive` timeout, whichever is first (without one it keeps it until the cms closes it, and a request sent
  // just then is reset).
  const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 });
  const proxy = createProxyServer({ target: cmsUrl, proxyTimeout: 0, agent });
  const retried = new WeakSet();

  // The cms may answer before the body has arrived (413 on a body over its limit). The rest of that
  // body would otherwise be read as the next request on the visitor's connection, which then resets:
  // read and discard it, and close that one connection once the answer is sent.
  proxy.on('proxyRes', (proxyRes, req) => {
    if (req.complete) return;
    proxyRes.headers.connection = 'close';
    req.resume();
  });

  proxy.on('error', (error, req, res) => {
    // A kept-alive connection the cms closed as the request left: a safe request goes again, once, on a new one.
    if (error.code === 'ECONNRESET' && SAFE_METHODS.has(req.method ?? '') && !retried.has(req) && 'writeHead' in res && !res.headersSent) {
      retried.add(req);
      proxy.web(req, res, { buffer: Readable.from([]) });
      return;
    }
    if ('writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { status: 502, name: 'BadGateway', message: `cms unreachable: ${error.message}` } }));
    } else {
      res.end();
    }
  });

  return {
    /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
    web(req, res) {
      setForwardingHeaders(req);
      proxy.web(req, res);
    },
  };
}
