import type { Core } from '@strapi/strapi';
import { monthOf } from '../../../lib/contest-calendar';
import { getService } from '../../../services';
import type { EntryActivity } from '../repository';

/**
 * Who entered which contest month, as the entry domain tells it (an EntryActivity it provides at startup). Used by
 * the admin user lists and the reminder audiences.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  let entries: EntryActivity | null = null;
  const activity = (): EntryActivity => {
    if (!entries) throw new Error('No entry activity: the entry domain provides it at startup.');
    return entries;
  };
  return {
    /** The entry domain's answers (registered once, from its bootstrap). */
    provide(source: EntryActivity): void {
      entries = source;
    },

    /** The contest month now, in the contest time zone. */
    async currentMonth(): Promise<string> {
      const { contestTimeZone } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
      return monthOf(new Date(), contestTimeZone);
    },

    /** Ids of the users with at least one entry in the month's contest. */
    entrantIds(month: string): Promise<number[]> {
      return activity().entrantIds(month);
    },

    /** Entries of each of these users: all of them, and those in the month's contest. */
    async entryCounts(userIds: number[], month: string): Promise<Map<number, { entries: number; entriesThisMonth: number }>> {
      const counts = new Map(userIds.map((id) => [id, { entries: 0, entriesThisMonth: 0 }]));
      for (const entry of await activity().monthsOfPoets(userIds)) {
        const count = counts.get(entry.poetId);
        if (!count) continue;
        count.entries += 1;
        if (entry.month === month) count.entriesThisMonth += 1;
      }
      return counts;
    },
  };
};
