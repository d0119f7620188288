import type { Core } from '@strapi/strapi';
import { monthOf } from '../../../lib/contest-calendar';
import { getService } from '../../../services';
import { entryRepository } from '../../entry/repository';

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
  entrantIds(month: string): Promise<number[]> {
    return entryRepository(strapi).entrantIds(month);
  },

  /** Entries of each of these users: all of them, and those in the month's contest. */
  async entryCounts(userIds: number[], month: string): Promise<Map<number, { entries: number; entriesThisMonth: number }>> {
    const counts = new Map(userIds.map((id) => [id, { entries: 0, entriesThisMonth: 0 }]));
    for (const entry of await entryRepository(strapi).monthsOfPoets(userIds)) {
      const count = counts.get(entry.poetId);
      if (!count) continue;
      count.entries += 1;
      if (entry.month === month) count.entriesThisMonth += 1;
    }
    return counts;
  },
});
