import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipartCleanup } from './multipart-cleanup';

const tempFile = (dir: string, name: string) => {
  const filepath = path.join(dir, name);
  writeFileSync(filepath, 'x');
  return { filepath };
};

describe('multipartCleanup', () => {
  it('deletes every uploaded temp file after the request, also when it failed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'writory-cleanup-'));
    const one = tempFile(dir, 'a');
    const many = [tempFile(dir, 'b'), tempFile(dir, 'c')];
    const ctx = { request: { files: { picture: one, attachments: many } } };
    await expect(multipartCleanup()(ctx, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    for (const file of [one, ...many]) expect(existsSync(file.filepath)).toBe(false);
  });

  it('does nothing for requests without files', async () => {
    await expect(multipartCleanup()({ request: {} }, async () => 'ok')).resolves.toBeUndefined();
  });
});
