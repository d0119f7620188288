// Receipt and payout emails, sent after the change they report has committed. A mail failure is logged and
// never undoes the payment.
import type { Core } from '@strapi/strapi';
import { competitionTitle, DEFAULT_COMPETITION, formatMoney, monthName, type CurrencyCode } from '@writory/shared';
import type { OrderRow } from './orders';
import { getService } from '../../../services';
import { userRepository } from '../../user/repository';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function send(userId: number, subject: string, lines: string[], testMode: boolean): Promise<boolean> {
    const user = await userRepository(strapi).byId(userId, ['email', 'name']);
    if (!user?.email) return false;
    const body = [
      `Hello ${user.name ?? 'poet'},`,
      '',
      ...lines,
      '',
      testMode ? 'TEST MODE: no money moved; this receipt is for testing.' : '',
      '— Writory',
    ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
    try {
      await strapi
        .plugin('email')
        .service('email')
        .send({
          to: user.email,
          subject: `${testMode ? '[TEST MODE] ' : ''}${subject}`,
          text: body.join('\n'),
          html: body.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''),
        });
      return true;
    } catch (error) {
      strapi.log.warn(`email "${subject}" to user ${userId} failed: ${(error as Error).message}`);
      return false;
    }
  }

  /** "Story Competition": the competition the order's credits are for (Poetry for orders from before competitions). */
  async function competitionOf(order: OrderRow): Promise<string> {
    const slug = order.competitionSlug || DEFAULT_COMPETITION;
    const ref = (await getService(strapi, 'api::competition.competition').refs([slug])).get(slug);
    return competitionTitle(ref?.name ?? slug);
  }

  const amountLines = (order: OrderRow, competition: string) => {
    const money = (amount: number) => formatMoney(amount, order.currency);
    return [
      `Order: ${order.code}`,
      `Competition: ${competition}`,
      `Tier: ${order.tierName} (${order.entries} ${order.entries === 1 ? 'entry' : 'entries'} for ${monthName(order.month)})`,
      `Price: ${money(order.subtotal)}`,
      ...(order.discount ? [`Coupon ${order.couponCode}: -${money(order.discount)}`] : []),
      `Total paid: ${money(order.total)}`,
    ];
  };

  return {
    async orderPaid(order: OrderRow): Promise<void> {
      const competition = await competitionOf(order);
      const sent = await send(
        order.userId,
        `Your Writory receipt ${order.code}: ${competition}`,
        [`Thank you for entering the Writory ${competition}.`, 'Your receipt:', '', ...amountLines(order, competition)],
        order.provider === 'stripe_test',
      );
      if (sent) await strapi.db.query('api::payment.order').update({ where: { id: order.id }, data: { receiptSentAt: new Date() } });
    },

    async orderRefunded(order: OrderRow): Promise<void> {
      await send(
        order.userId,
        `Refund of Writory order ${order.code}`,
        [`We refunded ${formatMoney(order.total, order.currency)} for order ${order.code}.`, '', ...amountLines(order, await competitionOf(order))],
        order.provider === 'stripe_test',
      );
    },

    async withdrawal(userId: number, subject: string, message: string, amount: { amount: number; currency: CurrencyCode }): Promise<void> {
      await send(userId, subject, [message, `Amount: ${formatMoney(amount.amount, amount.currency)}`], getService(strapi, 'api::payment.gateway').testMode());
    },
  };
};
