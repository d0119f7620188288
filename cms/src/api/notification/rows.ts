// The notifications table as the notification services read it, and how a row goes on the wire.
import type { Core } from '@strapi/strapi';
import type { NotificationItem } from '@writory/shared';
import { preparedRead } from '../../lib/prepared';

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

/**
 * The bell's two reads, on every signed-in page: the poet's unread count and a page of their notifications, newest
 * first. Prepared once per connection (lib/prepared.ts); inside a transaction through Strapi's query engine.
 */
function bellReads(strapi: Core.Strapi) {
  const { tableName, attributes } = strapi.db.metadata.get(NOTIFICATION);
  const column = (name: string) => `"${(attributes[name] as { columnName?: string }).columnName ?? name}"`;
  const table = `"${tableName}"`;
  const columns = SELECT.map((name) => `${column(name)} as "${name}"`).join(', ');
  const page = (before: boolean) =>
    preparedRead<NotificationRow>(
      strapi,
      `select ${columns} from ${table} where ${column('userId')} = ?${before ? ` and ${column('id')} < ?` : ''} order by ${column('id')} desc limit ?`,
      (params) =>
        strapi.db.query(NOTIFICATION).findMany({
          select: SELECT,
          where: before ? { userId: params[0], id: { $lt: params[1] } } : { userId: params[0] },
          orderBy: { id: 'desc' },
          limit: Number(params[params.length - 1]),
        }),
    );
  return {
    unread: preparedRead<{ n: number | string }>(
      strapi,
      `select count(*) as "n" from ${table} where ${column('userId')} = ? and ${column('readAt')} is null`,
      async ([userId]) => [{ n: await strapi.db.query(NOTIFICATION).count({ where: { userId, readAt: null } }) }],
    ),
    first: page(false),
    after: page(true),
  };
}

const bells = new WeakMap<Core.Strapi, ReturnType<typeof bellReads>>();
const bellOf = (strapi: Core.Strapi) => {
  let reads = bells.get(strapi);
  if (!reads) bells.set(strapi, (reads = bellReads(strapi)));
  return reads;
};

export async function unreadCount(strapi: Core.Strapi, userId: number): Promise<number> {
  const [row] = await bellOf(strapi).unread([userId]);
  return Number(row?.n ?? 0);
}

/** Up to `limit` of the user's notifications, newest first, below the id `before` when given. */
export async function notificationPage(strapi: Core.Strapi, userId: number, limit: number, before?: number): Promise<NotificationRow[]> {
  const reads = bellOf(strapi);
  return before ? reads.after([userId, before, limit]) : reads.first([userId, limit]);
}
