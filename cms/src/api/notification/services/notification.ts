import type { Core } from '@strapi/strapi';

const NOTIFICATION = 'api::notification.notification';

/** What one notification says; `link` is a same-site path such as "/profile#entries". */
export interface NotificationInput {
  title: string;
  message: string;
  link?: string | null;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function row(userId: number, { title, message, link }: NotificationInput) {
  return { userId, title: clip(title, 120), message: clip(message, 1000), link: link ?? null };
}

/**
 * The one way any feature tells a user something: `notify(userId, { title, message, link })`.
 * userId is the users-permissions user id (ctx.state.user.id).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async notify(userId: number, input: NotificationInput): Promise<void> {
    await strapi.db.query(NOTIFICATION).create({ data: row(userId, input) });
  },

  /** Many notifications in bulk inserts (e.g. every entrant when results are published). */
  async notifyMany(items: { userId: number; notification: NotificationInput }[]): Promise<void> {
    const CHUNK = 500;
    for (let i = 0; i < items.length; i += CHUNK) {
      const chunk = items.slice(i, i + CHUNK).map(({ userId, notification }) => row(userId, notification));
      await strapi.db.query(NOTIFICATION).createMany({ data: chunk });
    }
  },
});
