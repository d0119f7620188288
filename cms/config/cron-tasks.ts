// Server-side timers. Each task must claim its work atomically in the database: every cms instance runs them.
import type { Core } from '@strapi/strapi';
import { timerCronTasks } from '../src/api/publication/cron';

export default {
  ...timerCronTasks,
  /**
   * Every 10 minutes: this month's and next month's contests exist (a unique index on month makes a second
   * instance's insert fail harmlessly), calendar dates follow the time zone setting, entries of closed
   * contests move to judging (a conditional update), and private files no entry uses are swept.
   */
  contestCalendar: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        await strapi.service('api::contest.contest').runCalendar();
        await strapi.service('api::entry.storage').sweepOrphans();
      } catch (error) {
        strapi.log.error(`contest calendar: ${(error as Error).message}`);
      }
    },
    options: { rule: '*/10 * * * *' },
  },
  /**
   * Every day at 03:17: drafts not saved for a year less 30 days get their notice (bell and email), and drafts a
   * year old whose notice is 30 days old are deleted (each claimed by a conditional write: once across instances).
   */
  draftExpiry: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        await strapi.service('api::entry.drafts').expire();
      } catch (error) {
        strapi.log.error(`draft expiry: ${(error as Error).message}`);
      }
    },
    options: { rule: '17 3 * * *' },
  },
};
