import type { Core } from '@strapi/strapi';
import { createDbLimit } from '../../../lib/db-rate-limit';
import { msg } from '../../../lib/messages';

const HOUR = 3600;
const DAY = 24 * HOUR;
const numberFrom = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Math.floor(Number(value)) : fallback);

/** The wall's per-poet limits, counted in the database. Operators tune them with the WALL_* variables. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const env = process.env;
  return {
    posts: createDbLimit(strapi, {
      name: 'wall-post',
      points: numberFrom(env.WALL_POSTS_PER_DAY, 5),
      durationSeconds: DAY,
      message: msg('wall.postsLimit'),
    }),
    likes: createDbLimit(strapi, {
      name: 'wall-like',
      points: numberFrom(env.WALL_LIKES_PER_HOUR, 60),
      durationSeconds: HOUR,
      message: msg('wall.likesLimit'),
    }),
    reports: createDbLimit(strapi, {
      name: 'wall-report',
      points: numberFrom(env.WALL_REPORTS_PER_DAY, 10),
      durationSeconds: DAY,
      message: msg('wall.reportsLimit'),
    }),
    /** Open reports from different poets that take a post off the wall until a moderator looks. */
    reportsToHold: numberFrom(env.WALL_REPORTS_TO_HOLD, 3),
  };
};
