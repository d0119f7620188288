// Orders of entry tiers: price and coupon at checkout, then pending → paid (credits granted), failed, or
// paid → refunded (unused credits taken back). Every state change is one conditional UPDATE inside a
// transaction, so a replayed or concurrent event can never apply twice.
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  DEFAULT_COMPETITION,
  type AdminOrder,
  type CompetitionRef,
  type CheckoutStarted,
  type CurrencyCode,
  type MyPayments,
  type OrderSummary,
  type Quote,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg, say, type Message } from '../../../lib/messages';
import { competitionTitleMessage } from '../../../lib/messages/labels';
import { runInBackground } from '../../../lib/background';
import { LOCK, isoOf, lockFor } from '../../../lib/money-db';
import { userRepository, type Person, type UserRow } from '../../user/repository';
import type { CheckoutInputParsed } from '../validation/payment';
import { describeCoupon, type CouponRow } from './coupons';
import { randomId } from '../lib/checkout';
import type { TierRow } from './tiers';
import { getService } from '../../../services';
import { ORDER as UID, type OrderListener, type OrderRow } from '../repository';

export type { OrderRow };

type OnCommit = (callback: () => void) => void;

/** The order as its poet (or an admin) reads it; `competition` names the competition its credits are for. */
export function toOrderSummary(row: OrderRow, competition: CompetitionRef): OrderSummary {
  return {
    code: row.code,
    state: row.state,
    competition,
    month: row.month,
    tierName: row.tierName,
    entries: row.entries,
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    couponCode: row.couponCode ?? null,
    provider: row.provider,
    createdAt: isoOf(row.createdAt)!,
    paidAt: isoOf(row.paidAt),
    refundedAt: isoOf(row.refundedAt),
    testMode: Boolean(row.testMode) || row.provider === 'stripe_test',
  };
}

