// The earning domain's tables (issue 36): the ledger of what poets earn (referral rewards, reversals, payouts) and
// their withdrawals. Other domains write and read the ledger through these functions.
import type { Core } from '@strapi/strapi';
import type { CurrencyCode, LedgerKind } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const EARNING = 'api::earning.earning' as const;
export const WITHDRAWAL = 'api::earning.withdrawal' as const;

export type EarningRow = RowOf<typeof EARNING, { currency: CurrencyCode; kind: LedgerKind }>;
/** A new line of the ledger. */
export type NewEarning = Pick<EarningRow, 'userId' | 'currency' | 'amount' | 'kind'> &
  Partial<Pick<EarningRow, 'referralId' | 'orderId' | 'withdrawalId' | 'testMode'>> & { availableAt: Date | string };

export function earningRepository(strapi: Core.Strapi) {
  const earnings = () => strapi.db.query(EARNING);
  return {
    async add(data: NewEarning): Promise<EarningRow> {
      return earnings().create({ data });
    },

    /** The ledger line of this kind for this order (a referral reward), if any. */
    async forOrder(kind: LedgerKind, orderId: number): Promise<EarningRow | null> {
      return earnings().findOne({ where: { kind, orderId } });
    },

    /** The ledger lines of this kind for these referrals. */
    async forReferrals(kind: LedgerKind, referralIds: readonly number[]): Promise<EarningRow[]> {
      if (referralIds.length === 0) return [];
      return earnings().findMany({ where: { kind, referralId: { $in: [...referralIds] } } });
    },
  };
}
