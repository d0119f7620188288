import type { Core } from '@strapi/strapi';
import { monthOf } from '../../../lib/contest-calendar';
import { getService } from '../../../services';

const ENTRY = 'api::entry.entry';

/**
 * Who entered which contest month, read only through the entry model's stable core: `poet` (the user) and
 * `contest` (its `month`, YYYY-MM). Used by the admin user lists and the reminder audiences.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The contest month now, in the contest time zone. */
  async currentMonth(): Promise<string> {
    const { contestTimeZone } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
    return monthOf(new Date(), contestTimeZone);
  },

  /** Ids of the users with at least one entry in the month's contest. */
  async entrantIds(month: string): Promise<number[]> {
    const entries = await strapi.db.query(ENTRY).findMany({
      where: { contest: { month }, poet: { id: { $notNull: true } } },
      select: ['id'],
      populate: { poet: { select: ['id'] } },
    });
    return [...new Set(entries.map((entry: { poet?: { id: number } | null }) => entry.poet?.id).filter((id): id is number => typeof id === 'number'))];
  },

  /** Entries of each of these users: all of them, and those in the month's contest. */
  async entryCounts(userIds: number[], month: string): Promise<Map<number, { entries: number; entriesThisMonth: number }>> {
    const counts = new Map(userIds.map((id) => [id, { entries: 0, entriesThisMonth: 0 }]));
    if (userIds.length === 0) return counts;
    const entries = await strapi.db.query(ENTRY).findMany({
      where: { poet: { id: { $in: userIds } } },
      select: ['id'],
      populate: { poet: { select: ['id'] }, contest: { select: ['month'] } },
    });
    for (const entry of entries as { poet?: { id: number } | null; contest?: { month: string } | null }[]) {
      const count = entry.poet ? counts.get(entry.poet.id) : undefined;
      if (!count) continue;
      count.entries += 1;
      if (entry.contest?.month === month) count.entriesThisMonth += 1;
    }
    return counts;
  },
});
