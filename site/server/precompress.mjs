// Writes .gz and .br next to every text file of the build, so the server sends compressed bytes without work per request.
// Compression runs on libuv's thread pool, two files at a time, so the server keeps answering while a rebuild is
// compressed; a file whose bytes are the same as in the previous build reuses that build's compressed copies.
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const AT_ONCE = 2;

async function textFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(path)));
    else if (COMPRESSIBLE.test(entry.name)) found.push(path);
  }
  return found;
}

async function sameBytes(path, bytes) {
  try {
    return (await readFile(path)).equals(bytes);
  } catch {
    return false;
  }
}

async function compressOne(path, bytes, previousPath) {
  if (previousPath && (await sameBytes(previousPath, bytes))) {
    try {
      await copyFile(`${previousPath}.gz`, `${path}.gz`);
      await copyFile(`${previousPath}.br`, `${path}.br`);
      return;
    } catch {
      // the previous build had no compressed copy: make one
    }
  }
  const [gzipped, brotlied] = await Promise.all([gz(bytes, { level: 9 }), brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })]);
  await writeFile(`${path}.gz`, gzipped);
  await writeFile(`${path}.br`, brotlied);
}

/** Compresses every text file under `dir`; `previous` is the build it replaces (unchanged files reuse its copies). */
export async function precompress(dir, { previous } = {}) {
  const queue = await textFiles(dir);
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      const bytes = await readFile(path);
      if (bytes.length < 256) continue;
      await compressOne(path, bytes, previous ? join(previous, relative(dir, path)) : null);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}
