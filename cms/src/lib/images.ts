// Images people upload (profile pictures, article covers) are checked by their bytes, never by the file
// name or the declared type (the client's word), and re-encoded so no metadata or odd payload is kept.
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import sharp from 'sharp';
import { ApiError } from './api-error';
import { msg, say, type Message } from './messages';

export type ImageKind = 'jpeg' | 'png' | 'webp';
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The part of a formidable file (from Strapi's multipart body parser) these helpers read. */
export interface IncomingFile {
  filepath: string;
  size: number;
}

/** The image kind announced by the first bytes, or null for anything else. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const at = (offset: number, bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte);
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

async function readHead(filepath: string): Promise<Uint8Array> {
  const handle = await open(filepath, 'r');
  try {
    const head = new Uint8Array(16);
    await handle.read(head, 0, head.length, 0);
    return head;
  } finally {
    await handle.close();
  }
}

export interface ImageRules {
  /** What the image is, for messages: "The picture", "The cover image". */
  label: Message;
  maxBytes: number;
  /** The re-encoded image fits in maxWidth × maxHeight (never enlarged). */
  maxWidth: number;
  maxHeight: number;
}

/**
 * 413 when the file is too large, 415 when its bytes are not JPEG, PNG or WebP, 422 when it cannot be decoded;
 * otherwise the image turned upright and re-encoded as WebP within the size, EXIF and other metadata dropped.
 */
export async function normaliseImage(file: IncomingFile, rules: ImageRules): Promise<{ data: Buffer; width: number; height: number }> {
  const megabytes = rules.maxBytes / 1024 / 1024;
  if (file.size > rules.maxBytes) {
    throw new errors.PayloadTooLargeError(say(msg('image.tooLarge', { label: rules.label, mb: megabytes })), { maxBytes: rules.maxBytes });
  }
  if (!sniffImage(await readHead(file.filepath))) {
    throw new ApiError(415, msg('image.notImage', { label: rules.label }), { accepted: IMAGE_TYPES });
  }
  try {
    const { data, info } = await sharp(file.filepath, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: rules.maxWidth, height: rules.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new ApiError(422, msg('image.unreadable', { label: rules.label }), {}, 'ValidationError');
  }
}

/** Stores a re-encoded WebP through the upload plugin (which also makes its responsive formats). */
export async function storeWebp(
  strapi: Core.Strapi,
  image: Buffer,
  { name, alternativeText }: { name: string; alternativeText: string },
): Promise<{ id: number; url: string; width?: number; height?: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'writory-image-'));
  try {
    const filepath = path.join(dir, name);
    await writeFile(filepath, image);
    const [stored] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText } },
        files: { filepath, originalFilename: name, mimetype: 'image/webp', size: image.length },
      });
    return stored;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Deletes an upload (file, its formats, and its row); logs instead of failing the request. */
export async function removeUpload(strapi: Core.Strapi, id: number): Promise<void> {
  try {
    const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id } });
    if (file) await strapi.plugin('upload').service('upload').remove(file);
  } catch (error) {
    strapi.log.error(`could not delete upload ${id}: ${(error as Error).message}`);
  }
}
