import type { Core } from '@strapi/strapi';
import demo from '@writory/shared/demo-accounts.json';
import { getService } from '../../services';

/** First run: a welcome under the bell of every demo account, written through notifyMany like any feature. */
export async function seedDemoNotifications(strapi: Core.Strapi) {
  if ((await strapi.db.query('api::notification.notification').count()) > 0) return;
  const users = await strapi.db
    .query('plugin::users-permissions.user')
    .findMany({ select: ['id', 'name'], where: { firebaseUid: { $in: demo.accounts.map((a) => a.uid) } } });
  await getService(strapi, 'api::notification.notification').notifyMany(
    users.map((user: { id: number; name: string | null }) => ({
      userId: user.id,
      notification: {
        title: 'Welcome to Writory',
        message: `${user.name ? `${user.name}, this` : 'This'} month’s contest is open: submit a poem by the 25th.`,
        link: '/submit',
      },
    })),
  );
}
