import type { Core } from '@strapi/strapi';
import type { ProductUser } from '@writory/shared';
import { normaliseImage, removeUpload, storeWebp, type IncomingFile } from '../../../lib/images';
import { PICTURE_MAX_BYTES, PICTURE_MAX_SIDE } from '../validation/picture';
import type { UserRow } from '../repository';
import { toProductUser } from './user';
import { msg } from '../../../lib/messages';

const USER = 'plugin::users-permissions.user';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Checks the bytes, re-encodes at most 512×512 WebP, stores it through the upload plugin and points the user
   * at it. If linking fails the new file is deleted; the old picture is deleted only once the new one is linked.
   */
  async replace(user: UserRow, file: IncomingFile): Promise<ProductUser> {
    const { data } = await normaliseImage(file, {
      label: msg('image.picture'),
      maxBytes: PICTURE_MAX_BYTES,
      maxWidth: PICTURE_MAX_SIDE,
      maxHeight: PICTURE_MAX_SIDE,
    });
    const name = `profile-${user.firebaseUid}.webp`;
    let stored: { id: number } | undefined = await storeWebp(strapi, data, { name, alternativeText: 'Profile picture' });
    try {
      const updated = await strapi.db.query(USER).update({ where: { id: user.id }, data: { profilePicture: stored.id }, populate: ['role', 'profilePicture'] });
      if (!updated) throw new Error(`user ${user.id} vanished while its picture was stored`);
      stored = undefined;
      if (user.profilePicture) await removeUpload(strapi, user.profilePicture.id);
      return toProductUser(updated);
    } finally {
      if (stored) await removeUpload(strapi, stored.id);
    }
  },
});
