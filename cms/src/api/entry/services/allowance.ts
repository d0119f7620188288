import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../lib/api-error';

const ENTRY = 'api::entry.entry';

export interface Allowance {
  limit: number;
  used: number;
  remaining: number;
}

export const limitReached = ({ limit, used }: Pick<Allowance, 'limit' | 'used'>) =>
  new ApiError(403, `You have entered ${used} of the ${limit} poems allowed this month. You can enter again when the next contest opens.`, { reason: 'limit', limit, used }, 'EntryLimitError');

/**
 * How many entries a poet may make in a contest: the one place that rule lives. Today it is the free
 * allowance of `maxEntriesPerMonth` (site settings) per contest; paid entries replace this service
 * (`api::entry.allowance`) with one that counts purchased credits and consumes one in `consume`.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function entryAllowance(user: { id: number }, contest: { id: number }): Promise<Allowance> {
    const { maxEntriesPerMonth: limit } = await strapi.service('api::site-setting.site-setting').contestSettings();
    const used = await strapi.db.query(ENTRY).count({ where: { poet: { id: user.id }, contest: { id: contest.id } } });
    return { limit, used, remaining: Math.max(0, limit - used) };
  }

  return {
    entryAllowance,

    /** Before the expensive work: refuses a poet with nothing left. */
    async assertAvailable(user: { id: number }, contest: { id: number }): Promise<void> {
      const allowance = await entryAllowance(user, contest);
      if (allowance.remaining <= 0) throw limitReached(allowance);
    },

    /**
     * Inside the entry's creation transaction, once its row is written (the poet's row is locked, so two
     * entries cannot both take the last place): refuses, rolling the entry back, when it is one too many.
     * A credit-based allowance consumes the credit here, in the same transaction.
     */
    async consume(user: { id: number }, contest: { id: number }, _entryId: number): Promise<void> {
      const { limit, used } = await entryAllowance(user, contest);
      if (used > limit) throw limitReached({ limit, used: used - 1 });
    },
  };
};
