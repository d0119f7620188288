// Writes .gz and .br next to every text file of the build, so the server sends compressed bytes without work per request.
// It compresses on zlib's thread pool, so the server keeps answering while a rebuild is compressed. A file identical to
// the one in `previous` (the build being replaced) takes that build's compressed variants instead of being compressed
// again, and a file whose variants are already newer than it is left alone (a restart on a compressed build): with a
// thousand articles, compressing every page at brotli's best quality takes about a minute.
import { copyFile, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest)$/;
const MIN_BYTES = 256;
const PARALLEL = 4;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function textFiles(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await textFiles(path)));
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) files.push(path);
  }
  return files;
}

async function variantsUpToDate(path, modified) {
  try {
    const [gz, br] = await Promise.all([stat(`${path}.gz`), stat(`${path}.br`)]);
    return gz.mtimeMs >= modified && br.mtimeMs >= modified;
  } catch {
    return false;
  }
}

async function reusePrevious(path, bytes, previousPath) {
  try {
    if (!(await readFile(previousPath)).equals(bytes)) return false;
    await Promise.all([copyFile(`${previousPath}.gz`, `${path}.gz`), copyFile(`${previousPath}.br`, `${path}.br`)]);
    return true;
  } catch {
    return false;
  }
}

/** Resolves to { compressed, reused, fresh }: how many files were compressed, copied from `previous`, already done. */
export async function precompress(dir, { previous } = {}) {
  const files = await textFiles(dir);
  const counts = { compressed: 0, reused: 0, fresh: 0 };
  const one = async (path) => {
    const info = await stat(path);
    if (info.size < MIN_BYTES) return;
    if (await variantsUpToDate(path, info.mtimeMs)) return void counts.fresh++;
    const bytes = await readFile(path);
    if (previous && (await reusePrevious(path, bytes, join(previous, relative(dir, path))))) return void counts.reused++;
    const [gz, br] = await Promise.all([gzipAsync(bytes, { level: 9 }), brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })]);
    await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
    counts.compressed++;
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < files.length) await one(files[next++]);
    }),
  );
  return counts;
}
