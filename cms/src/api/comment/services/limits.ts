import type { Core } from '@strapi/strapi';
import { createDbLimit } from '../../../lib/db-rate-limit';
import { COMMENT_MESSAGES } from '../messages';

const HOUR = 3600;
const DAY = 24 * HOUR;
const numberFrom = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Math.floor(Number(value)) : fallback);

/** Per-poet limits on comments, counted in the database like the wall's. Operators tune them with these variables. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const env = process.env;
  return {
    comments: createDbLimit(strapi, {
      name: 'wall-comment',
      points: numberFrom(env.WALL_COMMENTS_PER_HOUR, 20),
      durationSeconds: HOUR,
      message: COMMENT_MESSAGES['comment.limit-comments'],
    }),
    reports: createDbLimit(strapi, {
      name: 'wall-comment-report',
      points: numberFrom(env.WALL_REPORTS_PER_DAY, 10),
      durationSeconds: DAY,
      message: COMMENT_MESSAGES['comment.limit-reports'],
    }),
    /** Open reports from different poets that take a comment down until a moderator looks. */
    reportsToHold: numberFrom(env.WALL_REPORTS_TO_HOLD, 3),
  };
};
