// Referrals: each poet's code, attribution of a new poet at their first sync (POST /api/users), and the reward
// the referrer earns when the referee's first paid order completes, held for the refund period.
import { randomInt } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { formatMoney, type Money, type MyReferrals, type PaymentSettings, type ReferralInvite, type ReferralStatus } from '@writory/shared';
import { isoOf } from '../../../lib/money-db';
import { earningRepository } from '../../earning/repository';
import { orderRepository, type OrderRow } from '../../payment/repository';
import { userRepository, type UserRow } from '../../user/repository';
import { getService } from '../../../services';
import { rewardFor } from '../lib/rewards';

export { rewardFor };
import type { RowOf } from '../../../lib/rows';
import { say, msg, type Message } from '../../../lib/messages';

const UID = 'api::referral.referral';
const DAY_MS = 86_400_000;
/** Only an account this new may be attributed (its first sync): an old account cannot pick a referrer later. */
export const ATTRIBUTION_WINDOW_MS = DAY_MS;
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERRAL_CODE = /^[2-9A-HJ-NP-Z]{8}$/;

type ReferralRow = RowOf<'api::referral.referral', { status: ReferralStatus }>;

/** "Asha Verse" → "As** V****"; an email → "as***@example.com". */
export function maskName(name: string | null, email: string | null): string {
  const word = (w: string) => (w.length <= 2 ? `${w[0]}*` : w.slice(0, 2) + '*'.repeat(Math.min(w.length - 2, 6)));
  if (name?.trim())
    return name
      .trim()
      .split(/\s+/)
      .map((w, i) => (i === 0 ? word(w) : `${w[0]}${'*'.repeat(Math.min(w.length - 1, 6))}`))
      .join(' ');
  if (email) {
    const [local, domain] = email.split('@');
    return `${local.slice(0, 2)}***@${domain ?? ''}`;
  }
  return 'A poet';
}

