// Withdrawals: the balance is checked and debited in one transaction, under a per-poet lock, so concurrent
// requests can never overdraw it. Admins approve, mark paid with a reference, or reject with a reason (the
// money returns to the balance as a ledger row).
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  formatMoney,
  type AdminWithdrawal,
  type CurrencyCode,
  type PayoutDetails,
  type PayoutMethod,
  type Withdrawal,
  type WithdrawalStatus,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { runInBackground } from '../../../lib/background';
import { LOCK, isoOf, lockFor } from '../../../lib/money-db';
import { userRepository, type Person, type UserRow } from '../../user/repository';
import type { WithdrawalInputParsed } from '../validation/withdrawal';
import { getService } from '../../../services';
import type { RowOf } from '../../../lib/rows';
import { msg, say, type Message } from '../../../lib/messages';

const UID = 'api::earning.withdrawal';
const EARNING = 'api::earning.earning';

type WithdrawalRow = RowOf<'api::earning.withdrawal', { currency: CurrencyCode; method: PayoutMethod; details: PayoutDetails; status: WithdrawalStatus }>;

const METHOD_LABEL: Record<PayoutMethod, string> = { upi: 'UPI', bank: 'Bank transfer', paypal: 'PayPal' };

const maskEmailLike = (value: string) => {
  const [local, domain] = value.split('@');
  return `${local.slice(0, 2)}***@${domain ?? ''}`;
};

export function destinationOf(method: PayoutMethod, details: PayoutDetails): string {
  if (method === 'upi') return `UPI ${maskEmailLike(details.upiId ?? '')}`;
  if (method === 'paypal') return `PayPal ${maskEmailLike(details.paypalEmail ?? '')}`;
  return `Bank account ••••${(details.accountNumber ?? '').slice(-4)} (${details.bankCode ?? ''})`;
}

