// The follow domain's tables (issue 40): who follows whom (`follows`) and each poet's global mute of the bell's
// following notices (`follow_preferences`).
import type { Core } from '@strapi/strapi';
import type { RowOf } from '../../lib/rows';

export const FOLLOW = 'api::follow.follow' as const;
export const FOLLOW_PREFERENCE = 'api::follow.follow-preference' as const;

export type FollowRow = RowOf<typeof FOLLOW>;

export function followRepository(strapi: Core.Strapi) {
  return {
    /** A subquery of the poets this poet follows, for `whereIn`. */
    followedBy: (followerId: number) => strapi.db.connection(strapi.db.metadata.get(FOLLOW).tableName).select('poet_id').where('follower_id', followerId),
  };
}