/** The reward rule in the reader's language ("10% of an invited poet’s first paid order, available 14 days after their payment"). */
export function describeRule(settings: PaymentSettings): string {
  const hold = settings.referralHoldDays ? say(msg('referral.hold', { days: settings.referralHoldDays })) : '';
  if (settings.referralRewardType === 'percent') return say(msg('referral.rulePercent', { percent: settings.referralRewardPercent, hold }));
  const amounts = settings.referralRewardFixed.map((m) => formatMoney(m.amount, m.currency)).join(say('referral.or'));
  return say(msg('referral.ruleFixed', { amounts: amounts || say('referral.ruleNothing'), hold }));
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const referrals = () => strapi.db.query(UID);
  const users = () => userRepository(strapi);
  const ledger = () => earningRepository(strapi);
  const settings = (): Promise<PaymentSettings> => getService(strapi, 'api::payment-setting.payment-setting').get();
  // Said in the recipient's language when stored (catalogue messages).
  const notify = (userId: number, title: Message, message: Message, link: string) =>
    getService(strapi, 'api::notification.notification').notify(userId, { title, message, link });

  /** The poet's referral code, made on first use (8 characters without look-alikes such as 0/O, 1/I). */
  async function codeFor(user: Pick<UserRow, 'id'> & { referralCode?: string | null }): Promise<string> {
    const current = user.referralCode ?? (await users().byId(user.id, ['referralCode']))?.referralCode;
    if (current) return current;
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
      if (await users().byReferralCode(code, [])) continue;
      if (await users().setReferralCodeIfUnset(user.id, code)) return code;
      return (await users().byId(user.id, ['referralCode']))?.referralCode as string;
    }
    throw new Error('could not find a free referral code');
  }

  /** True when following referrers up from `start` reaches `target` (a loop if target referred start). */
  async function chainReaches(start: number, target: number): Promise<boolean> {
    let current: number | null = start;
    for (let depth = 0; current !== null && depth < 100; depth++) {
      if (current === target) return true;
      const up: ReferralRow | null = await referrals().findOne({ where: { refereeId: current }, select: ['referrerId'] });
      current = up?.referrerId ?? null;
    }
    return false;
  }

  return {
    codeFor,

    /**
     * Attributes a new poet to the owner of `code`, at the first sync after sign-up. Returns why not, when not:
     * unknown code, self-referral, a loop, an account that is not new, or one already attributed.
     */
    async attributeAtSignUp(user: Pick<UserRow, 'id'>, rawCode: string): Promise<{ attributed: boolean; reason?: string }> {
      const code = rawCode.trim().toUpperCase();
      if (!REFERRAL_CODE.test(code)) return { attributed: false, reason: 'malformed code' };
      const referrer = await users().byReferralCode(code, ['name']);
      if (!referrer) return { attributed: false, reason: 'unknown code' };
      if (referrer.id === user.id) return { attributed: false, reason: 'self-referral' };
      const me = await users().byId(user.id, ['name', 'email', 'createdAt']);
      const createdAt = Date.parse(isoOf(me?.createdAt) ?? '');
      if (!me || !(Date.now() - createdAt <= ATTRIBUTION_WINDOW_MS)) return { attributed: false, reason: 'account is not new' };
      if (await referrals().findOne({ where: { refereeId: user.id } })) return { attributed: false, reason: 'already attributed' };
      if (await chainReaches(referrer.id, user.id)) return { attributed: false, reason: 'loop' };
      try {
        await strapi.db.transaction(async () => {
          await referrals().create({ data: { referrerId: referrer.id, refereeId: user.id, code, status: 'signed_up' } });
          await notify(referrer.id, msg('notice.referralJoinedTitle'), msg('notice.referralJoined', { name: maskName(me.name, me.email) }), '/referrals');
        });
      } catch {
        return { attributed: false, reason: 'already attributed' };
      }
      return { attributed: true };
    },

    /** Inside the transaction that marks the order paid: rewards the referrer of a poet's first paid order. */
    async rewardFirstPaidOrder(order: OrderRow, paidAt: Date): Promise<void> {
      const referral: ReferralRow | null = await referrals().findOne({ where: { refereeId: order.userId, status: 'signed_up' } });
      if (!referral) return;
      const earlier = await orderRepository(strapi).countOtherPaid(order.userId, order.id);
      if (earlier > 0) return;
      const rules = await settings();
      const amount = rewardFor(order, rules);
      if (amount <= 0) return;
      const availableAt = new Date(paidAt.getTime() + rules.referralHoldDays * DAY_MS);
      await ledger().add({
        userId: referral.referrerId,
        currency: order.currency,
        amount,
        kind: 'referral_reward',
        availableAt,
        referralId: referral.id,
        orderId: order.id,
        testMode: Boolean(order.testMode),
      });
      await referrals().update({ where: { id: referral.id }, data: { status: 'rewarded', rewardOrderId: order.id } });
      const reward = formatMoney(amount, order.currency);
      const message = rules.referralHoldDays
        ? msg('notice.referralRewardLater', { amount: reward, on: availableAt.toISOString().slice(0, 10) })
        : msg('notice.referralRewardNow', { amount: reward });
      await notify(referral.referrerId, msg('notice.referralRewardTitle'), message, '/earnings');
    },

    /** A refund inside the holding period takes the pending reward back (same availableAt, so it nets to zero). */
    async reverseForRefund(order: OrderRow): Promise<void> {
      const referral: ReferralRow | null = await referrals().findOne({ where: { rewardOrderId: order.id, status: 'rewarded' } });
      if (!referral) return;
      const reward = await ledger().forOrder('referral_reward', order.id);
      if (!reward || Date.parse(isoOf(reward.availableAt)!) <= Date.now()) return; // after the hold, a reward stays
      await ledger().add({
        userId: reward.userId,
        currency: reward.currency,
        amount: -reward.amount,
        kind: 'referral_reversal',
        availableAt: reward.availableAt,
        referralId: referral.id,
        orderId: order.id,
        testMode: Boolean(reward.testMode),
      });
      await referrals().update({ where: { id: referral.id }, data: { status: 'reversed' } });
      await notify(
        reward.userId,
        msg('notice.referralReversedTitle'),
        msg('notice.referralReversed', { amount: formatMoney(reward.amount, reward.currency) }),
        '/earnings',
      );
    },

    async mine(user: UserRow & { referralCode?: string | null }): Promise<MyReferrals> {
      const [code, rules] = await Promise.all([codeFor(user), settings()]);
      const rows: ReferralRow[] = await referrals().findMany({ where: { referrerId: user.id }, orderBy: { createdAt: 'desc' }, limit: 500 });
      const ids = rows.map((r) => r.refereeId);
      const people = await users().byIds(ids, ['name', 'email']);
      const rewards = ids.length
        ? await ledger().forReferrals(
            'referral_reward',
            rows.map((r) => r.id),
          )
        : [];
      return {
        testMode: getService(strapi, 'api::payment.gateway').testMode(),
        code,
        path: `/join?${new URLSearchParams({ ref: code })}`,
        rewardRule: describeRule(rules),
        holdDays: rules.referralHoldDays,
        referrals: rows.map((row) => {
          const person = people.find((p: { id: number }) => p.id === row.refereeId);
          const reward = rewards.find((r) => r.referralId === row.id);
          return {
            name: maskName(person?.name ?? null, person?.email ?? null),
            joinedAt: isoOf(row.createdAt)!,
            status: row.status,
            reward: reward ? ({ currency: reward.currency, amount: reward.amount } as Money) : null,
            rewardAvailableAt: reward ? isoOf(reward.availableAt) : null,
          };
        }),
      };
    },

    async invite(rawCode: string): Promise<ReferralInvite> {
      const code = rawCode.trim().toUpperCase();
      const inviter = REFERRAL_CODE.test(code) ? await users().byReferralCode(code, ['name', 'email']) : null;
      if (!inviter) throw new errors.NotFoundError(say('referral.invalidCode'));
      return { code, inviter: maskName(inviter.name, inviter.email) };
    },
  };
};
