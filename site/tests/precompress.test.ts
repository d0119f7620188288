// @vitest-environment node
import { mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../server/precompress.mjs';

const page = (words: string) => `<!doctype html><title>${words}</title><p>${words.repeat(200)}</p>`;
const dirs: string[] = [];
function build(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'writory-precompress-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('precompress', () => {
  it('writes gzip and brotli variants of text files that decompress to the same bytes, and skips tiny and binary files', async () => {
    const dir = build({ 'index.html': page('home '), 'a/b/style.css': `body{color:red}${' '.repeat(400)}`, 'tiny.js': 'x()', 'video.mp4': 'x'.repeat(1000) });
    expect(await precompress(dir)).toEqual({ compressed: 2, reused: 0, fresh: 0 });
    for (const name of ['index.html', 'a/b/style.css']) {
      const original = readFileSync(join(dir, name));
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`)))).toEqual(original);
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`)))).toEqual(original);
    }
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
    expect(existsSync(join(dir, 'video.mp4.gz'))).toBe(false);
  });

  it('takes the previous build’s variants for unchanged files and compresses changed ones anew', async () => {
    const previous = build({ 'index.html': page('home '), 'articles/one/index.html': page('old title ') });
    await precompress(previous);
    // A marker proves the unchanged file's variant was copied, not recompressed.
    writeFileSync(join(previous, 'index.html.gz'), 'copied');
    const next = build({ 'index.html': page('home '), 'articles/one/index.html': page('new title ') });
    expect(await precompress(next, { previous })).toEqual({ compressed: 1, reused: 1, fresh: 0 });
    expect(readFileSync(join(next, 'index.html.gz'), 'utf8')).toBe('copied');
    expect(gunzipSync(readFileSync(join(next, 'articles/one/index.html.gz'))).toString()).toBe(page('new title '));
  });

  it('leaves variants newer than their file alone and redoes stale ones', async () => {
    const dir = build({ 'index.html': page('home '), 'about/index.html': page('about ') });
    await precompress(dir);
    writeFileSync(join(dir, 'about/index.html'), page('about us '));
    const later = new Date(statSync(join(dir, 'about/index.html.gz')).mtimeMs + 5000);
    utimesSync(join(dir, 'about/index.html'), later, later);
    expect(await precompress(dir)).toEqual({ compressed: 1, reused: 0, fresh: 1 });
    expect(gunzipSync(readFileSync(join(dir, 'about/index.html.gz'))).toString()).toBe(page('about us '));
  });
});
