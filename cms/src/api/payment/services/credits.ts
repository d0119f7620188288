// Entry credits: a ledger of +N (a paid tier), -1 (an entry) and -N (unused credits taken back on a refund)
// per poet, contest month and competition (issue 37). The balance is the sum of the rows, read in SQL: over the
// competition's own rows, or over all of the month's when the site setting "credits shared across competitions"
// is on. Credits from before competitions are poetry's (migrated at startup).
//
// The entries' allowance (`api::entry.allowance`) reads `summary()` and, for an entry beyond the month's free
// ones, calls `consume()` inside the entry's own transaction (a 402 when none is left rolls the entry back).
import type { Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION, type CreditSummary } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { LOCK, integerSum, knexOf, lockFor, tableOf } from '../../../lib/money-db';
import type { OrderRow } from './orders';
import { getService } from '../../../services';

const UID = 'api::payment.entry-credit';

/** 402: the poet needs credits for this month and competition (the site offers the tiers). */
export const noCreditsLeft = (month: string, competition: string | null) =>
  new ApiError(
    402,
    competition ? msg('payment.noCreditsIn', { month, competition }) : msg('payment.noCredits', { month }),
    { month, competition, reason: 'no_credits' },
    'PaymentRequiredError',
  );

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(UID);

  /** Whose credits serve an entry to `competition`: its own, or (credits shared) null for every competition's. */
  async function scopeOf(competition: string): Promise<string | null> {
    const { creditsShared } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
    return creditsShared ? null : competition;
  }

  async function sums(userId: number, month: string, scope: string | null) {
    const knex = await knexOf(strapi);
    const [row] = await knex(tableOf(strapi, UID))
      .where({ user_id: userId, month, ...(scope ? { competition_slug: scope } : {}) })
      .select(
        knex.raw('coalesce(sum(delta), 0) as available'),
        knex.raw("coalesce(sum(case when reason = 'purchase' then delta else 0 end), 0) as purchased"),
        knex.raw("coalesce(sum(case when reason = 'entry' then -delta else 0 end), 0) as used"),
      );
    return { available: integerSum(row?.available), purchased: integerSum(row?.purchased), used: integerSum(row?.used) };
  }

  return {
    /** Credits the poet has left for the month (YYYY-MM) in this competition (every competition's when shared). */
    async available(userId: number, month: string, competition: string = DEFAULT_COMPETITION): Promise<number> {
      return (await sums(userId, month, await scopeOf(competition))).available;
    },

    async summary(userId: number, month: string, competition: string = DEFAULT_COMPETITION): Promise<CreditSummary> {
      const scope = await scopeOf(competition);
      return { month, competition: scope, ...(await sums(userId, month, scope)) };
    },

    /**
     * Uses one credit for an entry. Must run inside the entry's own transaction (strapi.db.transaction), so
     * the entry and the debit commit or roll back together; concurrent entries of one poet wait for each other,
     * so two can never spend the same last credit. Throws a 402 when no credit is left, and refuses to charge
     * one entry twice. Returns the credits left afterwards.
     */
    async consume(userId: number, month: string, entryId: number, competition: string = DEFAULT_COMPETITION): Promise<number> {
      if (!strapi.db.inTransaction()) throw new Error("credits.consume() must run inside the entry's transaction");
      await lockFor(strapi, LOCK.userMoney, userId);
      if (await rows().findOne({ where: { entryId } })) throw new ApiError(409, msg('credit.usedTwice', { id: entryId }), {}, 'ConflictError');
      const scope = await scopeOf(competition);
      const { available } = await sums(userId, month, scope);
      if (available < 1) throw noCreditsLeft(month, scope);
      // Shared credits are spent from the pool; the debit still says which competition the entry was for.
      await rows().create({ data: { userId, month, competitionSlug: scope ?? competition, delta: -1, reason: 'entry', entryId } });
      return available - 1;
    },

    /** +N credits for a paid order, for its competition (inside the transaction that marks it paid; the unique index refuses a second grant). */
    async grant(order: OrderRow): Promise<void> {
      await rows().create({
        data: {
          userId: order.userId,
          month: order.month,
          competitionSlug: order.competitionSlug ?? DEFAULT_COMPETITION,
          delta: order.entries,
          reason: 'purchase',
          orderId: order.id,
        },
      });
    },

    /** On a refund, takes back the order's credits that are still unused (entries already made stay). */
    async revokeForRefund(order: OrderRow): Promise<number> {
      await lockFor(strapi, LOCK.userMoney, order.userId);
      const competition = order.competitionSlug ?? DEFAULT_COMPETITION;
      const { available } = await sums(order.userId, order.month, await scopeOf(competition));
      const revoke = Math.min(order.entries, Math.max(available, 0));
      if (revoke > 0)
        await rows().create({
          data: { userId: order.userId, month: order.month, competitionSlug: competition, delta: -revoke, reason: 'refund', orderId: order.id },
        });
      return revoke;
    },

    /**
     * The startup migration (issue 37): credits and orders from before competitions were all poetry's. Idempotent:
     * a second run finds no row without a competition.
     */
    async migrateToPoetry(): Promise<number> {
      const knex = strapi.db.connection;
      const credits = await knex(tableOf(strapi, UID)).whereNull('competition_slug').update({ competition_slug: DEFAULT_COMPETITION });
      const orders = await knex(tableOf(strapi, 'api::payment.order')).whereNull('competition_slug').update({ competition_slug: DEFAULT_COMPETITION });
      return Number(credits) + Number(orders);
    },
  };
};
