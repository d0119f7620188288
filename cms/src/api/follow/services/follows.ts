import type { Core } from '@strapi/strapi';
import type { FollowState, MyFollows, WallPage } from '@writory/shared';
import { ApiError, forbidden } from '../../../lib/api-error';
import { isUniqueViolation } from '../../../lib/db';
import { getService } from '../../../services';
import { blockRepository } from '../../block/repository';
import { poetRepository } from '../../poet/repository';
import { userRepository } from '../../user/repository';
import { FOLLOW, FOLLOW_PREFERENCE, followRepository, type FollowRow } from '../repository';
import { msg } from '../../../lib/messages';

// One message per refusal, in one place, so a translated catalogue can replace them.
export const FOLLOW_MESSAGES = {
  noPage: (handle: string) => msg('follow.noPage', { handle }),
  notYourself: msg('follow.notYourself'),
  notFollowing: (handle: string) => msg('follow.notFollowing', { handle }),
  blocked: msg('follow.blocked'),
} as const;

/**
 * Following poets by their public page: follow and unfollow (idempotent; never yourself), mute one poet's notices
 * or all of them, the Following tab (the wall's pages of the followed poets' poems), and the bell's notice when a
 * followed poet's poem reaches the wall.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const follows = () => strapi.db.query(FOLLOW);
  const preferences = () => strapi.db.query(FOLLOW_PREFERENCE);

  async function poetOf(handle: string) {
    const poet = await poetRepository(strapi).publicPoetOf(handle);
    if (!poet) throw new ApiError(404, FOLLOW_MESSAGES.noPage(handle), { handle }, 'NotFoundError');
    return poet;
  }

  /** A poet who blocked someone is not followed by them (403). */
  async function assertMayFollow(poetId: number, followerId: number): Promise<void> {
    if (await blockRepository(strapi).isBlocked(poetId, followerId)) throw forbidden(FOLLOW_MESSAGES.blocked);
  }

  const rowOf = (followerId: number, poetId: number): Promise<FollowRow | null> => follows().findOne({ where: { followerId, poetId } });

  return {
    async follow(user: { id: number }, handle: string): Promise<FollowState> {
      const poet = await poetOf(handle);
      if (poet.userId === user.id) throw new ApiError(422, FOLLOW_MESSAGES.notYourself, { handle }, 'ValidationError');
      await assertMayFollow(poet.userId, user.id);
      let row = await rowOf(user.id, poet.userId);
      if (!row) {
        try {
          row = await follows().create({ data: { followerId: user.id, poetId: poet.userId, muted: false } });
        } catch (error) {
          // The same poet followed twice at once: one row, the other request reads it.
          if (!isUniqueViolation(error)) throw error;
          row = await rowOf(user.id, poet.userId);
        }
      }
      return { handle: poet.handle, following: true, muted: row?.muted === true };
    },

    async unfollow(user: { id: number }, handle: string): Promise<FollowState> {
      const poet = await poetOf(handle);
      await follows().deleteMany({ where: { followerId: user.id, poetId: poet.userId } });
      return { handle: poet.handle, following: false, muted: false };
    },

    /** Mutes or unmutes the bell's notices of one followed poet. */
    async mute(user: { id: number }, handle: string, muted: boolean): Promise<FollowState> {
      const poet = await poetOf(handle);
      const { count } = await follows().updateMany({ where: { followerId: user.id, poetId: poet.userId }, data: { muted } });
      if (!count) throw new ApiError(409, FOLLOW_MESSAGES.notFollowing(poet.handle), { handle }, 'ConflictError');
      return { handle: poet.handle, following: true, muted };
    },

    /** Mutes or unmutes every following notice in the bell. */
    async muteAll(user: { id: number }, muted: boolean): Promise<{ muted: boolean }> {
      const updated = await preferences().updateMany({ where: { userId: user.id }, data: { noticesMuted: muted } });
      if (!updated.count) {
        try {
          await preferences().create({ data: { userId: user.id, noticesMuted: muted } });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          await preferences().updateMany({ where: { userId: user.id }, data: { noticesMuted: muted } });
        }
      }
      return { muted };
    },

    async mine(user: { id: number }): Promise<MyFollows> {
      const rows: FollowRow[] = await follows().findMany({ where: { followerId: user.id }, select: ['poetId', 'muted'], orderBy: { id: 'desc' }, limit: 500 });
      const ids = rows.map((row) => row.poetId as number);
      const [handles, names, preference] = await Promise.all([
        poetRepository(strapi).publicHandlesOf(ids),
        userRepository(strapi).byIds(ids, ['name']),
        preferences().findOne({ where: { userId: user.id }, select: ['noticesMuted'] }),
      ]);
      const nameOf = new Map(names.map((poet) => [poet.id, poet.name?.trim() || poet.name || '']));
      return {
        muted: preference?.noticesMuted === true,
        poets: rows.flatMap((row) => {
          const handle = handles.get(row.poetId as number);
          return handle ? [{ handle, name: nameOf.get(row.poetId as number) || handle, muted: row.muted === true }] : [];
        }),
      };
    },

    /** The Following tab: the newest approved poems of the poets this poet follows, by the wall's page keys. */
    poems(user: { id: number }, query: { pageSize: number; cursor?: string }): Promise<WallPage> {
      return getService(strapi, 'api::wall-post.posts').pageOfPoets(followRepository(strapi).followedBy(user.id), query);
    },

    /** A followed poet's poem reached the wall: the bell tells each follower who muted neither them nor all. */
    async shared(post: { id: number; title: string; poetId: number }): Promise<void> {
      const rows: FollowRow[] = await follows().findMany({ where: { poetId: post.poetId, muted: false }, select: ['followerId'] });
      if (!rows.length) return;
      const blockedByPoet = await blockRepository(strapi).blockedBy(
        post.poetId,
        rows.map((row) => row.followerId as number),
      );
      const followerIds = rows.map((row) => row.followerId as number).filter((id) => !blockedByPoet.has(id));
      const muted: { userId: number }[] = await preferences().findMany({ where: { userId: { $in: followerIds }, noticesMuted: true }, select: ['userId'] });
      const silent = new Set(muted.map((row) => row.userId));
      const [poet] = await userRepository(strapi).byIds([post.poetId], ['name']);
      const name = poet?.name?.trim() || msg('notice.followedSomeone');
      await getService(strapi, 'api::notification.notification').notifyMany(
        followerIds
          .filter((id) => !silent.has(id))
          .map((userId) => ({
            userId,
            notification: {
              // Said in each follower's language when stored (catalogue messages).
              title: msg('notice.followedSharedTitle', { name }),
              message: msg('notice.followedShared', { title: post.title }),
              link: `/writory-wall/post?id=${post.id}`,
            },
          })),
      );
    },
  };
};
