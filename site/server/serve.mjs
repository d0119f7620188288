// The site's production server: static files from dist/, /api and /uploads proxied to the cms
// so the pages and the API share one origin, and unknown paths answer 404 with the not-found page.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { createProxyServer } from 'http-proxy-3';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

const notFoundPage = () => readFileSync(`${distDir}/404.html`);
const proxy = createProxyServer({ target: cmsUrl, xfwd: true, proxyTimeout: 0 });
proxy.on('error', (error, _req, res) => {
  if ('writeHead' in res && !res.headersSent) {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { status: 502, name: 'BadGateway', message: `cms unreachable: ${error.message}` } }));
  } else {
    res.end();
  }
});

const serveStatic = sirv(distDir, {
  dev: process.env.SITE_NO_CACHE === '1',
  etag: true,
  gzip: true,
  brotli: true,
  extensions: ['html'],
  setHeaders(res, pathname) {
    if (pathname.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  },
});

const isProxied = (url = '') => url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/');

export const server = createServer((req, res) => {
  if (isProxied(req.url)) return proxy.web(req, res);
  serveStatic(req, res, () => {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(notFoundPage());
  });
});

server.listen(port, host, () => console.log(`site: http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