const conflict = (message: Message) => new ApiError(409, message, {}, 'ConflictError');
const fieldError = (status: number, path: string, message: Message) =>
  new ApiError(
    status,
    message,
    { errors: [{ path: [path], message: say(message), name: 'ValidationError' }] },
    status === 409 ? 'ConflictError' : 'ValidationError',
  );

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const withdrawals = () => strapi.db.query(UID);
  // Said in the recipient's language when stored (catalogue messages).
  const notify = (userId: number, title: Message, message: Message) =>
    getService(strapi, 'api::notification.notification').notify(userId, { title, message, link: '/earnings' });
  const money = (row: Pick<WithdrawalRow, 'amount' | 'currency'>) => formatMoney(row.amount, row.currency);

  const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
    id: row.id,
    currency: row.currency,
    amount: row.amount,
    method: row.method,
    destination: destinationOf(row.method, row.details ?? {}),
    status: row.status,
    reference: row.reference ?? null,
    rejectReason: row.rejectReason ?? null,
    createdAt: isoOf(row.createdAt)!,
    decidedAt: isoOf(row.decidedAt),
  });

  async function toAdmin(rows: WithdrawalRow[]): Promise<AdminWithdrawal[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const poets: Person[] = await userRepository(strapi).byIds(ids, ['name', 'email']);
    return rows.map((row) => ({
      ...toWithdrawal(row),
      details: row.details,
      poet: poets.find((p) => p.id === row.userId) ?? { id: row.userId, name: null, email: null },
    }));
  }

  /** Moves a withdrawal from one of `from` to `to`, once (a conditional update); 409 when it is not in `from`. */
  async function transition(id: number, from: WithdrawalStatus[], data: Record<string, unknown>, admin: UserRow): Promise<WithdrawalRow> {
    const row: WithdrawalRow | null = await withdrawals().findOne({ where: { id } });
    if (!row) throw new errors.NotFoundError(say(msg('withdrawal.notFound', { id })));
    const { count } = await withdrawals().updateMany({ where: { id, status: { $in: from } }, data: { ...data, decidedBy: admin.id, decidedAt: new Date() } });
    if (count !== 1) {
      const now: WithdrawalRow = await withdrawals().findOne({ where: { id } });
      const allowed = from.length === 2 ? msg('list.or', { first: from[0], last: from[1] }) : from.join(', ');
      throw conflict(msg('withdrawal.wrongState', { id, status: now.status, allowed }));
    }
    return withdrawals().findOne({ where: { id } });
  }

  return {
    async mine(userId: number): Promise<Withdrawal[]> {
      const rows: WithdrawalRow[] = await withdrawals().findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: 200 });
      return rows.map(toWithdrawal);
    },

    /** A payout request: 422 below the minimum or for a method that is off, 409 above the available balance. */
    async request(user: UserRow, input: WithdrawalInputParsed): Promise<Withdrawal> {
      const settings = await getService(strapi, 'api::payment-setting.payment-setting').get();
      if (!settings.payoutMethods.includes(input.method)) throw fieldError(422, 'method', msg('withdrawal.methodOff', { method: METHOD_LABEL[input.method] }));
      const minimum = getService(strapi, 'api::payment-setting.payment-setting').minimumFor(settings, input.currency);
      if (input.amount < minimum) throw fieldError(422, 'amount', msg('withdrawal.minimum', { amount: formatMoney(minimum, input.currency) }));

      const row: WithdrawalRow = await strapi.db.transaction(async () => {
        await lockFor(strapi, LOCK.userMoney, user.id);
        const available = await getService(strapi, 'api::earning.earnings').available(user.id, input.currency);
        if (input.amount > available) {
          throw fieldError(
            409,
            'amount',
            msg('withdrawal.moreThanAvailable', { asked: formatMoney(input.amount, input.currency), available: formatMoney(available, input.currency) }),
          );
        }
        const created: WithdrawalRow = await withdrawals().create({
          data: { userId: user.id, currency: input.currency, amount: input.amount, method: input.method, details: input.details, status: 'requested' },
        });
        await strapi.db.query(EARNING).create({
          data: { userId: user.id, currency: input.currency, amount: -input.amount, kind: 'withdrawal', availableAt: new Date(), withdrawalId: created.id },
        });
        await notify(
          user.id,
          msg('notice.withdrawalRequestedTitle'),
          msg('notice.withdrawalRequested', { amount: money(created), method: METHOD_LABEL[created.method] }),
        );
        return created;
      });
      const admins = await userRepository(strapi).withRole('admin', []);
      await getService(strapi, 'api::notification.notification').notifyMany(
        admins.map((a: { id: number }) => ({
          userId: a.id,
          notification: {
            title: msg('notice.withdrawalNewTitle'),
            message: msg('notice.withdrawalNew', { amount: money(row), method: METHOD_LABEL[row.method] }),
            link: '/admin-withdrawal-management',
          },
        })),
      );
      return toWithdrawal(row);
    },

    async adminList(status?: WithdrawalStatus): Promise<AdminWithdrawal[]> {
      const rows: WithdrawalRow[] = await withdrawals().findMany({
        where: status ? { status } : {},
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        limit: 500,
      });
      return toAdmin(rows);
    },

    async approve(id: number, admin: UserRow): Promise<AdminWithdrawal> {
      const row = await strapi.db.transaction(async () => {
        const changed = await transition(id, ['requested'], { status: 'approved' }, admin);
        await notify(changed.userId, msg('notice.withdrawalApprovedTitle'), msg('notice.withdrawalApproved', { amount: money(changed) }));
        return changed;
      });
      return (await toAdmin([row]))[0];
    },

    async markPaid(id: number, admin: UserRow, reference: string): Promise<AdminWithdrawal> {
      const row = await strapi.db.transaction(async () => {
        const changed = await transition(id, ['approved'], { status: 'paid', reference }, admin);
        await notify(
          changed.userId,
          msg('notice.withdrawalPaidTitle'),
          msg('notice.withdrawalPaid', { amount: money(changed), destination: destinationOf(changed.method, changed.details), reference }),
        );
        return changed;
      });
      void runInBackground(strapi, `payout mail of withdrawal ${row.id}`, () =>
        getService(strapi, 'api::payment.receipts').withdrawal(
          row.userId,
          msg('mail.withdrawalPaidSubject'),
          msg('mail.withdrawalPaid', { destination: destinationOf(row.method, row.details), reference }),
          row,
        ),
      );
      return (await toAdmin([row]))[0];
    },

    /** Rejects a request that is not yet paid; its amount returns to the poet's available balance. */
    async reject(id: number, admin: UserRow, reason: string): Promise<AdminWithdrawal> {
      const row = await strapi.db.transaction(async () => {
        const changed = await transition(id, ['requested', 'approved'], { status: 'rejected', rejectReason: reason }, admin);
        await strapi.db.query(EARNING).create({
          data: {
            userId: changed.userId,
            currency: changed.currency,
            amount: changed.amount,
            kind: 'withdrawal_returned',
            availableAt: new Date(),
            withdrawalId: changed.id,
          },
        });
        await notify(changed.userId, msg('notice.withdrawalRejectedTitle'), msg('notice.withdrawalRejected', { amount: money(changed), reason }));
        return changed;
      });
      void runInBackground(strapi, `rejection mail of withdrawal ${row.id}`, () =>
        getService(strapi, 'api::payment.receipts').withdrawal(
          row.userId,
          msg('mail.withdrawalRejectedSubject'),
          msg('mail.withdrawalRejected', { reason }),
          row,
        ),
      );
      return (await toAdmin([row]))[0];
    },
  };
};
