import type { Core } from '@strapi/strapi';
import { metricsOf } from '../../lib/metrics';
import { getService } from '../../services';

// The extraction pool's figures go to /api/metrics; its worker threads end when Strapi stops.
export default {
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const extraction = getService(strapi, 'api::entry.extraction');
    const metrics = metricsOf(strapi);
    metrics.gauge('writory_extraction_queue_depth', 'Poems waiting for a worker thread to check them', () => extraction.stats().queued);
    metrics.gauge('writory_extraction_active_tasks', 'Poems being checked in worker threads now', () => extraction.stats().active);
  },
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await getService(strapi, 'api::entry.extraction').close();
  },
};
