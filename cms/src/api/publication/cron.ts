import type { Core } from '@strapi/strapi';
import { runInBackground } from '../../lib/background';
import { getService } from '../../services';

/**
 * Every second on every cms instance: fire due timers (each is claimed atomically, see services/publication.ts). A
 * tick runs as background work, so shutdown waits for it before the database closes.
 */
export const timerCronTasks = {
  fireDueTimers: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      await runInBackground(strapi, 'timer tick', () => getService(strapi, 'api::publication.publication').fireDue());
    },
    options: { rule: '* * * * * *' },
  },
};
