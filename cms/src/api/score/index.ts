import type { Core } from '@strapi/strapi';
import { getService } from '../../services';
import { onEntriesRemoved } from '../entry/repository';

// Judging follows contests and entries without them calling it: judges are assigned when a contest's window closes
// and admins hear of languages too few judges read (the contest calendar's listener), and a deleted entry's scores
// go with it, in the deleting transaction; the admins' entries table gets its scores from here; scores left by entries deleted before that are cleared once at startup.
export default {
  register() {},
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const scores = () => getService(strapi, 'api::score.score');
    getService(strapi, 'api::contest.contest').listen({
      closed: async (contests) => {
        for (const contest of contests) await getService(strapi, 'api::score.assignment').ensureAssigned(contest);
      },
      calendarRan: (now) => getService(strapi, 'api::score.judge-languages').warnShortCoverage(now),
    });
    onEntriesRemoved(strapi, (entryIds) => scores().removeForEntries(entryIds));
    getService(strapi, 'api::entry.admin-table').provide({
      contestFor: (month, competition) => scores().contestFor(month, competition),
      summaries: (contest) => scores().summaries(contest),
    });
    const orphans = await scores().removeOrphans();
    if (orphans) strapi.log.info(`scores: removed ${orphans} score(s) whose entry was deleted`);
  },
};
