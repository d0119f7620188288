// Static files of one build, for the site server: every file is indexed once (path, size, type, precompressed
// variants), and small files are answered from memory after their first request, so a page costs a map lookup and
// one write instead of a stat, an open, reads and a close per request. Big files (the hero videos) stream from disk
// and honour Range. A rebuild makes a new instance for the new folder; the old one is dropped with its memory.
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const TYPES = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  woff: 'font/woff',
  woff2: 'font/woff2',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};
const VARIANTS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];
/** Files up to this size are kept in memory once asked for, until the cache holds `maxCachedBytes`. */
const MAX_CACHED_FILE = 512 * 1024;
const MAX_CACHED_BYTES = 128 * 1024 * 1024;

const typeOf = (name) => TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** True when the Accept-Encoding header accepts `coding` (a q=0 refuses it). */
export function accepts(header, coding) {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

function walk(dir, prefix, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) walk(abs, `${prefix}${entry.name}/`, visit);
    else if (entry.isFile()) visit(`${prefix}${entry.name}`, abs);
  }
}

/**
 * The URL paths that reach a file, each with its rank: the exact name first, then /b for b.html, then /a for
 * a/index.html (as sirv resolved them). A path with a trailing slash is looked up without it.
 */
function urlPaths(name) {
  const paths = [[`/${name}`, 0]];
  if (name === 'index.html') paths.push(['/', 2]);
  else if (name.endsWith('/index.html')) paths.push([`/${name.slice(0, -'/index.html'.length)}`, 2]);
  else if (name.endsWith('.html')) paths.push([`/${name.slice(0, -'.html'.length)}`, 1]);
  return paths;
}

/**
 * @param {string} root the build folder
 * @param {{ cacheControl: (path: string) => string, headers?: Record<string, string>, maxCachedBytes?: number }} options
 *   `headers` go on every answer (the security headers), built into each file's headers once.
 */
export function createStaticFiles(root, { cacheControl, headers: common = {}, maxCachedBytes = MAX_CACHED_BYTES }) {
  const files = new Map(); // file name → entry
  const routes = new Map(); // URL path → entry
  const names = new Set();
  walk(root, '', (name) => names.add(name));

  const variantOf = (abs, coding, type, cache) => {
    const info = statSync(abs);
    return {
      abs,
      size: info.size,
      headers: {
        ...common,
        'Content-Type': type,
        'Content-Length': info.size,
        'Last-Modified': info.mtime.toUTCString(),
        ETag: `W/"${info.size}-${info.mtime.getTime()}"`,
        'Cache-Control': cache,
        Vary: 'Accept-Encoding',
        ...(coding ? { 'Content-Encoding': coding } : { 'Accept-Ranges': 'bytes' }),
      },
      body: null,
    };
  };

  for (const name of names) {
    if (VARIANTS.some(([, ext]) => name.endsWith(ext) && names.has(name.slice(0, -ext.length)))) continue;
    const type = typeOf(name);
    const cache = cacheControl(`/${name}`);
    const entry = { name, identity: variantOf(join(root, name), null, type, cache), encoded: [] };
    for (const [coding, ext] of VARIANTS) {
      if (names.has(name + ext)) entry.encoded.push([coding, variantOf(join(root, name + ext), coding, type, cache)]);
    }
    files.set(name, entry);
  }
  const ranks = new Map();
  for (const entry of files.values()) {
    for (const [path, rank] of urlPaths(entry.name)) {
      if (ranks.has(path) && ranks.get(path) <= rank) continue;
      ranks.set(path, rank);
      routes.set(path, entry);
    }
  }

  let cachedBytes = 0;
  /** The variant's bytes from memory (read once), or null when it is too big to keep. */
  function bytesOf(variant) {
    if (variant.body) return variant.body;
    if (variant.size > MAX_CACHED_FILE || cachedBytes + variant.size > maxCachedBytes) return null;
    cachedBytes += variant.size;
    variant.body = readFile(variant.abs).then(
      (buffer) => (variant.body = buffer),
      (error) => {
        cachedBytes -= variant.size;
        variant.body = null;
        throw error;
      },
    );
    return variant.body;
  }

  function pick(entry, req) {
    if (req.headers.range) return entry.identity;
    const header = req.headers['accept-encoding'];
    for (const [coding, variant] of entry.encoded) if (accepts(header, coding)) return variant;
    return entry.identity;
  }

  function write(req, res, status, variant, headers = variant.headers) {
    if (status === 200 && req.headers['if-none-match'] === variant.headers.ETag) {
      res.writeHead(304, { ETag: headers.ETag, 'Cache-Control': headers['Cache-Control'], Vary: headers.Vary });
      return res.end();
    }
    if (status === 200 && req.headers.range) return sendRange(req, res, variant);
    if (req.method === 'HEAD') {
      res.writeHead(status, headers);
      return res.end();
    }
    const body = bytesOf(variant);
    if (body === null) {
      res.writeHead(status, headers);
      return void createReadStream(variant.abs)
        .on('error', () => res.destroy())
        .pipe(res);
    }
    if (Buffer.isBuffer(body)) {
      res.writeHead(status, headers);
      return res.end(body);
    }
    body.then(
      (buffer) => {
        res.writeHead(status, headers);
        res.end(buffer);
      },
      () => {
        res.writeHead(500, { ...common, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('could not read the file');
      },
    );
  }

  function sendRange(req, res, variant) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range.trim());
    const size = variant.size;
    let start;
    let end;
    if (match && (match[1] !== '' || match[2] !== '')) {
      if (match[1] === '') {
        start = Math.max(0, size - Number(match[2]));
        end = size - 1;
      } else {
        start = Number(match[1]);
        end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
      }
    }
    if (start === undefined || start >= size || start > end) {
      res.writeHead(416, { ...common, 'Content-Range': `bytes */${size}` });
      return res.end();
    }
    res.writeHead(206, { ...variant.headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': end - start + 1 });
    if (req.method === 'HEAD') return res.end();
    createReadStream(variant.abs, { start, end })
      .on('error', () => res.destroy())
      .pipe(res);
  }

  const notFound = files.get('404.html');

  return {
    /** The entry a URL path names, or undefined. */
    find(url = '/') {
      const query = url.indexOf('?');
      let path = query === -1 ? url : url.slice(0, query);
      if (path.includes('%')) {
        try {
          path = decodeURIComponent(path);
        } catch {
          return undefined;
        }
      }
      return routes.get(path) ?? (path.length > 1 && path.endsWith('/') ? routes.get(path.slice(0, -1)) : undefined);
    },

    /** Answers with the file the URL names; false when there is none. */
    serve(req, res) {
      const entry = this.find(req.url);
      if (!entry) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...common, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed');
        return true;
      }
      write(req, res, 200, pick(entry, req));
      return true;
    },

    /** The build's not-found page with status 404. */
    notFound(req, res) {
      if (!notFound) {
        res.writeHead(404, { ...common, 'Content-Type': 'text/plain; charset=utf-8' });
        return res.end('Not found');
      }
      const variant = pick(notFound, { headers: { 'accept-encoding': req.headers['accept-encoding'] } });
      const { ETag: _etag, 'Last-Modified': _modified, 'Accept-Ranges': _ranges, ...headers } = variant.headers;
      write({ method: req.method, headers: {} }, res, 404, variant, { ...headers, 'Cache-Control': 'no-cache' });
    },
  };
}
