// Earnings: a ledger of signed amounts per poet and currency. A row counts as available from its availableAt
// (a referral reward after the holding period; debits at once); balances are sums in SQL, never stored.
// Rows earned through test payments (testMode) are kept apart: they are shown, labelled, and never withdrawable.
import type { Core } from '@strapi/strapi';
import { formatMoney, type CurrencyCode, type LedgerKind, type LedgerRow, type MyEarnings } from '@writory/shared';
import { integerSum, isoOf, knexOf, tableOf } from '../../../lib/money-db';
import { getService } from '../../../services';
import { EARNING as UID, type EarningRow } from '../repository';

const DESCRIPTIONS: Record<LedgerKind, string> = {
  referral_reward: 'Referral reward',
  referral_reversal: 'Referral reward reversed (order refunded)',
  withdrawal: 'Withdrawal requested',
  withdrawal_returned: 'Withdrawal rejected: amount returned',
};

type Balance = { currency: CurrencyCode; available: number; pending: number };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * Available and pending balance per currency, at `now`, of real money (or, with `testMode`, of test-payment rows
   * only). Runs in the caller's transaction when there is one.
   */
  async function balances(userId: number, now = new Date(), testMode = false): Promise<Balance[]> {
    const knex = await knexOf(strapi);
    const rows = await knex(tableOf(strapi, UID))
      .where({ user_id: userId })
      .where((q: any) => (testMode ? q.where('test_mode', true) : q.where('test_mode', false).orWhereNull('test_mode')))
      .groupBy('currency')
      .orderBy('currency')
      .select(
        'currency',
        knex.raw('coalesce(sum(case when available_at <= ? then amount else 0 end), 0) as available', [now]),
        knex.raw('coalesce(sum(case when available_at > ? then amount else 0 end), 0) as pending', [now]),
      );
    return rows.map((row: { currency: CurrencyCode; available: unknown; pending: unknown }) => ({
      currency: row.currency,
      available: integerSum(row.available),
      pending: integerSum(row.pending),
    }));
  }

  return {
    balances,

    /** What the poet may withdraw now: real money only, never test-payment rewards. */
    async available(userId: number, currency: CurrencyCode, now = new Date()): Promise<number> {
      return (await balances(userId, now)).find((b) => b.currency === currency)?.available ?? 0;
    },

    async ledger(userId: number): Promise<LedgerRow[]> {
      const rows: EarningRow[] = await strapi.db.query(UID).findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: 500 });
      return rows.map((row) => ({
        id: row.id,
        currency: row.currency,
        amount: row.amount,
        kind: row.kind,
        description: DESCRIPTIONS[row.kind] ?? row.kind,
        createdAt: isoOf(row.createdAt)!,
        availableAt: isoOf(row.availableAt)!,
        testMode: Boolean(row.testMode),
      }));
    },

    async mine(userId: number): Promise<MyEarnings> {
      const [settings, balanceRows, testBalances, ledger, withdrawals] = await Promise.all([
        getService(strapi, 'api::payment-setting.payment-setting').get(),
        balances(userId),
        balances(userId, new Date(), true),
        this.ledger(userId),
        getService(strapi, 'api::earning.withdrawals').mine(userId),
      ]);
      return {
        testMode: getService(strapi, 'api::payment.gateway').testMode(),
        balances: balanceRows,
        testBalances,
        ledger,
        withdrawals,
        minimums: settings.withdrawalMinimums,
        methods: settings.payoutMethods,
      };
    },

    describe: (amount: number, currency: CurrencyCode) => formatMoney(amount, currency),
  };
};
