import type { Core } from '@strapi/strapi';
import type { NotificationChangeResult, NotificationItem, NotificationList } from '@writory/shared';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import type { Change } from '../live/hub';
import { NOTIFICATION, SELECT, notificationPage, toItem, unreadCount, type NotificationRow } from '../rows';
import { getService } from '../../../services';
import { isLocale, isMessage, msg, say, type Message } from '../../../lib/messages';
import { userRepository } from '../../user/repository';

/**
 * What one notification says; `link` is a same-site path such as "/profile#entries". A catalogue message
 * (`msg(…)`, lib/messages) is said in the recipient's language (their profile's), a string as written.
 */
export interface NotificationInput {
  title: string | Message;
  message: string | Message;
  link?: string | null;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type Language = Parameters<typeof say>[1];

function row(userId: number, { title, message, link }: NotificationInput, locale: Language = 'en') {
  const words = (text: string | Message) => (isMessage(text) ? say(text, locale) : text);
  return { userId, title: clip(words(title), NOTIFICATION_TITLE_MAX), message: clip(words(message), NOTIFICATION_MESSAGE_MAX), link: link ?? null };
}

/** Rows inserted at once; SQLite's own batch limit is 500 rows. */
const CHUNK = 500;

const notFound = () => new ApiError(404, msg('notice.notFound'), {}, 'NotFoundError');

/**
 * The one way any feature tells a user something: `notify(userId, { title, message, link })`, and the poet's
 * own view of their notifications (each call names the owner: anyone else's id is "not found").
 * userId is the users-permissions user id (ctx.state.user.id).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const query = () => strapi.db.query(NOTIFICATION);
  const publish = (change: Change) => getService(strapi, 'api::notification.live').publish(change);

  /** Each recipient's language, read only when some notification is a catalogue message. */
  async function languagesOf(items: { userId: number; notification: NotificationInput }[]): Promise<Map<number, Language>> {
    const keyed = items.filter(({ notification }) => isMessage(notification.title) || isMessage(notification.message));
    const ids = [...new Set(keyed.map(({ userId }) => userId))];
    const people = await userRepository(strapi).byIds(ids, ['preferredLocale']);
    return new Map(people.map((person) => [person.id, isLocale(person.preferredLocale) ? person.preferredLocale : 'en']));
  }

  async function result(userId: number, changed: number): Promise<NotificationChangeResult> {
    return { changed, unreadCount: await unreadCount(strapi, userId) };
  }

  return {
    async notify(userId: number, input: NotificationInput): Promise<void> {
      const languages = await languagesOf([{ userId, notification: input }]);
      const created = await query().create({ data: row(userId, input, languages.get(userId)), select: ['id'] });
      await publish({ kind: 'created', pairs: [userId, created.id] });
    },

    /** Many notifications in bulk inserts (e.g. every entrant when results are published); one live event each. */
    async notifyMany(items: { userId: number; notification: NotificationInput }[]): Promise<void> {
      for (let i = 0; i < items.length; i += CHUNK) {
        const chunk = items.slice(i, i + CHUNK);
        const languages = await languagesOf(chunk);
        const { ids } = await query().createMany({ data: chunk.map(({ userId, notification }) => row(userId, notification, languages.get(userId))) });
        // Without returned ids (an old driver) nobody is told live; the lists still show them at the next load.
        if (ids?.length !== chunk.length) continue;
        await publish({ kind: 'created', pairs: chunk.flatMap(({ userId }, k) => [userId, Number(ids[k])]) });
      }
    },

    /** Newest first; `before` is the id to continue below (the previous answer's nextBefore). */
    async list(userId: number, { limit, before }: { limit: number; before?: number }): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([notificationPage(strapi, userId, limit + 1, before), unreadCount(strapi, userId)]);
      const page = rows.slice(0, limit);
      return { notifications: page.map(toItem), unreadCount: unread, nextBefore: rows.length > limit ? page[page.length - 1].id : null };
    },

    async markRead(userId: number, id: number): Promise<NotificationChangeResult & { notification: NotificationItem }> {
      const existing: NotificationRow | null = await query().findOne({ select: SELECT, where: { id, userId } });
      if (!existing) throw notFound();
      let changed = 0;
      if (!existing.readAt) {
        ({ count: changed } = await query().updateMany({ where: { id, userId, readAt: null }, data: { readAt: new Date() } }));
        if (changed) await publish({ kind: 'read', userId, ids: [id] });
      }
      return { ...(await result(userId, changed)), notification: { ...toItem(existing), is_read: true } };
    },

    async markAllRead(userId: number): Promise<NotificationChangeResult> {
      const { count } = await query().updateMany({ where: { userId, readAt: null }, data: { readAt: new Date() } });
      if (count) await publish({ kind: 'read-all', userId });
      return result(userId, count);
    },

    async remove(userId: number, id: number): Promise<NotificationChangeResult> {
      const { count } = await query().deleteMany({ where: { id, userId } });
      if (!count) throw notFound();
      await publish({ kind: 'deleted', userId, ids: [id] });
      return result(userId, count);
    },

    async clearAll(userId: number): Promise<NotificationChangeResult> {
      const { count } = await query().deleteMany({ where: { userId } });
      if (count) await publish({ kind: 'cleared', userId });
      return result(userId, count);
    },
  };
};
