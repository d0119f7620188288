// Receipt and payout emails, sent after the change they report has committed. A mail failure is logged and
// never undoes the payment.
import type { Core } from '@strapi/strapi';
import { competitionTitle, DEFAULT_COMPETITION, formatMoney, monthName, type CurrencyCode } from '@writory/shared';
import type { OrderRow } from './orders';
import { getService } from '../../../services';
import { userRepository } from '../../user/repository';
import { isLocale, isMessage, monthIn, msg, say, type Message } from '../../../lib/messages';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** Sends in the recipient's language (their profile's; English when they chose none). */
  async function send(userId: number, subject: string | Message, lines: (string | Message)[], testMode: boolean): Promise<boolean> {
    const user = await userRepository(strapi).byId(userId, ['email', 'name', 'preferredLocale']);
    if (!user?.email) return false;
    const locale = isLocale(user.preferredLocale) ? user.preferredLocale : 'en';
    const words = (line: string | Message) => (isMessage(line) ? say(line, locale) : line);
    const body = [
      say(msg('receipt.hello', { name: user.name ?? msg('receipt.poet') }), locale),
      '',
      ...lines.map(words),
      '',
      testMode ? say('receipt.testMode', locale) : '',
      say('mail.signature', locale),
    ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
    const title = testMode ? say(msg('receipt.testSubject', { subject: words(subject) }), locale) : words(subject);
    try {
      await strapi
        .plugin('email')
        .service('email')
        .send({
          to: user.email,
          subject: title,
          text: body.join('\n'),
          html: body.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''),
        });
      return true;
    } catch (error) {
      strapi.log.warn(`email "${title}" to user ${userId} failed: ${(error as Error).message}`);
      return false;
    }
  }

  /** "Story Competition": the competition the order's credits are for (Poetry for orders from before competitions). */
  async function competitionOf(order: OrderRow): Promise<string> {
    const slug = order.competitionSlug || DEFAULT_COMPETITION;
    const ref = (await getService(strapi, 'api::competition.competition').refs([slug])).get(slug);
    return competitionTitle(ref?.name ?? slug);
  }

  /** The order's lines; the month in the recipient's words (said where the language is known). */
  const amountLines = (order: OrderRow, competition: string, locale: Parameters<typeof monthIn>[1]): Message[] => {
    const money = (amount: number) => formatMoney(amount, order.currency);
    return [
      msg('receipt.order', { code: order.code }),
      msg('receipt.competition', { competition }),
      msg('receipt.tier', { tier: order.tierName, entries: order.entries, month: locale === 'en' ? monthName(order.month) : monthIn(order.month, locale) }),
      msg('receipt.price', { amount: money(order.subtotal) }),
      ...(order.discount ? [msg('receipt.coupon', { code: order.couponCode ?? '', amount: money(order.discount) })] : []),
      msg('receipt.total', { amount: money(order.total) }),
    ];
  };
  const languageOf = async (userId: number) => {
    const user = await userRepository(strapi).byId(userId, ['preferredLocale']);
    return isLocale(user?.preferredLocale) ? user.preferredLocale : 'en';
  };

  return {
    async orderPaid(order: OrderRow): Promise<void> {
      const competition = await competitionOf(order);
      const sent = await send(
        order.userId,
        msg('receipt.paidSubject', { code: order.code, competition }),
        [msg('receipt.thanks', { competition }), '', ...amountLines(order, competition, await languageOf(order.userId))],
        order.provider === 'stripe_test',
      );
      if (sent) await strapi.db.query('api::payment.order').update({ where: { id: order.id }, data: { receiptSentAt: new Date() } });
    },

    async orderRefunded(order: OrderRow): Promise<void> {
      await send(
        order.userId,
        msg('receipt.refundSubject', { code: order.code }),
        [
          msg('receipt.refunded', { amount: formatMoney(order.total, order.currency), code: order.code }),
          '',
          ...amountLines(order, await competitionOf(order), await languageOf(order.userId)),
        ],
        order.provider === 'stripe_test',
      );
    },

    async withdrawal(userId: number, subject: Message, message: Message, amount: { amount: number; currency: CurrencyCode }): Promise<void> {
      const lines = [message, msg('mail.amount', { amount: formatMoney(amount.amount, amount.currency) })];
      await send(userId, subject, lines, getService(strapi, 'api::payment.gateway').testMode());
    },
  };
};
