// The plainest Node static server (the reference where nginx cannot be installed): node:http and fs only.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';

const [root, port] = process.argv.slice(2);
const TYPES = { html: 'text/html', css: 'text/css', js: 'application/javascript' };

createServer(async (req, res) => {
  let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (path.endsWith('/')) path += 'index.html';
  const file = join(root, path);
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  try {
    const body = await readFile(gzip ? `${file}.gz` : file).catch(() => readFile(file));
    const type = TYPES[file.split('.').pop()] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, ...(gzip && body[0] === 0x1f && body[1] === 0x8b ? { 'content-encoding': 'gzip' } : {}) });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(Number(port), '127.0.0.1');