const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const newOrderCode = () => `WR-${Array.from(randomId(12).slice(0, 8), (ch) => ORDER_CODE_ALPHABET[ch.charCodeAt(0) % ORDER_CODE_ALPHABET.length]).join('')}`;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => strapi.db.query(UID);
  const gateway = () => getService(strapi, 'api::payment.gateway');
  // Said in the recipient's language when stored (catalogue messages).
  const notify = (userId: number, title: Message, message: Message, link: string) =>
    getService(strapi, 'api::notification.notification').notify(userId, { title, message, link });
  /** The competition an order's credits are for: its slug (poetry for orders from before competitions) and its name. */
  async function competitionsOf(rows: OrderRow[]): Promise<(row: OrderRow) => CompetitionRef> {
    const slugOf = (row: OrderRow) => row.competitionSlug || DEFAULT_COMPETITION;
    const refs = await getService(strapi, 'api::competition.competition').refs([...new Set(rows.map(slugOf))]);
    return (row) => refs.get(slugOf(row)) ?? { slug: slugOf(row), name: slugOf(row) };
  }
  async function summaries(rows: OrderRow[]): Promise<OrderSummary[]> {
    const competitionOf = await competitionsOf(rows);
    return rows.map((row) => toOrderSummary(row, competitionOf(row)));
  }
  const summary = async (row: OrderRow): Promise<OrderSummary> => (await summaries([row]))[0]!;
  /** The domains that act when an order is paid or refunded (the referral rewards), in the order's own transaction. */
  const listeners: OrderListener[] = [];

  /**
   * The contest month credits are sold for: the contest open for entries now, else the next one to open
   * (the contests' own dates, so an admin's override of a month's window moves the sale with it).
   */
  async function saleMonth(now = new Date()): Promise<string> {
    const { current, next } = await getService(strapi, 'api::contest.contest').currentAndNext(now);
    return (current ?? next)!.month;
  }

  async function tierAndPrice(input: CheckoutInputParsed): Promise<{ tier: TierRow; subtotal: number }> {
    const tier: TierRow | null = await getService(strapi, 'api::payment.tiers').byId(input.tierId);
    if (!tier?.active) {
      throw new ApiError(
        422,
        msg('payment.noTier', { tier: input.tierId }),
        { errors: [{ path: ['tierId'], message: say('payment.chooseTier') }] },
        'ValidationError',
      );
    }
    const subtotal = getService(strapi, 'api::payment.tiers').priceOf(tier, input.currency as CurrencyCode);
    if (subtotal === null) {
      throw new ApiError(
        422,
        msg('payment.noPrice', { tier: tier.name, currency: input.currency }),
        { errors: [{ path: ['currency'], message: say(msg('payment.noPrice', { tier: tier.name, currency: input.currency })) }] },
        'ValidationError',
      );
    }
    return { tier, subtotal };
  }

  async function priced(user: UserRow, input: CheckoutInputParsed, now: Date) {
    const { tier, subtotal } = await tierAndPrice(input);
    let coupon: CouponRow | null = null;
    let discount = 0;
    if (input.couponCode) {
      ({ coupon, discount } = await getService(strapi, 'api::payment.coupons').evaluate({
        code: input.couponCode,
        tier,
        currency: input.currency as CurrencyCode,
        subtotal,
        userId: user.id,
        now,
      }));
    }
    return { tier, subtotal, coupon, discount, total: subtotal - discount, month: await saleMonth(now) };
  }

  async function reload(id: number): Promise<OrderRow> {
    return orders().findOne({ where: { id } });
  }

  /** pending → paid, once: grants the credits, rewards a referrer, tells the poet, and mails a receipt after commit. */
  async function completePaid(order: OrderRow, paid: { paymentIntentId?: string | null; paidAt?: Date }, onCommit: OnCommit): Promise<boolean> {
    const paidAt = paid.paidAt ?? new Date();
    const { count } = await orders().updateMany({
      where: { id: order.id, state: 'pending' },
      data: { state: 'paid', paidAt, paymentIntentId: paid.paymentIntentId ?? order.paymentIntentId ?? null },
    });
    if (count !== 1) return false;
    const row = await reload(order.id);
    await getService(strapi, 'api::payment.credits').grant(row);
    if (row.total > 0) for (const listener of listeners) await listener.paid?.(row, paidAt);
    const competition = (await competitionsOf([row]))(row);
    await notify(
      row.userId,
      msg('notice.paymentReceivedTitle'),
      msg('notice.paymentReceived', { count: row.entries, competition: competitionTitleMessage(competition.name), month: row.month, code: row.code }),
      '/submit',
    );
    onCommit(() => void runInBackground(strapi, `receipt of order ${row.code}`, () => getService(strapi, 'api::payment.receipts').orderPaid(row)));
    return true;
  }

  return {
    /** Registers what another domain does when an order is paid or refunded (see OrderListener). */
    listen(listener: OrderListener): void {
      listeners.push(listener);
    },

    saleMonth,
    reload,
    summary,

    findByCode: (code: string): Promise<OrderRow | null> => orders().findOne({ where: { code } }),
    findBySession: (sessionId: string): Promise<OrderRow | null> => orders().findOne({ where: { checkoutSessionId: sessionId } }),
    findByPaymentIntent: (paymentIntentId: string): Promise<OrderRow | null> => orders().findOne({ where: { paymentIntentId } }),

    async quote(user: UserRow, input: CheckoutInputParsed): Promise<Quote> {
      const { tier, subtotal, coupon, discount, total, month } = await priced(user, input, new Date());
      return {
        tierId: tier.id,
        tierName: tier.name,
        entries: tier.entries,
        month,
        currency: input.currency as CurrencyCode,
        subtotal,
        discount,
        total,
        coupon: coupon ? { code: coupon.code, description: describeCoupon(coupon) } : null,
      };
    },

    /**
     * Creates the order. A zero total (a 100% coupon, a free tier) is paid at once with no payment step;
     * otherwise a Stripe Checkout session is started after the order is stored, outside the transaction.
     */
    async checkout(user: UserRow, input: CheckoutInputParsed): Promise<CheckoutStarted> {
      const now = new Date();
      const created: OrderRow = await strapi.db.transaction(async ({ onCommit }) => {
        if (input.couponCode) {
          const coupon = await getService(strapi, 'api::payment.coupons').findByCode(input.couponCode);
          // Checkouts with the same coupon take turns, so its last use goes to one of them.
          if (coupon) await lockFor(strapi, LOCK.coupon, coupon.id);
        }
        // The credits are for this competition (a 404 names the ones there are).
        const competition = (await getService(strapi, 'api::competition.competition').require(input.competition ?? DEFAULT_COMPETITION)).slug;
        const { tier, subtotal, coupon, discount, total, month } = await priced(user, input, now);
        if (total > 0 && gateway().mode() === 'off') {
          throw new ApiError(503, msg('payment.cardsNotSetUp'), {}, 'ServiceUnavailableError');
        }
        const order: OrderRow = await orders().create({
          data: {
            code: newOrderCode(),
            userId: user.id,
            state: 'pending',
            month,
            competitionSlug: competition,
            tierId: tier.id,
            tierName: tier.name,
            entries: tier.entries,
            currency: input.currency,
            subtotal,
            discount,
            total,
            couponId: coupon?.id ?? null,
            couponCode: coupon?.code ?? null,
            provider: total === 0 ? 'free' : gateway().provider(),
            testMode: gateway().testMode(),
          },
        });
        if (total === 0) await completePaid(order, { paidAt: now }, onCommit);
        return reload(order.id);
      });
      if (created.state === 'paid') return { order: await summary(created), checkoutUrl: null };

      let session: { sessionId: string; url: string };
      try {
        session = await gateway().createCheckout(created, user.email);
      } catch (error) {
        await this.markFailed(created, 'The payment service could not start a checkout.');
        throw error;
      }
      await orders().update({ where: { id: created.id }, data: { checkoutSessionId: session.sessionId } });
      return { order: await summary(await reload(created.id)), checkoutUrl: session.url };
    },

    /** pending → paid (inside the webhook's transaction). False when the order was not pending. */
    async markPaid(order: OrderRow, paid: { paymentIntentId?: string | null; paidAt?: Date } = {}): Promise<boolean> {
      return strapi.db.transaction(({ onCommit }) => completePaid(order, paid, onCommit));
    },

    /** pending → failed (declined, expired, or the checkout could not start). */
    async markFailed(order: OrderRow, reason: string): Promise<boolean> {
      return strapi.db.transaction(async () => {
        const { count } = await orders().updateMany({
          where: { id: order.id, state: 'pending' },
          data: { state: 'failed', failedAt: new Date(), failureReason: reason.slice(0, 255) },
        });
        if (count === 1) await notify(order.userId, msg('notice.paymentFailedTitle'), msg('notice.paymentFailed', { code: order.code, reason }), '/submit');
        return count === 1;
      });
    },

    /** paid → refunded: unused credits go back, a pending referral reward is reversed, the poet is told. */
    async markRefunded(order: OrderRow): Promise<boolean> {
      return strapi.db.transaction(async ({ onCommit }) => {
        const { count } = await orders().updateMany({ where: { id: order.id, state: 'paid' }, data: { state: 'refunded', refundedAt: new Date() } });
        if (count !== 1) return false;
        const row = await reload(order.id);
        const revoked = await getService(strapi, 'api::payment.credits').revokeForRefund(row);
        for (const listener of listeners) await listener.refunded?.(row);
        const refunded = revoked ? msg('notice.orderRefundedCredits', { code: row.code, count: revoked }) : msg('notice.orderRefunded', { code: row.code });
        await notify(row.userId, msg('notice.orderRefundedTitle'), refunded, '/submit');
        onCommit(() => void runInBackground(strapi, `refund mail of order ${row.code}`, () => getService(strapi, 'api::payment.receipts').orderRefunded(row)));
        return true;
      });
    },

    /** Admin refund: Stripe refunds the payment (in test-payments mode, through a signed test event). */
    async refund(code: string): Promise<OrderSummary> {
      const order = await this.findByCode(code);
      if (!order) throw new errors.NotFoundError(say(msg('order.notFound', { code })));
      if (order.state === 'refunded') throw new ApiError(409, msg('order.alreadyRefunded', { code }), {}, 'ConflictError');
      if (order.state !== 'paid') throw new ApiError(409, msg('order.onlyPaidRefunded', { code, state: order.state }), {}, 'ConflictError');
      if (order.total === 0) throw new ApiError(409, msg('order.free', { code }), {}, 'ConflictError');
      await gateway().refund(order);
      await this.markRefunded(order);
      return summary(await reload(order.id));
    },

    /** GET /api/payments/me?competition=: the poet's orders, and their credits of the month for that competition (poetry by default). */
    async mine(user: UserRow, competition: string = DEFAULT_COMPETITION): Promise<MyPayments> {
      const month = await saleMonth();
      const rows: OrderRow[] = await orders().findMany({ where: { userId: user.id }, orderBy: { createdAt: 'desc' }, limit: 20 });
      return {
        testMode: gateway().testMode(),
        month,
        credits: await getService(strapi, 'api::payment.credits').summary(user.id, month, competition),
        orders: await summaries(rows),
      };
    },

    /** An order its poet (or an admin) may see. */
    async visibleTo(user: UserRow, order: OrderRow | null, what: 'order.noSession' | 'order.noOrderWithCode'): Promise<OrderRow> {
      if (!order || (order.userId !== user.id && user.role?.type !== 'admin')) throw new errors.NotFoundError(say(what));
      return order;
    },

    async withPoets(rows: OrderRow[]): Promise<AdminOrder[]> {
      const ids = [...new Set(rows.map((r) => r.userId))];
      const poets: Person[] = await userRepository(strapi).byIds(ids, ['name', 'email']);
      const byId = new Map(poets.map((p) => [p.id, p]));
      const competitionOf = await competitionsOf(rows);
      return rows.map((row) => ({ ...toOrderSummary(row, competitionOf(row)), poet: byId.get(row.userId) ?? { id: row.userId, name: null, email: null } }));
    },
  };
};
