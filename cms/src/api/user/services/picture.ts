import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import sharp from 'sharp';
import type { ProductUser } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { PICTURE_MAX_BYTES, PICTURE_MAX_SIDE, sniffImage } from '../validation/picture';
import { toProductUser, type UserRow } from './user';

const USER = 'plugin::users-permissions.user';

/** The part of a formidable file (from Strapi's multipart body parser) this service reads. */
export interface IncomingFile {
  filepath: string;
  size: number;
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

/**
 * Checks an uploaded image's size and bytes, then re-encodes it as WebP of at most `maxSide` px (EXIF, GPS and
 * other metadata dropped). `what` names it in the refusals ("picture", "author photo").
 */
export async function normaliseImage(file: IncomingFile, { maxSide = PICTURE_MAX_SIDE, what = 'picture' } = {}): Promise<Buffer> {
  const The = `The ${what}`;
  if (file.size > PICTURE_MAX_BYTES) {
    throw new errors.PayloadTooLargeError(`${The} must be at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB.`, { maxBytes: PICTURE_MAX_BYTES });
  }
  if (!sniffImage(await readHead(file.filepath))) {
    throw new ApiError(415, `${The} must be a JPEG, PNG or WebP image.`, { accepted: ['image/jpeg', 'image/png', 'image/webp'] });
  }
  try {
    return await sharp(file.filepath, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new ApiError(422, `${The} could not be read as an image.`, {}, 'ValidationError');
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const upload = () => strapi.plugin('upload').service('upload');

  /** Deletes an upload (file, its formats, and its row); logs instead of failing the request. */
  async function removeFile(id: number): Promise<void> {
    try {
      const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id } });
      if (file) await upload().remove(file);
    } catch (error) {
      strapi.log.error(`could not delete upload ${id}: ${(error as Error).message}`);
    }
  }

  return {
    /**
     * Stores a new profile picture through the upload plugin and points the user at it. If linking fails the
     * new file is deleted; the old picture is deleted only once the new one is linked.
     */
    async replace(user: UserRow, file: IncomingFile): Promise<ProductUser> {
      const image = await normaliseImage(file);
      const dir = await mkdtemp(path.join(tmpdir(), 'writory-picture-'));
      let stored: { id: number } | undefined;
      try {
        const filepath = path.join(dir, `${user.firebaseUid}.webp`);
        await writeFile(filepath, image);
        [stored] = await upload().upload({
          data: { fileInfo: { name: `profile-${user.firebaseUid}.webp`, alternativeText: 'Profile picture' } },
          files: { filepath, originalFilename: `profile-${user.firebaseUid}.webp`, mimetype: 'image/webp', size: image.length },
        });
        const updated = await strapi.db
          .query(USER)
          .update({ where: { id: user.id }, data: { profilePicture: stored!.id }, populate: ['role', 'profilePicture'] });
        if (!updated) throw new Error(`user ${user.id} vanished while its picture was stored`);
        stored = undefined;
        if (user.profilePicture) await removeFile(user.profilePicture.id);
        return toProductUser(updated);
      } finally {
        if (stored) await removeFile(stored.id);
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};
