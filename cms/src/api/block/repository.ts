// The block domain's table (issue 40): one row per poet (owner) who blocked another (blocked). Comments ask it
// before taking a comment or a reply; following asks it before a follow.
import type { Core } from '@strapi/strapi';
import type { RowOf } from '../../lib/rows';

export const BLOCK = 'api::block.block' as const;

export type BlockRow = RowOf<typeof BLOCK>;

export function blockRepository(strapi: Core.Strapi) {
  const blocks = () => strapi.db.query(BLOCK);
  return {
    /** True when `ownerId` has blocked `actorId` (nobody blocks themselves). */
    async isBlocked(ownerId: number, actorId: number): Promise<boolean> {
      if (ownerId === actorId) return false;
      return (await blocks().count({ where: { ownerId, blockedId: actorId } })) > 0;
    },

    /** Which of these poets `ownerId` has blocked. */
    async blockedBy(ownerId: number, actorIds: readonly number[]): Promise<Set<number>> {
      if (actorIds.length === 0) return new Set();
      const rows: { blockedId: number }[] = await blocks().findMany({ where: { ownerId, blockedId: { $in: [...actorIds] } }, select: ['blockedId'] });
      return new Set(rows.map((row) => row.blockedId));
    },

    /** Which of these owners have blocked `actorId`. */
    async ownersBlocking(ownerIds: readonly number[], actorId: number): Promise<Set<number>> {
      if (ownerIds.length === 0) return new Set();
      const rows: { ownerId: number }[] = await blocks().findMany({ where: { blockedId: actorId, ownerId: { $in: [...ownerIds] } }, select: ['ownerId'] });
      return new Set(rows.map((row) => row.ownerId));
    },
  };
}
