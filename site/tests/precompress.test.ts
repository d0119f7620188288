import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../server/precompress.mjs';

const dirs: string[] = [];
function site(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'writory-precompress-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const page = (words: string) => `<!doctype html><title>${words}</title>${'<p>verse</p>'.repeat(40)}`;

describe('precompress', () => {
  it('writes gzip and brotli copies of text files that decompress to the same bytes, and skips tiny and binary files', async () => {
    const dir = site({ 'index.html': page('home'), 'a/b.js': 'x'.repeat(300), 'tiny.css': 'a{}', 'image.png': 'P'.repeat(400) });
    await precompress(dir);
    expect(gunzipSync(readFileSync(join(dir, 'index.html.gz'))).toString()).toBe(page('home'));
    expect(brotliDecompressSync(readFileSync(join(dir, 'a/b.js.br'))).toString()).toBe('x'.repeat(300));
    expect([existsSync(join(dir, 'tiny.css.br')), existsSync(join(dir, 'image.png.br'))]).toEqual([false, false]);
  });

  it('reuses the previous build’s copies of unchanged files and compresses changed ones', async () => {
    const previous = site({ 'same.html': page('same'), 'changed.html': page('before') });
    writeFileSync(join(previous, 'same.html.br'), 'copy from the previous build');
    writeFileSync(join(previous, 'same.html.gz'), 'copy from the previous build');
    writeFileSync(join(previous, 'changed.html.br'), 'stale');
    writeFileSync(join(previous, 'changed.html.gz'), 'stale');
    const next = site({ 'same.html': page('same'), 'changed.html': page('after') });
    await precompress(next, { previous });
    expect(readFileSync(join(next, 'same.html.br'), 'utf8')).toBe('copy from the previous build');
    expect(brotliDecompressSync(readFileSync(join(next, 'changed.html.br'))).toString()).toBe(page('after'));
  });
});
