import type { Core } from '@strapi/strapi';
import type { BlockedPoet } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { isUniqueViolation } from '../../../lib/db';
import { userRepository } from '../../user/repository';
import { BLOCK, type BlockRow } from '../repository';
import { BLOCK_MESSAGES } from '../messages';

const FALLBACK_NAME = 'A Writory poet';
const LIST_LIMIT = 500;

/** A poet blocks and unblocks others, and lists whom they blocked. Blocking is quiet: the blocked poet is not told. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const blocks = () => strapi.db.query(BLOCK);
  return {
    /** `ownerId` blocks `blockedId`; blocking someone again changes nothing. */
    async block(ownerId: number, blockedId: number): Promise<void> {
      if (ownerId === blockedId) throw new ApiError(422, BLOCK_MESSAGES.self, { code: 'block.self' }, 'ValidationError');
      if (await blocks().count({ where: { ownerId, blockedId } })) return;
      try {
        await blocks().create({ data: { ownerId, blockedId } });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error; // the same block sent twice at once
      }
    },

    /** Lifts one of the owner's blocks; 404 for a block that is not theirs. */
    async unblock(ownerId: number, blockId: number): Promise<void> {
      const { count } = await blocks().deleteMany({ where: { id: blockId, ownerId } });
      if (count === 0) throw new ApiError(404, BLOCK_MESSAGES.notFound(blockId), { id: blockId, code: 'block.not-found' }, 'NotFoundError');
    },

    /** The poets the owner blocked, newest first, by name and picture (never email). */
    async list(ownerId: number): Promise<BlockedPoet[]> {
      const rows: BlockRow[] = await blocks().findMany({ where: { ownerId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: LIST_LIMIT });
      const people = await userRepository(strapi).withPictures(
        rows.map((row) => row.blockedId),
        ['name'],
      );
      const byId = new Map(people.map((person) => [person.id, person]));
      return rows.map((row) => {
        const person = byId.get(row.blockedId);
        return {
          id: row.id,
          poet: { name: person?.name?.trim() || FALLBACK_NAME, pictureUrl: person?.profilePicture?.url ?? null },
          createdAt: new Date(row.createdAt as string).toISOString(),
        };
      });
    },
  };
};
