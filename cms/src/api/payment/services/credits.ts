// Entry credits: a ledger of +N (a paid tier), -1 (an entry) and -N (unused credits taken back on a refund)
// per poet and contest month. The balance is the sum of the rows, read in SQL.
//
// The entries' allowance (`api::entry.allowance`) reads `summary()` and, for an entry beyond the month's free
// ones, calls `consume()` inside the entry's own transaction (a 402 when none is left rolls the entry back).
import type { Core } from '@strapi/strapi';
import type { CreditSummary } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { LOCK, integerSum, knexOf, lockFor, tableOf } from '../../../lib/money-db';
import type { OrderRow } from './orders';

const UID = 'api::payment.entry-credit';

/** 402: the poet needs credits for this month (the site offers the tiers). */
export const noCreditsLeft = (month: string) =>
  new ApiError(402, `You have no entry credits left for ${month}. Buy a tier to enter another poem.`, { month, reason: 'no_credits' }, 'PaymentRequiredError');

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(UID);

  async function sums(userId: number, month: string) {
    const knex = await knexOf(strapi);
    const [row] = await knex(tableOf(strapi, UID))
      .where({ user_id: userId, month })
      .select(
        knex.raw('coalesce(sum(delta), 0) as available'),
        knex.raw("coalesce(sum(case when reason = 'purchase' then delta else 0 end), 0) as purchased"),
        knex.raw("coalesce(sum(case when reason = 'entry' then -delta else 0 end), 0) as used"),
      );
    return { available: integerSum(row?.available), purchased: integerSum(row?.purchased), used: integerSum(row?.used) };
  }

  return {
    /** Credits the poet has left for the month (YYYY-MM). */
    async available(userId: number, month: string): Promise<number> {
      return (await sums(userId, month)).available;
    },

    async summary(userId: number, month: string): Promise<CreditSummary> {
      return { month, ...(await sums(userId, month)) };
    },

    /**
     * Uses one credit for an entry. Must run inside the entry's own transaction (strapi.db.transaction), so
     * the entry and the debit commit or roll back together; concurrent entries of one poet wait for each other,
     * so two can never spend the same last credit. Throws a 402 when no credit is left, and refuses to charge
     * one entry twice. Returns the credits left afterwards.
     */
    async consume(userId: number, month: string, entryId: number): Promise<number> {
      if (!strapi.db.inTransaction()) throw new Error("credits.consume() must run inside the entry's transaction");
      await lockFor(strapi, LOCK.userMoney, userId);
      if (await rows().findOne({ where: { entryId } })) throw new ApiError(409, `Entry ${entryId} has already used a credit.`, {}, 'ConflictError');
      const { available } = await sums(userId, month);
      if (available < 1) throw noCreditsLeft(month);
      await rows().create({ data: { userId, month, delta: -1, reason: 'entry', entryId } });
      return available - 1;
    },

    /** +N credits for a paid order (inside the transaction that marks it paid; the unique index refuses a second grant). */
    async grant(order: OrderRow): Promise<void> {
      await rows().create({ data: { userId: order.userId, month: order.month, delta: order.entries, reason: 'purchase', orderId: order.id } });
    },

    /** On a refund, takes back the order's credits that are still unused (entries already made stay). */
    async revokeForRefund(order: OrderRow): Promise<number> {
      await lockFor(strapi, LOCK.userMoney, order.userId);
      const { available } = await sums(order.userId, order.month);
      const revoke = Math.min(order.entries, Math.max(available, 0));
      if (revoke > 0) await rows().create({ data: { userId: order.userId, month: order.month, delta: -revoke, reason: 'refund', orderId: order.id } });
      return revoke;
    },
  };
};
