import type { Core } from '@strapi/strapi';
import type { EntryRow } from './entry';

const ENTRY = 'api::entry.entry';

/** What the contest calendar (the cron task every instance runs) does to entries. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Entries of closed contests still "received" move to judging (idempotent; every instance may run it). */
  async startJudging(contestIds: number[], now: Date = new Date()): Promise<number> {
    if (!contestIds.length) return 0;
    const entries = strapi.db.query(ENTRY);
    const waiting: EntryRow[] = await entries.findMany({ where: { contest: { id: { $in: contestIds } }, status: 'received' }, select: ['id'] });
    if (!waiting.length) return 0;
    const { count } = await entries.updateMany({
      where: { id: { $in: waiting.map((row) => row.id) }, status: 'received' },
      data: { status: 'in_judging', judgingStartedAt: now },
    });
    return count;
  },
});
