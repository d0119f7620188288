import type { Core } from '@strapi/strapi';
import { runInBackground } from '../../../lib/background';
import { isPostgres } from '../../../lib/database-listener';
import { createHub, type Change } from '../live/hub';
import { localTransport, postgresTransport, type Transport } from '../live/transport';
import { NOTIFICATION, SELECT, toItem, unreadCounts, type NotificationRow } from '../rows';

/**
 * The live channel of notifications: `open()` gives a text/event-stream body for a signed-in user, `publish()`
 * tells every instance's streams about a change once it is committed. Started and stopped by ../index.ts.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const hub = createHub(
    {
      async rows(ids, userIds) {
        const rows: NotificationRow[] = [];
        for (let i = 0; i < ids.length; i += 500) {
          const where = { id: { $in: ids.slice(i, i + 500) }, userId: { $in: userIds } };
          rows.push(...(await strapi.db.query(NOTIFICATION).findMany({ select: SELECT, where })));
        }
        return rows.sort((a, b) => a.id - b.id).map((row) => ({ ...toItem(row), userId: row.userId }));
      },
      unreadCounts: (userIds) => unreadCounts(strapi, userIds),
    },
    { log: (message, error) => strapi.log.warn(`notifications: ${message}${error instanceof Error ? ` (${error.message})` : ''}`) },
  );
  let transport: Transport | null = null;

  async function send(change: Change) {
    try {
      await transport?.publish(change);
    } catch (error) {
      // The change is stored; only its live delivery failed. Open pages still catch up at their next load.
      strapi.log.warn(`notifications: could not publish a change (${(error as Error).message})`);
    }
  }

  return {
    async start() {
      transport = isPostgres(strapi) ? postgresTransport(strapi, hub) : localTransport(hub);
      await transport.start();
    },

    async stop() {
      hub.closeAll();
      await transport?.stop();
      transport = null;
    },

    /**
     * Publishes a change after the surrounding transaction commits (at once outside one), so no stream hears
     * of a row that readers cannot see yet, or of one that was rolled back.
     */
    async publish(change: Change): Promise<void> {
      if (strapi.db.inTransaction()) {
        await strapi.db.transaction(async ({ onCommit }) => onCommit(() => void runInBackground(strapi, 'live notification', () => send(change))));
        return;
      }
      await send(change);
    },

    open: hub.open,
    count: hub.count,
    transportKind: () => transport?.kind ?? null,
  };
};
