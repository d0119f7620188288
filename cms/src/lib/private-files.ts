import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import { withoutBidiControls } from '@writory/shared';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files that must never be reachable by a public URL (poems, author photos). They live outside `public/`,
 * in PRIVATE_FILES_DIR (default `<cms>/.private`), under random names, and leave only through routes that
 * check who is asking. Keys look like "entries/3f9c….pdf".
 */
export interface PrivateFiles {
  readonly root: string;
  put(folder: string, bytes: Uint8Array, extension: string): Promise<string>;
  read(key: string): Promise<Buffer>;
  stream(key: string): ReadStream;
  remove(key: string | null | undefined): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Keys in a folder last changed before `before` (for the orphan sweep). */
  listOlderThan(folder: string, before: Date): Promise<string[]>;
}

const KEY = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

export function privateFilesRoot(appRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(appRoot, env.PRIVATE_FILES_DIR || '.private');
}

export function createPrivateFiles(root: string): PrivateFiles {
  const fullPath = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a private file key: ${key}`);
    return path.join(root, key);
  };
  return {
    root,
    async put(folder, bytes, extension) {
      const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
      const target = fullPath(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const partial = `${target}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, target);
      return key;
    },
    read: (key) => readFile(fullPath(key)),
    stream: (key) => createReadStream(fullPath(key)),
    async remove(key) {
      if (key) await rm(fullPath(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(fullPath(key))).isFile();
      } catch {
        return false;
      }
    },
    async listOlderThan(folder, before) {
      const dir = path.join(root, folder);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return [];
      }
      const old: string[] = [];
      for (const name of names) {
        const key = `${folder}/${name.replace(/\.partial$/, '')}`;
        try {
          const info = await stat(path.join(dir, name));
          if (info.isFile() && info.mtime < before) old.push(name.endsWith('.partial') ? `${key}.partial` : key);
        } catch {
          // removed meanwhile
        }
      }
      return old;
    },
  };
}

/** Removes a key returned by listOlderThan, partial uploads included. */
export async function removeListed(files: PrivateFiles, listed: string): Promise<void> {
  if (listed.endsWith('.partial')) await rm(path.join(files.root, listed), { force: true });
  else await files.remove(listed);
}

/** A private file on its way out: what to stream and how to name it. */
export interface OutgoingFile {
  key: string;
  name: string;
  type: string;
}

/** Streams a private file to someone a route has checked: never cached, never sniffed, never run. */
export async function sendPrivateFile(ctx: Context, files: PrivateFiles, file: OutgoingFile, disposition: 'inline' | 'attachment' = 'attachment') {
  if (!(await files.exists(file.key))) throw new Error(`private file ${file.key} is missing`);
  ctx.attachment(withoutBidiControls(file.name), { type: disposition });
  ctx.type = file.type;
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.body = files.stream(file.key);
}
