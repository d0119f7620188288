import type { Core } from '@strapi/strapi';

/** Every second on every cms instance: fire due timers (each is claimed atomically, see services/timer.ts). */
export const timerCronTasks = {
  fireDueTimers: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      await strapi.service('api::timer.timer').fireDue();
    },
    options: { rule: '* * * * * *' },
  },
};
