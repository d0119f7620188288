import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import type { AdminNotificationResult } from '@writory/shared';
import { ApiError, parseInput } from '../../../lib/api-error';
import { adminNotificationBody } from '../validation/notification';
import { getService } from '../../../services';
import { userRepository } from '../../user/repository';
import { msg } from '../../../lib/messages';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** An admin tells one user something: the recipient is a Firebase uid or an email. */
  async send(ctx: Context) {
    const { recipient, title, message, link } = parseInput(adminNotificationBody, ctx.request.body ?? {});
    const user = await userRepository(strapi).byUidOrEmail(recipient, ['firebaseUid', 'email', 'name']);
    if (!user) throw new ApiError(404, msg('adminUser.noUidOrEmail'), { recipient }, 'NotFoundError');
    await getService(strapi, 'api::notification.notification').notify(user.id, { title, message, link });
    const body: AdminNotificationResult = { sent: true, recipient: { uid: user.firebaseUid, email: user.email ?? null, name: user.name ?? null } };
    ctx.status = 201;
    ctx.body = body;
  },
});
