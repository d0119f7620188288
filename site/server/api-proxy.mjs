// /api and /uploads proxied to the cms over kept-alive connections: a new TCP connection per
// /api request costs more than the request itself.
import { Agent } from 'node:http';
import { createProxyServer } from 'http-proxy-3';

/** @param {string} cmsUrl */
export function createApiProxy(cmsUrl) {
  const proxy = createProxyServer({ target: cmsUrl, xfwd: true, proxyTimeout: 0, agent: new Agent({ keepAlive: true, maxSockets: 64 }) });

  // The cms may answer before the body has arrived (413 on a body over its limit). The rest of that
  // body would otherwise be read as the next request on the visitor's connection, which then resets:
  // read and discard it, and close that one connection once the answer is sent.
  proxy.on('proxyRes', (proxyRes, req) => {
    if (req.complete) return;
    proxyRes.headers.connection = 'close';
    req.resume();
  });

  proxy.on('error', (error, _req, res) => {
    if ('writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { status: 502, name: 'BadGateway', message: `cms unreachable: ${error.message}` } }));
    } else {
      res.end();
    }
  });

  return proxy;
}
