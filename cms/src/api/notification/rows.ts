// The notifications table as the notification services read it, and how a row goes on the wire.
import type { Core } from '@strapi/strapi';
import type { NotificationItem } from '@writory/shared';

export const NOTIFICATION = 'api::notification.notification';

export interface NotificationRow {
  id: number;
  userId: number;
  title: string;
  message: string;
  link: string | null;
  readAt: string | Date | null;
  createdAt: string | Date | number;
}

export const SELECT = ['id', 'userId', 'title', 'message', 'link', 'readAt', 'createdAt'];

export function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    link: row.link ?? null,
    created_at: new Date(row.createdAt).toISOString(),
    is_read: row.readAt !== null && row.readAt !== undefined,
  };
}

/** Unread counts of many users in one grouped query (users without unread ones are absent: 0). */
export async function unreadCounts(strapi: Core.Strapi, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const { tableName } = strapi.db.metadata.get(NOTIFICATION);
  for (let i = 0; i < userIds.length; i += 500) {
    const rows: { user_id: number; n: number | string }[] = await strapi.db
      .connection(tableName)
      .select('user_id')
      .count({ n: '*' })
      .whereIn('user_id', userIds.slice(i, i + 500))
      .whereNull('read_at')
      .groupBy('user_id');
    for (const row of rows) counts.set(Number(row.user_id), Number(row.n));
  }
  return counts;
}

export async function unreadCount(strapi: Core.Strapi, userId: number): Promise<number> {
  return strapi.db.query(NOTIFICATION).count({ where: { userId, readAt: null } });
}
