import type { Core } from '@strapi/strapi';
import { metricsOf } from '../../lib/metrics';
import { getService } from '../../services';
import { entryRepository } from './repository';

// The worker pool's figures go to /api/metrics; its worker threads end when Strapi stops. The contest calendar
// and the admins' contests list reach entries through the listener registered here (the contest domain never
// calls this one); so do the user lists and reminder audiences.
export default {
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    getService(strapi, 'api::contest.contest').listen({
      closed: (contests, now) =>
        getService(strapi, 'api::entry.calendar').startJudging(
          contests.map((row) => row.id),
          now,
        ),
      countEntries: (contestId) => entryRepository(strapi).countInContest(contestId),
    });
    getService(strapi, 'api::user.contest-activity').provide(entryRepository(strapi));
    const workerPool = getService(strapi, 'api::entry.worker-pool');
    const metrics = metricsOf(strapi);
    metrics.gauge('writory_extraction_queue_depth', 'Poems waiting for a worker thread to check them', () => workerPool.stats().queued);
    metrics.gauge('writory_extraction_active_tasks', 'Poems being checked in worker threads now', () => workerPool.stats().active);
  },
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await getService(strapi, 'api::entry.worker-pool').close();
  },
};
