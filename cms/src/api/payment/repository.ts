// The payment domain's tables (issue 36): orders, their events, tiers, coupons and entry credits. Other domains
// read orders through these functions, and hear of an order paid or refunded through an OrderListener (the
// referral rewards), so payment never calls back into them.
import type { Core } from '@strapi/strapi';
import type { CurrencyCode, OrderState, PaymentProvider } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const ORDER = 'api::payment.order' as const;

export type OrderRow = RowOf<typeof ORDER, { state: OrderState; currency: CurrencyCode; provider: PaymentProvider }>;

/**
 * What another domain does inside the transaction that changes an order (registered with
 * `getService(strapi, 'api::payment.orders').listen(…)` from that domain's bootstrap). A listener that throws
 * undoes the change.
 */
export interface OrderListener {
  /** The order (total above zero) was just marked paid. */
  paid?(order: OrderRow, paidAt: Date): Promise<void>;
  /** The order was just marked refunded. */
  refunded?(order: OrderRow): Promise<void>;
}

export function orderRepository(strapi: Core.Strapi) {
  const orders = () => strapi.db.query(ORDER);
  return {
    /** How many of the poet's orders other than this one were paid (or paid and then refunded) for more than nothing. */
    async countOtherPaid(userId: number, exceptOrderId: number): Promise<number> {
      return orders().count({ where: { userId, state: { $in: ['paid', 'refunded'] }, total: { $gt: 0 }, id: { $ne: exceptOrderId } } });
    },
  };
}
