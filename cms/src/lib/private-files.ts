import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import { withoutBidiControls } from '@writory/shared';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { s3ClientOptions, s3Settings, type S3Settings } from './object-storage';

/**
 * Files that must never be reachable by a public URL (poems, author photos). They live on the cms's disk in
 * PRIVATE_FILES_DIR (default `<cms>/.private`), or in a private S3 bucket when FILE_STORAGE=s3, under random names,
 * and leave only through routes that check who is asking. Keys look like "entries/3f9c….pdf".
 */
export interface PrivateFiles {
  put(folder: string, bytes: Uint8Array, extension: string): Promise<string>;
  /** Stores a copy of a file already on this machine's disk (an upload), without reading it into memory. */
  putFile(folder: string, filepath: string, extension: string): Promise<string>;
  /** The file's bytes as a stream; null when there is no such file. */
  open(key: string): Promise<Readable | null>;
  remove(key: string | null | undefined): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Keys in a folder last changed before `before` (for the orphan sweep), unfinished writes included. */
  listOlderThan(folder: string, before: Date): Promise<string[]>;
  /** Removes a key returned by listOlderThan. */
  removeListed(listed: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

const checked = (key: string) => {
  if (!KEY.test(key)) throw new Error(`not a private file key: ${key}`);
  return key;
};

const newKey = (folder: string, extension: string) => checked(`${folder}/${randomBytes(16).toString('hex')}.${extension}`);

export function privateFilesRoot(appRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(appRoot, env.PRIVATE_FILES_DIR || '.private');
}

/** The store FILE_STORAGE selects: the bucket, or PRIVATE_FILES_DIR under the cms. */
export function privateFilesFromEnv(appRoot: string, env: NodeJS.ProcessEnv = process.env): PrivateFiles {
  const settings = s3Settings(env);
  return settings ? createBucketPrivateFiles(new S3Client(s3ClientOptions(settings)), settings) : createLocalPrivateFiles(privateFilesRoot(appRoot, env));
}

export function createLocalPrivateFiles(root: string): PrivateFiles {
  const fullPath = (key: string) => path.join(root, checked(key));
  const exists = async (key: string) => {
    try {
      return (await stat(fullPath(key))).isFile();
    } catch {
      return false;
    }
  };
  const remove = async (key: string | null | undefined) => {
    if (key) await rm(fullPath(key), { force: true });
  };
  /** Writes under a temporary name and renames, so a reader never sees half a file. */
  const written = async (folder: string, extension: string, write: (partial: string) => Promise<void>) => {
    const key = newKey(folder, extension);
    const target = fullPath(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.partial`;
    await write(partial);
    await rename(partial, target);
    return key;
  };
  return {
    put: (folder, bytes, extension) => written(folder, extension, (partial) => writeFile(partial, bytes, { mode: 0o600 })),
    putFile: (folder, filepath, extension) =>
      written(folder, extension, async (partial) => {
        // The kernel copies (copy_file_range where it can): no byte of the file passes through JavaScript.
        await copyFile(filepath, partial);
        await chmod(partial, 0o600);
      }),
    async open(key) {
      return (await exists(key)) ? createReadStream(fullPath(key)) : null;
    },
    remove,
    exists,
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
        // Anything not named like our files (or their unfinished writes) is not ours to judge.
        if (!KEY.test(`${folder}/${name.replace(/\.partial$/, '')}`)) continue;
        try {
          const info = await stat(path.join(dir, name));
          if (info.isFile() && info.mtime < before) old.push(`${folder}/${name}`);
        } catch {
          // removed meanwhile
        }
      }
      return old;
    },
    async removeListed(listed) {
      // A key, or a key's unfinished write (the key + ".partial").
      const key = listed.replace(/\.partial$/, '');
      await rm(fullPath(key) + listed.slice(key.length), { force: true });
    },
  };
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * Private files in an S3-compatible bucket. Objects are written without any ACL (private, as the bucket is) and
 * are never given a public or signed URL: the cms streams them after its own checks. A PUT is atomic, so no reader
 * ever sees half an object and a write cut short leaves nothing.
 */
export function createBucketPrivateFiles(client: S3Client, settings: Pick<S3Settings, 'bucket' | 'prefix'>): PrivateFiles {
  const Bucket = settings.bucket;
  const objectKey = (key: string) => settings.prefix + checked(key);
  const remove = async (key: string | null | undefined) => {
    if (key) await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
  };
  return {
    async put(folder, bytes, extension) {
      const key = newKey(folder, extension);
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
      return key;
    },
    async putFile(folder, filepath, extension) {
      // Read in one go by libuv, not streamed: the SDK sends a streamed body with aws-chunked framing and trailing
      // checksums, which S3-compatible stores without that extension keep as part of the object.
      const bytes = await readFile(filepath);
      const key = newKey(folder, extension);
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
      return key;
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return object.Body as Readable;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    remove,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async listOlderThan(folder, before) {
      const old: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${settings.prefix}${folder}/`, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(settings.prefix.length);
          // Anything else under the folder is not ours to judge.
          if (key && KEY.test(key) && object.LastModified && object.LastModified < before) old.push(key);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return old;
    },
    removeListed: remove,
  };
}

/** A private file on its way out: what to stream and how to name it. */
export interface OutgoingFile {
  key: string;
  name: string;
  type: string;
}

/** Streams a private file to someone a route has checked: never cached, never sniffed, never run. */
export async function sendPrivateFile(ctx: Context, files: PrivateFiles, file: OutgoingFile, disposition: 'inline' | 'attachment' = 'attachment') {
  const body = await files.open(file.key);
  if (!body) throw new Error(`private file ${file.key} is missing`);
  ctx.attachment(withoutBidiControls(file.name), { type: disposition });
  ctx.type = file.type;
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.body = body;
}
